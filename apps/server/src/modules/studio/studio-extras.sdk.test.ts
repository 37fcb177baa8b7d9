import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { STUDIO_COVER_IMAGE_MAX_BYTES } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDocx, docxHeading, docxParagraph } from '../../../test/helpers/documents.js'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { ffmpegPath } from '../../lib/audio/audio-decode.js'

// Studio through the official SDK, beyond projects and chapters: cover images checked by their
// bytes and served back, projects made from a web page that a real HTTPS server started here
// serves (and private or plain-HTTP addresses refused when the operator has not allowed them),
// the muted-tracks call, and members with only view access refused every change, conversions
// included.

const [voice] = PREMADE_VOICES
const PARAGRAPHS = [
  'The lighthouse keeper climbed the stairs every evening at dusk.',
  'From the top he could see the whole bay and the boats coming home.',
]
const ARTICLE = `<!doctype html><html><head><title>The keeper</title><meta name="author" content="Ann Lee"></head>
<body><nav><a href="/">Home</a><a href="/about">About us and our many other articles</a></nav>
<article><h1>The keeper</h1>${PARAGRAPHS.map((p) => `<p>${p}</p>`).join('')}</article>
<footer>Copyright and the cookie policy of this site</footer></body></html>`

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)
const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64')
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>',
)
let JPEG: Buffer

let certDir: string
let pages: Server
let pagesOrigin: string
let t: TestApp
let strict: TestApp
let address: string
let alice: TestUser
let bob: TestUser
let aliceKey: string
let bobKey: string
let outsiderKey: string
let client: ElevenLabsClient
let bobClient: ElevenLabsClient
let outsiderClient: ElevenLabsClient
let strictClient: ElevenLabsClient

async function keyFor(app: TestApp, user: TestUser): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  expect(res.statusCode).toBe(201)
  return res.json().api_key as string
}

async function sdkError(promise: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ElevenLabsError) return error
    throw error
  }
  throw new Error('expected an error')
}

const detail = (error: ElevenLabsError) =>
  (error.body as { detail: { code: string; message: string; param?: string } }).detail

const api = (path: string, key: string, init: RequestInit = {}) =>
  fetch(`${address}${path}`, { ...init, headers: { 'xi-api-key': key, ...(init.headers ?? {}) } })

function coverForm(image: Buffer, fileName: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append('cover_image', new File([new Uint8Array(image)], fileName))
  return form
}

async function projectCount(app: TestApp): Promise<number> {
  const row = await app.database.db
    .selectFrom('studio_projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

beforeAll(async () => {
  certDir = mkdtempSync(join(tmpdir(), 'timbre-studio-extras-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  execFileSync(
    ffmpegPath(),
    ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=16x16', '-frames:v', '1', join(certDir, 'c.jpg')],
    { stdio: 'ignore' },
  )
  JPEG = readFileSync(join(certDir, 'c.jpg'))
  pages = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8')
      if (req.url === '/empty') {
        res.end('<!doctype html><html><body></body></html>')
        return
      }
      res.end(ARTICLE)
    },
  )
  await new Promise<void>((r) => pages.listen(0, '127.0.0.1', r))
  pagesOrigin = `https://127.0.0.1:${(pages.address() as AddressInfo).port}`
  writeFileSync(join(certDir, 'ca.pem'), readFileSync(join(certDir, 'cert.pem')))
  ;[t, strict] = await Promise.all([
    createTestApp({
      env: { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_CA_FILE: join(certDir, 'ca.pem') },
    }),
    createTestApp(),
  ])
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
  const outsider = await createUser(t.app, t.database, { verified: true })
  await joinWorkspaceOf(t.database.db, alice, bob)
  aliceKey = await keyFor(t, alice)
  bobKey = await keyFor(t, bob)
  outsiderKey = await keyFor(t, outsider)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: aliceKey, baseUrl: address })
  bobClient = new ElevenLabsClient({ apiKey: bobKey, baseUrl: address })
  outsiderClient = new ElevenLabsClient({ apiKey: outsiderKey, baseUrl: address })
  const strictUser = await createUser(strict.app, strict.database, { verified: true })
  strictClient = new ElevenLabsClient({
    apiKey: await keyFor(strict, strictUser),
    baseUrl: await strict.app.listen({ port: 0, host: '127.0.0.1' }),
  })
}, 180_000)

afterAll(async () => {
  await t?.close()
  await strict?.close()
  await new Promise((r) => pages?.close(r))
  rmSync(certDir, { recursive: true, force: true })
})

describe('Studio cover images', () => {
  let projectId = ''

  it('takes a cover on creation, shows its address in the project and serves the same bytes', async () => {
    const res = await api('/v1/studio/projects', aliceKey, {
      method: 'POST',
      body: coverForm(PNG, 'cover.png', { name: 'Covered book' }),
    })
    expect(res.status).toBe(200)
    projectId = (await res.json()).project.project_id
    const project = await client.studio.projects.get(projectId)
    expect(project.coverImageUrl).toMatch(new RegExp(`^/v1/studio/projects/${projectId}/cover-image\\?v=`))
    const listed = await client.studio.projects.list()
    expect(listed.projects.find((p) => p.projectId === projectId)?.coverImageUrl).toBe(project.coverImageUrl)
    const served = await api(project.coverImageUrl!, aliceKey)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG)
    // Another workspace does not see the project, nor its cover.
    expect((await api(project.coverImageUrl!, outsiderKey)).status).toBe(404)
  })

  it('replaces the cover with a JPEG, a WebP and a script-free SVG, each recognised by content', async () => {
    let previous = (await client.studio.projects.get(projectId)).coverImageUrl
    for (const [image, name, type] of [
      [JPEG, 'photo.bin', 'image/jpeg'],
      [WEBP, 'cover.png', 'image/webp'],
      [SVG, 'drawing', 'image/svg+xml'],
    ] as const) {
      const res = await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey, {
        method: 'POST',
        body: coverForm(image, name),
      })
      expect(res.status).toBe(200)
      const url = (await res.json()).project.cover_image_url as string
      expect(url).not.toBe(previous)
      previous = url
      const served = await api(url, aliceKey)
      expect(served.headers.get('content-type')).toBe(type)
      expect(Buffer.from(await served.arrayBuffer())).toEqual(image)
      if (type === 'image/svg+xml') expect(served.headers.get('content-security-policy')).toContain('sandbox')
    }
  })

  it('refuses a renamed text file, an SVG with scripts and an oversized image, and keeps the cover', async () => {
    const before = (await client.studio.projects.get(projectId)).coverImageUrl
    const refusals: Array<[Buffer, string, number, RegExp]> = [
      [Buffer.from('Just some notes, not a picture at all.\n'), 'cover.png', 422, /JPEG, PNG, SVG or WebP/],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.svg',
        422,
        /scripts/,
      ],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>'),
        'x.svg',
        422,
        /event/,
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
        ),
        'x.svg',
        422,
        /script links/,
      ],
      [Buffer.from('<?xml version="1.0"?><html><body>not svg</body></html>'), 'x.svg', 422, /JPEG, PNG/],
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
        ),
        'bomb.svg',
        422,
        /DOCTYPE/,
      ],
      [Buffer.concat([PNG, Buffer.alloc(STUDIO_COVER_IMAGE_MAX_BYTES)]), 'big.png', 413, /20 MB/],
    ]
    for (const [image, name, status, message] of refusals) {
      const res = await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey, {
        method: 'POST',
        body: coverForm(image, name),
      })
      expect(res.status).toBe(status)
      expect((await res.json()).detail.message).toMatch(message)
    }
    expect((await client.studio.projects.get(projectId)).coverImageUrl).toBe(before)
  })

  it('refuses a project whose cover is not an image, writing nothing', async () => {
    const count = await projectCount(t)
    const res = await api('/v1/studio/projects', aliceKey, {
      method: 'POST',
      body: coverForm(Buffer.from('plain text pretending to be a picture'), 'cover.jpg', {
        name: 'No cover',
      }),
    })
    expect(res.status).toBe(422)
    expect((await res.json()).detail).toMatchObject({ code: 'validation_error', param: 'cover_image' })
    expect(await projectCount(t)).toBe(count)
  })

  it("names the cover's own field when the image comes in another one, and when none comes", async () => {
    const misnamed = new FormData()
    misnamed.append('image', new File([new Uint8Array(PNG)], 'cover.png'))
    const wrong = await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey, {
      method: 'POST',
      body: misnamed,
    })
    expect(wrong.status).toBe(422)
    const wrongDetail = (await wrong.json()).detail
    expect(wrongDetail).toMatchObject({
      param: 'image',
      message: "Unexpected file field 'image': send 'cover_image'.",
    })
    const empty = new FormData()
    empty.append('note', 'no file here')
    const none = await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey, {
      method: 'POST',
      body: empty,
    })
    expect(none.status).toBe(422)
    expect((await none.json()).detail).toMatchObject({
      param: 'cover_image',
      message: "The field 'cover_image' is required.",
    })
  })

  it('removes the cover', async () => {
    const res = await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey, { method: 'DELETE' })
    expect(res.status).toBe(200)
    expect((await client.studio.projects.get(projectId)).coverImageUrl ?? null).toBeNull()
    expect((await api(`/v1/studio/projects/${projectId}/cover-image`, aliceKey)).status).toBe(404)
  })
})

describe('Studio projects from a Word document', () => {
  it('replaces NUL and lone surrogates written as character references, as HTML and EPUB imports do', async () => {
    const docx = buildDocx(`${docxHeading('Odd characters')}${docxParagraph('A&#0;B and C&#xD800;D.')}`)
    const form = new FormData()
    form.append('name', 'Odd characters')
    form.append('from_document', new File([new Uint8Array(docx)], 'odd.docx'))
    const res = await api('/v1/studio/projects', aliceKey, { method: 'POST', body: form })
    expect(res.status).toBe(200)
    const id = (await res.json()).project.project_id as string
    const project = await client.studio.projects.get(id)
    const chapter = await client.studio.projects.chapters.get(id, project.chapters[0]!.chapterId)
    const text = chapter.content.blocks
      .flatMap((b) => b.nodes.map((n) => ('text' in n ? n.text : '')))
      .join(' ')
    expect(text).toContain('A\uFFFDB and C\uFFFDD.')
  })
})

describe('Studio projects from a web page', () => {
  it('imports the readable text of an HTTPS page, leaving out the page furniture', async () => {
    const created = await client.studio.projects.create({
      name: 'Keeper from the web',
      defaultParagraphVoiceId: voice!.voice_id,
      fromUrl: `${pagesOrigin}/blog/keeper`,
    })
    expect(created.project).toMatchObject({ title: 'The keeper', author: 'Ann Lee' })
    const project = await client.studio.projects.get(created.project.projectId)
    expect(project.chapters).toHaveLength(1)
    const chapter = await client.studio.projects.chapters.get(
      project.projectId,
      project.chapters[0]!.chapterId,
    )
    const texts = chapter.content.blocks.map((b) => b.nodes.map((n) => ('text' in n ? n.text : '')).join(''))
    expect(texts).toEqual(PARAGRAPHS)
    expect(texts.join(' ')).not.toMatch(/cookie|About us/)
  })

  it('adds a chapter made from a page to an existing project', async () => {
    const created = await client.studio.projects.create({ name: 'Gathered articles' })
    const projectId = created.project.projectId
    const added = await client.studio.projects.chapters.create(projectId, {
      name: 'Keeper',
      fromUrl: `${pagesOrigin}/blog/keeper`,
    })
    const chapter = await client.studio.projects.chapters.get(projectId, added.chapter.chapterId)
    expect(chapter.name).toBe('Keeper')
    expect(
      chapter.content.blocks.map((b) => b.nodes.map((n) => ('text' in n ? n.text : '')).join('')),
    ).toEqual(PARAGRAPHS)
    const refused = await sdkError(
      client.studio.projects.chapters.create(projectId, { name: 'Empty', fromUrl: `${pagesOrigin}/empty` }),
    )
    expect(refused.statusCode).toBe(400)
    expect(detail(refused).param).toBe('from_url')
    const chapters = await client.studio.projects.chapters.list(projectId)
    expect(chapters.chapters).toHaveLength(2)
  })

  it('refuses a page without readable text, writing nothing', async () => {
    const count = await projectCount(t)
    const error = await sdkError(
      client.studio.projects.create({ name: 'Empty', fromUrl: `${pagesOrigin}/empty` }),
    )
    expect(error.statusCode).toBe(400)
    expect(detail(error)).toMatchObject({
      code: 'unreadable_document',
      param: 'from_url',
      message: 'The page has no readable text.',
    })
    expect(await projectCount(t)).toBe(count)
  })

  it('refuses private addresses and plain HTTP unless the operator allows them', async () => {
    const count = await projectCount(strict)
    const privateUrl = await sdkError(
      strictClient.studio.projects.create({ name: 'Private', fromUrl: `${pagesOrigin}/blog/keeper` }),
    )
    expect(privateUrl.statusCode).toBe(422)
    expect(detail(privateUrl)).toMatchObject({ code: 'webhook_address_refused', param: 'from_url' })
    const plain = await sdkError(
      strictClient.studio.projects.create({ name: 'Plain', fromUrl: 'http://example.com/article' }),
    )
    expect(plain.statusCode).toBe(422)
    expect(detail(plain)).toMatchObject({ code: 'webhook_url_invalid', param: 'from_url' })
    expect(await projectCount(strict)).toBe(count)
  })
})

describe('muted tracks and editor access', () => {
  let projectId = ''
  let chapterId = ''

  beforeAll(async () => {
    // With the Everyone group no longer given editor access to new resources, Bob is a viewer.
    const groups = (
      await t.app.inject({ method: 'GET', url: '/v1/workspace/groups', headers: alice.auth })
    ).json()
    const everyone = Object.values(groups as Record<string, { id: string; is_everyone: boolean }>).find(
      (g) => g.is_everyone,
    )
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/v1/workspace/groups/${everyone!.id}`,
      headers: alice.auth,
      payload: { editor_access_to_new_resources: false },
    })
    expect(off.statusCode).toBe(200)
    const created = await client.studio.projects.create({
      name: 'Shared read only',
      fromContentJson: JSON.stringify([
        {
          name: 'One',
          blocks: [
            { sub_type: 'p', nodes: [{ type: 'tts_node', voice_id: voice!.voice_id, text: 'Hello there.' }] },
          ],
        },
      ]),
    })
    projectId = created.project.projectId
    chapterId = (await client.studio.projects.get(projectId)).chapters[0]!.chapterId
  })

  it('lists no muted tracks for a project of the workspace, and finds no other workspace project', async () => {
    expect(await client.studio.projects.getMutedTracks(projectId)).toEqual({ chapterIds: [] })
    expect(await bobClient.studio.projects.getMutedTracks(projectId)).toEqual({ chapterIds: [] })
    expect((await sdkError(outsiderClient.studio.projects.getMutedTracks(projectId))).statusCode).toBe(404)
  })

  it('lets a viewer read the project but refuses conversions, paragraph edits and the cover (403)', async () => {
    expect((await bobClient.studio.projects.get(projectId)).name).toBe('Shared read only')
    const forbidden = async (call: Promise<unknown>) => {
      const error = await sdkError(call)
      expect(error.statusCode).toBe(403)
      expect(detail(error).code).toBe('resource_edit_not_allowed')
    }
    await forbidden(bobClient.studio.projects.convert(projectId))
    await forbidden(bobClient.studio.projects.chapters.convert(projectId, chapterId))
    const chapter = await bobClient.studio.projects.chapters.get(projectId, chapterId)
    const blockId = chapter.content.blocks[0]!.blockId
    const base = `/v1/studio/projects/${projectId}/chapters/${chapterId}/blocks/${blockId}`
    const regenerate = await api(`${base}/regenerate`, bobKey, { method: 'POST' })
    expect(regenerate.status).toBe(403)
    const lock = await api(`${base}/lock`, bobKey, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locked: true }),
    })
    expect(lock.status).toBe(403)
    const cover = await api(`/v1/studio/projects/${projectId}/cover-image`, bobKey, {
      method: 'POST',
      body: coverForm(PNG, 'cover.png'),
    })
    expect(cover.status).toBe(403)
    // Nothing was queued or changed by the refused calls.
    const row = await t.database.db
      .selectFrom('studio_chapters')
      .select('conversion_state')
      .where('id', '=', chapterId)
      .executeTakeFirstOrThrow()
    expect(row.conversion_state).toBe('not_converted')
    const queued = await t.database.db
      .selectFrom('studio_conversions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow()
    expect(Number(queued.n)).toBe(0)
    expect((await client.studio.projects.get(projectId)).coverImageUrl ?? null).toBeNull()
  })
})
