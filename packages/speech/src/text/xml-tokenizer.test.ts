import { describe, expect, it } from 'vitest'
import { TextInputError } from './errors.js'
import { localName, parseXml, textOf, type XmlElement } from './xml-tokenizer.js'

function child(element: XmlElement, index: number): XmlElement {
  const found = element.children.filter((c): c is XmlElement => c.kind === 'element')[index]
  if (!found) throw new Error('no such child')
  return found
}

describe('parseXml', () => {
  it('reads elements, attributes and text with the declaration, comments and CDATA', () => {
    const root = parseXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- top -->\n<a x="1" y=\'two\'>hi <b/><!-- c --><![CDATA[<raw> & ]]></a>\n',
    )
    expect(root.name).toBe('a')
    expect(root.attributes.get('x')).toBe('1')
    expect(root.attributes.get('y')).toBe('two')
    expect(child(root, 0).name).toBe('b')
    expect(textOf(root)).toBe('hi <raw> & ')
    expect(root.line).toBe(3)
  })

  it('decodes named and numeric entities in text and attributes', () => {
    const root = parseXml('<a t="&quot;q&quot; &amp; &#65;">&lt;&gt;&amp;&apos;&quot;&#233;&#x1F600;</a>')
    expect(root.attributes.get('t')).toBe('"q" & A')
    expect(textOf(root)).toBe(`<>&'"é😀`)
  })

  it('skips processing instructions and refuses any DOCTYPE', () => {
    expect(parseXml('<?pi data?><a/>').name).toBe('a')
    expect(() => parseXml('<!DOCTYPE lexicon><a/>')).toThrow(/DOCTYPE/)
    expect(() => parseXml('<!DOCTYPE lexicon SYSTEM "file:///etc/passwd"><a/>')).toThrow(/DOCTYPE/)
  })

  it('gives local names without a prefix', () => {
    expect(localName('pls:lexeme')).toBe('lexeme')
    expect(localName('lexeme')).toBe('lexeme')
  })

  it.each([
    ['not XML at all', 'hello there', /text data outside of root node/],
    ['an empty file', '', /must contain a root element/],
    ['an unclosed tag', '<a><b></a>', /unexpected close tag/],
    ['an unclosed root', '<a>\n<b>\n</b>', /unclosed tag: a/],
    ['a stray closing tag', '<a></a></b>', /unmatched closing tag: b/],
    ['two roots', '<a/><b/>', /only one root/],
    ['an unclosed comment', '<a><!-- x</a>', /unclosed tag/],
    ['an unclosed CDATA', '<a><![CDATA[x</a>', /unclosed tag/],
    ['an unknown entity', '<a>&nbsp;</a>', /undefined entity/],
    ['a bare ampersand', '<a>Tom & Jerry</a>', /Malformed XML/],
    ['an invalid character reference', '<a>&#0;</a>', /malformed character entity/],
    ['an unquoted attribute', '<a x=1/>', /unquoted attribute value/],
    ['a duplicate attribute', '<a x="1" x="2"/>', /duplicate attribute: x/],
    ['an attribute without value', '<a x/>', /disallowed character in attribute name/],
    ['a "<" in an attribute', '<a x="<"/>', /disallowed character/],
    ['an internal DTD subset', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', /DOCTYPE/],
    ['a late XML declaration', '<a/>\n<?xml version="1.0"?>', /XML declaration must be at the start/],
    ['an unclosed start tag', '<a', /must contain a root element/],
    ['a bad tag name', '< a/>', /disallowed character in tag name/],
  ])('refuses %s', (_what, xml, message) => {
    expect(() => parseXml(xml)).toThrow(TextInputError)
    expect(() => parseXml(xml)).toThrow(message)
  })

  it('names the line of the error', () => {
    try {
      parseXml('<a>\n\n<b>\n</c>\n</a>')
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(TextInputError)
      expect(error).toMatchObject({ code: 'invalid_lexicon', line: 4 })
      expect((error as Error).message).toMatch(/^Malformed XML on line 4/)
    }
  })
})
