// XML for pronunciation lexicons, read with saxes (a strict, well-kept XML 1.0 parser) into a
// small element tree: elements, attributes, text (entities decoded) and CDATA; comments and
// processing instructions are skipped. Any DOCTYPE is refused before its content is read
// (entity definitions are how "billion laughs" and external-entity files attack parsers), so
// only the five predefined and numeric entities exist; any other entity is an error.
// Errors are TextInputError('invalid_lexicon') naming the line.
import { SaxesParser } from 'saxes'
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

/** A refusal of ours, raised from inside a saxes handler. */
class Refusal extends Error {}

export function parseXml(source: string): XmlElement {
  const text = source.startsWith('\uFEFF') ? source.slice(1) : source
  const parser = new SaxesParser({ position: true })
  const stack: XmlElement[] = []
  let root: XmlElement | undefined
  const fail = (message: string, line = parser.line): never => {
    throw new TextInputError('invalid_lexicon', `Malformed XML on line ${line}: ${message}.`, line)
  }
  parser.on('doctype', () => {
    throw new Refusal('a DOCTYPE or entity declaration is not accepted in a dictionary file')
  })
  parser.on('opentag', (tag) => {
    const attributes = new Map<string, string>()
    for (const [name, value] of Object.entries(tag.attributes)) attributes.set(name, String(value))
    const element: XmlElement = {
      kind: 'element',
      name: tag.name,
      attributes,
      children: [],
      line: parser.line,
    }
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push(element)
    else root = element
    stack.push(element)
  })
  parser.on('closetag', () => {
    stack.pop()
  })
  const addText = (value: string): void => {
    const parent = stack[stack.length - 1]
    if (parent) parent.children.push({ kind: 'text', text: value, line: parser.line })
  }
  parser.on('text', addText)
  parser.on('cdata', addText)
  parser.on('error', (error) => {
    throw error
  })
  try {
    parser.write(text).close()
  } catch (error) {
    if (error instanceof TextInputError) throw error
    const message = error instanceof Error ? error.message : String(error)
    // saxes writes "line:column: message"; keep the message, name the line our way.
    const m = /^(\d+):\d+: (.*)$/s.exec(message)
    if (error instanceof Refusal) fail(message)
    fail((m?.[2] ?? message).replace(/\.$/, ''), m ? Number(m[1]) : parser.line)
  }
  if (!root) return fail('the file has no root element')
  return root
}

/** Text content of an element (text and CDATA of its descendants). */
export function textOf(element: XmlElement): string {
  return element.children.map((c) => (c.kind === 'text' ? c.text : textOf(c))).join('')
}

/** The name without a namespace prefix (`pls:lexeme` -> `lexeme`). */
export function localName(name: string): string {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}
