import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import PDFDocument from 'pdfkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDocx, buildEpub, docxHeading, docxParagraph } from '../../../test/helpers/documents.js'
import { createUser } from '../../../test/helpers/factories.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The knowledge base through the official SDK with only baseUrl changed: documents from text,
// files of every kind (recognised by their bytes) and a web page served over real HTTPS,
// folders, list with its query, get, rename and edit, content, chunks, the retrieval index as
// a job with its percent and states, and bad input refused with nothing stored.

const PAGE = `<!doctype html><html><head><title>Returns policy</title></head><body>
<nav><a href="/">Home</a><a href="/shop">Shop all our products and offers</a></nav>
<article><h1>Returns policy</h1><p>You can return any lamp within 30 days of delivery for a full refund.</p>
<p>Refunds are paid to the original card within five working days.</p></article>
<footer>Copyright and the cookie policy</footer></body></html>`

let tls: SelfSignedCertificate
let pages: Server
let pagesOrigin: string
let t: TestApp
let strict: TestApp
let client: ElevenLabsClient
let strictClient: ElevenLabsClient
let address: string
let apiKey: string

async function keyFor(app: TestApp, permissions?: string[]): Promise<string> {
  const user = await createUser(app.app, app.database, { verified: true })
  const res = await app.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'k', ...(permissions ? { permissions } : {}) },
  })
  return res.json().api_key as string
}

const kb = () => client.conversationalAi.knowledgeBase
const docs = () => client.conversationalAi.knowledgeBase.documents

async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call
  } catch (error) {
    if (error instanceof ElevenLabsError) {
      const body = error.body as { detail?: { message?: string } }
      return { status: error.statusCode ?? 0, message: body?.detail?.message ?? '' }
    }
    throw error
  }
  throw new Error('the call was not refused')
}

function pdfOf(paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve) => {
    const pdf = new PDFDocument()
    const parts: Buffer[] = []
    pdf.on('data', (b: Buffer) => parts.push(b))
    pdf.on('end', () => resolve(Buffer.concat(parts)))
    for (const p of paragraphs) pdf.text(p).moveDown()
    pdf.end()
  })
}

async function waitIndexed(id: string) {
  for (let i = 0; i < 300; i++) {
    const { indexes } = await client.conversationalAi.getDocumentRagIndexes(id)
    const index = indexes[0]
    if (index && (index.status === 'succeeded' || index.status === 'failed')) return index
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('the index was not built')
}

beforeAll(async () => {
  tls = selfSignedCertificate()
  pages = createServer({ key: tls.key, cert: tls.cert }, (_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8')
    res.end(PAGE)
  })
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r))
  pagesOrigin = `https://127.0.0.1:${(pages.address() as AddressInfo).port}`
  ;[t, strict] = await Promise.all([
    createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: tls.certPath } }),
    createTestApp(),
  ])
  apiKey = await keyFor(t)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey, baseUrl: address })
  strictClient = new ElevenLabsClient({
    apiKey: await keyFor(strict),
    baseUrl: await strict.app.listen({ port: 0, host: '127.0.0.1' }),
  })
}, 180_000)

afterAll(async () => {
  await t?.close()
  await strict?.close()
  await new Promise((r) => pages?.close(r))
  tls?.remove()
})

describe('Knowledge base documents', () => {
  let textId: string

  it('makes a document from text, indexes it as a job and shows its content and chunks', async () => {
    const added = await docs().createFromText({
      name: 'Shipping FAQ',
      text: '# How long does shipping take?\n\nOrders arrive in 3 to 5 working days.\n\n# Do you ship abroad?\n\nWe ship to every country in the European Union.',
    })
    textId = added.id
    expect(added.name).toBe('Shipping FAQ')
    const index = await waitIndexed(textId)
    expect(index.status).toBe('succeeded')
    expect(index.progressPercentage).toBe(100)
    expect(index.model).toBe('e5_mistral_7b_instruct')
    expect(index.documentModelIndexUsage.usedBytes).toBeGreaterThan(0)

    const got = await docs().get(textId)
    expect(got.type).toBe('text')
    expect(got.name).toBe('Shipping FAQ')
    expect(got.metadata.sizeBytes).toBeGreaterThan(50)
    expect(got.accessInfo.isCreator).toBe(true)
    expect((got as { extractedInnerHtml: string }).extractedInnerHtml).toContain(
      '<h2>Do you ship abroad?</h2>',
    )
    expect((got as unknown as { index_state: string }).index_state).toBe('ready')

    const content = await docs().getContent(textId)
    expect(content).toContain('Orders arrive in 3 to 5 working days.')
    // Short sections share a chunk: both questions with their answers make one passage.
    const { chunks } = await docs().chunks.list(textId, { embeddingModel: 'e5_mistral_7b_instruct' })
    expect(chunks.map((c) => c.name)).toEqual(['How long does shipping take?'])
    expect(chunks[0]?.content).toContain(
      'Do you ship abroad?\n\nWe ship to every country in the European Union.',
    )
    const one = await docs().chunk.get(textId, chunks[0]?.id ?? '')
    expect(one.content).toContain('3 to 5 working days')
  })

  it('renames, and an edit of the text makes the index stale until it is computed again', async () => {
    const renamed = await docs().update(textId, { name: 'Delivery FAQ' })
    expect(renamed.name).toBe('Delivery FAQ')
    await docs().update(textId, { content: '# Returns\n\nReturns are free within 30 days.' })
    expect(await docs().getContent(textId)).toBe('# Returns\n\nReturns are free within 30 days.')
    const stale = await client.conversationalAi.getDocumentRagIndexes(textId)
    expect((stale.indexes[0] as unknown as { state: string }).state).toBe('stale')
    const computed = await kb().document.computeRagIndex(textId, { model: 'e5_mistral_7b_instruct' })
    expect(['created', 'processing', 'succeeded']).toContain(computed.status)
    const index = await waitIndexed(textId)
    expect((index as unknown as { state: string }).state).toBe('ready')
    const overview = await client.conversationalAi.ragIndexOverview()
    expect(overview.totalMaxBytes).toBe(1_000_000)
    expect(overview.totalUsedBytes).toBeGreaterThan(0)
  })

  it('reads PDF, DOCX, EPUB, HTML and Markdown files by their bytes', async () => {
    const files: [string, Uint8Array | Buffer, string][] = [
      ['manual.pdf', await pdfOf(['The lamp takes an E27 bulb.', 'Clean it with a dry cloth.']), 'E27 bulb'],
      [
        'guide.docx',
        buildDocx(docxHeading('Setup') + docxParagraph('Screw the shade on clockwise.')),
        'clockwise',
      ],
      [
        'book.epub',
        buildEpub([{ title: 'Care', paragraphs: ['Never use water on the lamp.'] }]),
        'Never use water',
      ],
      [
        'page.html',
        Buffer.from('<html><body><h1>Warranty</h1><p>Two years on every lamp.</p></body></html>'),
        'Two years',
      ],
      ['notes.md', Buffer.from('# Colours\n\nThe lamp comes in red, blue and green.'), 'red, blue'],
      // Named as text, but a Word document: read as what it is.
      ['renamed.txt', buildDocx(docxParagraph('Dimmers are sold separately.')), 'Dimmers'],
    ]
    for (const [name, bytes, phrase] of files) {
      const added = await docs().createFromFile({ file: new File([new Uint8Array(bytes)], name) })
      const got = await docs().get(added.id)
      expect(got.type).toBe('file')
      expect((got as { filename: string }).filename).toBe(name)
      expect(await docs().getContent(added.id)).toContain(phrase)
    }
    const md = (await kb().list({ search: 'notes', types: 'file' })).documents
    expect(md.map((d) => d.name)).toEqual(['notes.md'])
  })

  it('makes a document from a web page over HTTPS, keeping the article and leaving out the page furniture', async () => {
    const added = await docs().createFromUrl({ url: `${pagesOrigin}/returns` })
    expect(added.name).toBe('Returns policy')
    const got = await docs().get(added.id)
    expect(got.type).toBe('url')
    expect((got as { url: string }).url).toBe(`${pagesOrigin}/returns`)
    const content = await docs().getContent(added.id)
    expect(content).toContain('full refund')
    expect(content).not.toContain('cookie policy')
  })

  it('keeps documents in folders and lists them with the query of the public API', async () => {
    const folder = await docs().createFolder({ name: 'Lamps' })
    const inner = await docs().createFolder({ name: 'Parts', parentFolderId: folder.id })
    const doc = await docs().createFromText({
      name: 'Bulbs',
      text: 'Use LED bulbs.',
      parentFolderId: inner.id,
    })
    expect(doc.folderPath?.map((f) => f.id)).toEqual([folder.id, inner.id])
    const got = await docs().get(doc.id)
    expect(got.folderParentId).toBe(inner.id)
    expect(got.folderPath?.map((f) => f.name)).toEqual(['Lamps', 'Parts'])

    const children = await kb().list({ parentFolderId: folder.id })
    expect(children.documents.map((d) => d.name)).toEqual(['Parts'])
    const below = await kb().list({ ancestorFolderId: folder.id, sortBy: 'name', sortDirection: 'asc' })
    expect(below.documents.map((d) => d.name)).toEqual(['Bulbs', 'Parts'])
    const folderView = await docs().get(folder.id)
    expect(folderView.type).toBe('folder')
    expect((folderView as { childrenCount: number }).childrenCount).toBe(1)
    expect((folderView as { documentCount: number }).documentCount).toBe(1)

    const firstPage = await kb().list({ pageSize: 2, foldersFirst: true })
    expect(firstPage.hasMore).toBe(true)
    expect(firstPage.documents.map((d) => d.type)).toEqual(['folder', 'folder'])
    const next = await kb().list({
      pageSize: 2,
      foldersFirst: true,
      cursor: firstPage.nextCursor ?? undefined,
    })
    expect(next.documents.map((d) => d.id)).not.toContain(firstPage.documents[0]?.id)

    // No agent uses it yet: it goes, and its folder takes what is inside with it.
    const agents = await docs().getAgents(doc.id)
    expect(agents.agents).toEqual([])
    await docs().delete(folder.id)
    expect((await refusal(docs().get(doc.id))).status).toBe(404)
  })

  it('refuses bad input with a clear 4xx and stores nothing', async () => {
    const before = (await kb().list({ pageSize: 100 })).documents.length
    const http = await refusal(docs().createFromUrl({ url: 'http://example.com/faq' }))
    expect(http).toEqual({ status: 422, message: 'Please enter a valid HTTPS URL' })
    const notUrl = await refusal(docs().createFromUrl({ url: 'not a url' }))
    expect(notUrl.message).toBe('Please enter a valid HTTPS URL')
    const privateAddress = await refusal(
      strictClient.conversationalAi.knowledgeBase.documents.createFromUrl({ url: `${pagesOrigin}/returns` }),
    )
    expect(privateAddress.status).toBe(422)
    expect(privateAddress.message).toContain('private, loopback and link-local addresses are not allowed')
    const fakePdf = await refusal(docs().createFromFile({ file: new File(['just some text'], 'report.pdf') }))
    expect(fakePdf.status).toBe(422)
    expect(fakePdf.message).toContain('not a valid PDF')
    const empty = await refusal(docs().createFromFile({ file: new File([], 'empty.txt') }))
    expect(empty).toEqual({ status: 422, message: 'The file is empty.' })
    const binary = await refusal(
      docs().createFromFile({ file: new File([new Uint8Array([0, 159, 146, 150])], 'x.txt') }),
    )
    expect(binary.status).toBe(422)
    const noText = await refusal(docs().createFromText({ text: '   ' }))
    expect(noText).toEqual({ status: 422, message: 'Text is required.' })
    const noFolder = await refusal(docs().createFromText({ text: 'x', parentFolderId: 'missing' }))
    expect(noFolder.status).toBe(404)
    // Past the free plan's storage limit (1 MB of text).
    const big = await refusal(
      docs().createFromFile({ file: new File([`${'All lamps are dimmable. '.repeat(45_000)}`], 'big.txt') }),
    )
    expect(big.status).toBe(422)
    expect(big.message).toContain('storage limit')
    expect((await kb().list({ pageSize: 100 })).documents.length).toBe(before)
  })

  it('answers only the caller’s workspace, and only to keys with the convai scope', async () => {
    const other = new ElevenLabsClient({ apiKey: await keyFor(t), baseUrl: address })
    expect((await refusal(other.conversationalAi.knowledgeBase.documents.get(textId))).status).toBe(404)
    expect((await other.conversationalAi.knowledgeBase.list()).documents).toEqual([])
    const narrow = new ElevenLabsClient({ apiKey: await keyFor(t, ['text-to-speech']), baseUrl: address })
    expect((await refusal(narrow.conversationalAi.knowledgeBase.list())).status).toBe(403)
  })
})
