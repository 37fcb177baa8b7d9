import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrashBackend, makeCrashBackend, signUpThroughApi } from './helpers/crash-backend.js'
import { buildDocx, buildEpub, docxParagraph } from './helpers/documents.js'
import { type ServerProcess, startServerProcess } from './helpers/server-process.js'
import { docxBomb, epubBomb } from './helpers/zip-bomb.js'

// Decompression bombs sent to Studio's document import of a real server process: a DOCX and an
// EPUB of about a megabyte that expand to a gigabyte are refused with the bound named, and the
// server's memory does not grow with them (its peak resident size, read from /proc, moves by
// tens of megabytes, not gigabytes), alone or three at once.

const MiB = 1024 * 1024
let backend: CrashBackend
let server: ServerProcess
let token: string

/** The process's resident and peak resident size, in bytes. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), peak: kb('VmHWM') }
}

async function importDocument(bytes: Buffer | Uint8Array, fileName: string) {
  const form = new FormData()
  form.append('name', 'Imported')
  form.append('from_document', new File([new Uint8Array(bytes)], fileName))
  const res = await fetch(`${server.url}/v1/studio/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: res.status, body: (await res.json()) as { detail?: { message: string } } }
}

beforeAll(async () => {
  backend = await makeCrashBackend()
  server = await startServerProcess({ env: { ...backend.env, SECRET_KEY: 'b'.repeat(32) } })
  token = (await signUpThroughApi(server.url, 'bombs')).token
  // Real documents first: the importers are loaded and warm before anything is measured.
  expect((await importDocument(buildDocx(docxParagraph('A real Word document.')), 'real.docx')).status).toBe(
    200,
  )
  const epub = buildEpub([{ title: 'One', paragraphs: ['A real book.'] }])
  expect((await importDocument(epub, 'real.epub')).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await backend?.cleanup()
})

describe(`decompression bombs (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses a 1 MB DOCX of 1 GB of spaces with the bound named, without the memory it would take', async () => {
    const bomb = docxBomb(1024)
    expect(bomb.length).toBeLessThan(2 * MiB)
    const before = memory()
    const started = Date.now()
    const answer = await importDocument(bomb, 'bomb.docx')
    const seconds = (Date.now() - started) / 1000
    const after = memory()
    console.log(
      `DOCX bomb (1 GB inside ${(bomb.length / MiB).toFixed(2)} MB): ${answer.status} in ${seconds.toFixed(2)} s, ` +
        `RSS ${(before.rss / MiB).toFixed(0)} -> ${(after.rss / MiB).toFixed(0)} MB, ` +
        `peak ${(before.peak / MiB).toFixed(0)} -> ${(after.peak / MiB).toFixed(0)} MB`,
    )
    expect(answer.status).toBe(413)
    expect(answer.body.detail?.message).toBe('The document expands to more than 32 MB.')
    expect(after.peak - before.peak).toBeLessThan(100 * MiB)
  })

  it('refuses three at once, and one whose archive lies about its size, in bounded memory', async () => {
    const before = memory()
    const answers = await Promise.all([
      importDocument(docxBomb(1024), 'a.docx'),
      importDocument(docxBomb(1024), 'b.docx'),
      importDocument(epubBomb(1024), 'c.epub'),
    ])
    expect(answers.map((a) => a.status)).toEqual([413, 413, 413])
    expect(answers[2]?.body.detail?.message).toBe('The document expands to more than 32 MB.')
    // Declared as 4 KB, holding 1 GB: inflated into 4 KB at most, then found unreadable.
    const liar = await importDocument(docxBomb(1024, { declaredSize: 4096 }), 'liar.docx')
    expect(liar.status).toBe(400)
    expect(liar.body.detail?.message).toBe('The file is not a valid Word document (DOCX).')
    const after = memory()
    console.log(
      `three bombs at once and a lying one: peak ${(before.peak / MiB).toFixed(0)} -> ${(after.peak / MiB).toFixed(0)} MB`,
    )
    expect(after.peak - before.peak).toBeLessThan(150 * MiB)
  })

  it('reads a DOCX of 6 MB of tiny elements (under the bound) beside the server, within a bounded heap', async () => {
    // 13 KB zipped; read on the main thread it would take over a gigabyte and stall every request.
    const dense = buildDocx('<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat((6 * MiB) / 34))
    const before = memory()
    const events: string[] = []
    const imported = importDocument(dense, 'dense.docx').then((answer) => {
      events.push('import')
      return answer
    })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const health = await fetch(`${server.url}/healthz`)
    events.push(`health ${health.status}`)
    const answer = await imported
    const after = memory()
    console.log(
      `dense DOCX (${(dense.length / 1024).toFixed(0)} KB zipped): ${answer.status}, ` +
        `peak ${(before.peak / MiB).toFixed(0)} -> ${(after.peak / MiB).toFixed(0)} MB`,
    )
    expect(answer.status).toBe(413)
    expect(answer.body.detail?.message).toMatch(
      /^The Word document is too large to read: reading it takes more than \d+ MB\.$/,
    )
    // The server answered while the document was being read.
    expect(events).toEqual(['health 200', 'import'])
    expect(after.peak - before.peak).toBeLessThan(700 * MiB)
  }, 120_000)
})
