// A small, strict XML reader for pronunciation lexicons (no XML library is installed, and a
// lexicon needs little): elements, attributes, text, entities (&amp; &lt; &gt; &quot;
// &apos; and numeric), comments, CDATA, processing instructions and the XML declaration.
// Any DOCTYPE is refused (entity definitions are how "billion laughs" and external-entity
// files attack parsers); only the five predefined and numeric entities are read. Errors name
// the line.
import { TextInputError } from './errors.js'

export interface XmlElement {
  kind: 'element'
  name: string
  attributes: ReadonlyMap<string, string>
  children: XmlNode[]
  line: number
}

export interface XmlText {
  kind: 'text'
  text: string
  line: number
}

export type XmlNode = XmlElement | XmlText

const NAME = /[\p{L}_:][\p{L}\p{N}_:.-]*/uy
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/y
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

export function parseXml(source: string): XmlElement {
  const reader = new XmlReader(source.startsWith('\uFEFF') ? source.slice(1) : source)
  return reader.document()
}

class XmlReader {
  private pos = 0
  private readonly lineStarts: number[] = [0]

  constructor(private readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === '\n') this.lineStarts.push(i + 1)
  }

  document(): XmlElement {
    const stack: XmlElement[] = []
    let root: XmlElement | undefined
    const src = this.src
    while (this.pos < src.length) {
      const at = this.pos
      if (src.startsWith('<!--', at)) {
        this.pos = this.find('-->', at + 4, 'a comment is not closed (missing -->)', at) + 3
      } else if (src.startsWith('<![CDATA[', at)) {
        const end = this.find(']]>', at + 9, 'a CDATA section is not closed (missing ]]>)', at)
        const parent = stack[stack.length - 1]
        if (!parent) throw this.error('CDATA outside the root element', at)
        parent.children.push({ kind: 'text', text: src.slice(at + 9, end), line: this.line(at) })
        this.pos = end + 3
      } else if (/^<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.test(src.slice(at, at + 9))) {
        // No document type definitions at all: entity declarations are how "billion laughs"
        // and external-entity files attack parsers, and a lexicon never needs one.
        throw this.error('a DOCTYPE or entity declaration is not accepted in a dictionary file', at)
      } else if (src.startsWith('<?', at)) {
        const end = this.find('?>', at + 2, 'a processing instruction is not closed (missing ?>)', at)
        if (/^<\?xml[\s?]/i.test(src.slice(at, at + 6)) && src.slice(0, at).trim() !== '') {
          throw this.error('the XML declaration must be at the start of the file', at)
        }
        this.pos = end + 2
      } else if (src.startsWith('</', at)) {
        this.pos = at + 2
        const name = this.name()
        this.skipSpace()
        if (src[this.pos] !== '>')
          throw this.error(`the closing tag </${name}> is not closed with ">"`, this.pos)
        this.pos++
        const open = stack.pop()
        if (!open) throw this.error(`unexpected closing tag </${name}>`, at)
        if (open.name !== name) {
          throw this.error(`expected </${open.name}> (opened on line ${open.line}) but found </${name}>`, at)
        }
      } else if (src[at] === '<') {
        if (root && stack.length === 0) throw this.error('content after the root element', at)
        const [element, selfClosing] = this.startTag()
        const parent = stack[stack.length - 1]
        if (parent) parent.children.push(element)
        else root = element
        if (!selfClosing) stack.push(element)
      } else {
        const next = src.indexOf('<', at)
        const end = next < 0 ? src.length : next
        const text = this.decode(src.slice(at, end), at)
        const parent = stack[stack.length - 1]
        if (parent) parent.children.push({ kind: 'text', text, line: this.line(at) })
        else if (text.trim() !== '') throw this.error('text outside the root element', at)
        this.pos = end
      }
    }
    const open = stack.pop()
    if (open)
      throw this.error(`the element <${open.name}> opened on line ${open.line} is not closed`, src.length)
    if (!root) throw this.error('the file has no root element', 0)
    return root
  }

  private startTag(): [XmlElement, boolean] {
    const at = this.pos
    this.pos++
    const name = this.name()
    const attributes = new Map<string, string>()
    for (;;) {
      const hadSpace = this.skipSpace()
      const ch = this.src[this.pos]
      if (ch === '>' || (ch === '/' && this.src[this.pos + 1] === '>')) {
        this.pos += ch === '>' ? 1 : 2
        return [{ kind: 'element', name, attributes, children: [], line: this.line(at) }, ch === '/']
      }
      if (ch === undefined) throw this.error(`the tag <${name}> is not closed`, at)
      if (!hadSpace) throw this.error(`unexpected "${ch}" in the tag <${name}>`, this.pos)
      const attrAt = this.pos
      const attr = this.name()
      this.skipSpace()
      if (this.src[this.pos] !== '=')
        throw this.error(`the attribute ${attr} of <${name}> has no value`, attrAt)
      this.pos++
      this.skipSpace()
      const quote = this.src[this.pos]
      if (quote !== '"' && quote !== "'") throw this.error(`the value of ${attr} must be quoted`, this.pos)
      const end = this.src.indexOf(quote, this.pos + 1)
      if (end < 0) throw this.error(`the value of ${attr} is not closed`, this.pos)
      const raw = this.src.slice(this.pos + 1, end)
      if (raw.includes('<')) throw this.error(`"<" in the value of ${attr}`, this.pos)
      if (attributes.has(attr)) throw this.error(`the attribute ${attr} appears twice in <${name}>`, attrAt)
      attributes.set(attr, this.decode(raw, this.pos + 1))
      this.pos = end + 1
    }
  }

  private name(): string {
    NAME.lastIndex = this.pos
    const m = NAME.exec(this.src)
    if (!m) throw this.error('a tag or attribute name was expected', this.pos)
    this.pos += m[0].length
    return m[0]
  }

  private skipSpace(): boolean {
    const start = this.pos
    while (this.pos < this.src.length && /[ \t\r\n]/.test(this.src[this.pos] ?? '')) this.pos++
    return this.pos > start
  }

  private decode(raw: string, offset: number): string {
    if (!raw.includes('&')) return raw
    let out = ''
    let i = 0
    while (i < raw.length) {
      const amp = raw.indexOf('&', i)
      if (amp < 0) break
      out += raw.slice(i, amp)
      ENTITY.lastIndex = amp
      const m = ENTITY.exec(raw)
      const body = m?.[1]
      if (!m || body === undefined)
        throw this.error('a "&" that is not an entity (write &amp;)', offset + amp)
      out += this.entity(body, offset + amp)
      i = amp + m[0].length
    }
    return out + raw.slice(i)
  }

  private entity(body: string, at: number): string {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10)
      const valid =
        code === 0x9 ||
        code === 0xa ||
        code === 0xd ||
        (code >= 0x20 && code <= 0xd7ff) ||
        (code >= 0xe000 && code <= 0xfffd) ||
        (code >= 0x10000 && code <= 0x10ffff)
      if (!valid) throw this.error(`&${body}; is not a valid character`, at)
      return String.fromCodePoint(code)
    }
    const named = NAMED[body]
    if (named === undefined) throw this.error(`unknown entity &${body};`, at)
    return named
  }

  private find(needle: string, from: number, message: string, at: number): number {
    const index = this.src.indexOf(needle, from)
    if (index < 0) throw this.error(message, at)
    return index
  }

  private line(index: number): number {
    let lo = 0
    let hi = this.lineStarts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((this.lineStarts[mid] ?? 0) <= index) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }

  private error(message: string, index: number): TextInputError {
    const line = this.line(index)
    return new TextInputError('invalid_lexicon', `Malformed XML on line ${line}: ${message}.`, line)
  }
}

/** Text content of an element (text and CDATA of its descendants). */
export function textOf(element: XmlElement): string {
  return element.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('')
}

/** Local name without a namespace prefix ("pls:lexeme" -> "lexeme"). */
export function localName(name: string): string {
  const colon = name.lastIndexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}
