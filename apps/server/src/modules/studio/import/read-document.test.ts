import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import {
  buildDocx,
  buildEpub,
  docxHeading as heading,
  docxParagraph as para,
} from '../../../../test/helpers/documents.js'
import { UnreadableDocument } from './imported-document.js'
import { readDocument } from './read-document.js'

// Documents are built here byte for byte as their formats define them, then read back.

const name = (index: number) => `Chapter ${index + 1}`

describe('reading documents', () => {
  it('reads an EPUB in spine order with its metadata, one chapter per file, no styles or titles read aloud', async () => {
    const epub = buildEpub([
      { title: 'The Start', paragraphs: ['It was a dark night.', 'Rain &amp; wind.'] },
      { title: 'The End', paragraphs: ['Morning came.'] },
    ])
    const doc = await readDocument(epub, 'book.epub', name)
    expect(doc).toMatchObject({ title: 'A Test Book', author: 'Ada Author', language: 'en' })
    expect(doc.chapters).toEqual([
      {
        name: 'The Start',
        blocks: [
          { kind: 'h1', text: 'The Start' },
          { kind: 'p', text: 'It was a dark night.' },
          { kind: 'p', text: 'Rain & wind.' },
        ],
      },
      {
        name: 'The End',
        blocks: [
          { kind: 'h1', text: 'The End' },
          { kind: 'p', text: 'Morning came.' },
        ],
      },
    ])
  })

  it('reads a DOCX with its heading styles as chapters', async () => {
    const docx = buildDocx(
      `${heading('One')}${para('First words.')}${heading('Two')}${para('Second words.')}`,
    )
    const doc = await readDocument(docx, 'notes.docx', name)
    expect(doc.chapters.map((c) => c.name)).toEqual(['One', 'Two'])
    expect(doc.chapters[1]?.blocks).toEqual([
      { kind: 'h1', text: 'Two' },
      { kind: 'p', text: 'Second words.' },
    ])
  })

  it('reads HTML without scripts, navigation or styles, and plain text split at chapter lines', async () => {
    const html = await readDocument(
      strToU8(
        '<!doctype html><html><head><title>Page</title><script>alert(1)</script></head><body><nav>Menu</nav><article><h2>Intro</h2><p>Hello <b>bold</b> world.</p><ul><li>One</li><li>Two</li></ul></article><footer>(c)</footer></body></html>',
      ),
      'page.html',
      name,
    )
    expect(html.title).toBe('Page')
    expect(html.chapters).toEqual([
      {
        name: 'Intro',
        blocks: [
          { kind: 'h2', text: 'Intro' },
          { kind: 'p', text: 'Hello bold world.' },
          { kind: 'p', text: 'One' },
          { kind: 'p', text: 'Two' },
        ],
      },
    ])
    const text = await readDocument(
      strToU8('Opening words.\n\nChapter 2\n\nMore\nwords here.\n'),
      'a.txt',
      name,
    )
    expect(text.chapters).toEqual([
      { name: 'Chapter 1', blocks: [{ kind: 'p', text: 'Opening words.' }] },
      {
        name: 'Chapter 2',
        blocks: [
          { kind: 'h1', text: 'Chapter 2' },
          { kind: 'p', text: 'More words here.' },
        ],
      },
    ])
  })

  it('refuses an EPUB that is not a zip, a PDF, binary data, an empty file and a zip of something else', async () => {
    const refusal = (bytes: Uint8Array, file: string) =>
      readDocument(bytes, file, name).then(
        () => '',
        (e: Error) => (e instanceof UnreadableDocument ? e.message : `other: ${e}`),
      )
    expect(await refusal(strToU8('just text'), 'book.epub')).toMatch(/not a valid EPUB/)
    expect(await refusal(strToU8('%PDF-1.7 ...'), 'book.pdf')).toMatch(/PDF files cannot be imported/)
    expect(await refusal(new Uint8Array([0xff, 0xfe, 0x00, 0x41, 0x80]), 'x.bin')).toMatch(/UTF-8 text/)
    expect(await refusal(new Uint8Array(), 'x.txt')).toMatch(/empty/)
    expect(await refusal(zipSync({ 'a.png': new Uint8Array([1, 2]) }), 'x.epub')).toMatch(/neither an EPUB/)
    const truncated = buildEpub([{ title: 'T', paragraphs: ['p'] }]).slice(0, 200)
    expect(await refusal(truncated, 'x.epub')).toMatch(/EPUB|archive/)
  })
})
