import { STUDIO_PUBLISH_PREVIEW_SECONDS } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../../test/helpers/factories.js'
import { probeAudio } from '../../../../test/helpers/ffprobe.js'
import { setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { createLocalStorage, defaultStorageDir } from '../../../lib/storage.js'
import { STUDIO_SAMPLE_RATE } from '../conversion/studio-audio.js'
import { previewPcm } from './publishing.service.js'

// Publishing a Studio project to the public reader page, through the HTTP calls: refused until
// every chapter is converted, then draft -> publishing -> published (and updating on a
// republish), back to draft on any change while the page keeps the published version, the
// publishing image checked by content, the group guard and the editor role, and a 404 page
// once unpublished.

let t: TestApp
let owner: TestUser
const voice = PREMADE_VOICES[0]!.voice_id
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: user.auth, ...(payload ? { payload } : {}) })

async function createProject(user: TestUser, name: string): Promise<string> {
  const form = new FormData()
  form.set('name', name)
  form.set('title', `${name} title`)
  form.set('author', 'Ada Writer')
  form.set(
    'from_content_json',
    JSON.stringify([
      {
        name: 'Opening',
        blocks: [
          { sub_type: 'p', nodes: [{ type: 'tts_node', voice_id: voice, text: 'Once upon a time.' }] },
        ],
      },
    ]),
  )
  const request = new Request('http://x/', { method: 'POST', body: form })
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/studio/projects',
    headers: { ...user.auth, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().project.project_id
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 3000; i++) {
    const value = await read()
    if (done(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 40))
  }
  throw new Error('the job did not end')
}

async function convert(projectId: string) {
  expect((await call(owner, 'POST', `/v1/studio/projects/${projectId}/convert`)).statusCode).toBe(200)
  await until(
    async () => (await call(owner, 'GET', `/v1/studio/projects/${projectId}/chapters`)).json().chapters,
    (chapters: Array<{ conversion_state: string }>) =>
      chapters.every((c) => c.conversion_state === 'converted'),
  )
}

const status = async (projectId: string) =>
  (await call(owner, 'GET', `/v1/studio/projects/${projectId}/publishing`)).json()

async function multipartImage(user: TestUser, projectId: string, bytes: Buffer) {
  const form = new FormData()
  form.set('image', new Blob([new Uint8Array(bytes)]), 'image.bin')
  const request = new Request('http://x/', { method: 'POST', body: form })
  return t.app.inject({
    method: 'POST',
    url: `/v1/studio/projects/${projectId}/publishing/image`,
    headers: { ...user.auth, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  })
}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  await setPlan(t.database, owner.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
})
afterAll(() => t?.close())

describe('the free preview', () => {
  it('keeps the first five minutes of a longer chapter and the whole of a shorter one', () => {
    const sixMinutes = Buffer.alloc(6 * 60 * STUDIO_SAMPLE_RATE * 2, 1)
    expect(previewPcm(sixMinutes, STUDIO_PUBLISH_PREVIEW_SECONDS).length).toBe(
      STUDIO_PUBLISH_PREVIEW_SECONDS * STUDIO_SAMPLE_RATE * 2,
    )
    const oneMinute = Buffer.alloc(60 * STUDIO_SAMPLE_RATE * 2, 1)
    expect(previewPcm(oneMinute, STUDIO_PUBLISH_PREVIEW_SECONDS).length).toBe(oneMinute.length)
  })
})

describe('publishing a project', () => {
  let projectId = ''
  let publicPath = ''

  beforeAll(async () => {
    projectId = await createProject(owner, 'Book one')
  })

  it('starts as a draft and refuses to publish before every chapter is converted', async () => {
    expect(await status(projectId)).toMatchObject({ state: 'draft', is_published: false, public_path: null })
    const refused = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toMatchObject({
      status: 'studio_publish_not_converted',
      message: 'Convert the chapter “Opening” before publishing: every chapter must be converted.',
    })
    expect((await status(projectId)).state).toBe('draft')
  })

  it('checks the publishing image by its content: JPEG, PNG or WebP up to 2 MB', async () => {
    const text = await multipartImage(owner, projectId, Buffer.from('not an image at all, just text'))
    expect(text.statusCode).toBe(422)
    expect(text.json().detail.message).toBe('The publishing image must be a JPEG, PNG or WebP image.')
    const svg = await multipartImage(
      owner,
      projectId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    )
    expect(svg.statusCode).toBe(422)
    const large = await multipartImage(owner, projectId, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))
    expect(large.statusCode).toBe(413)
    expect(large.json().detail.message).toBe('The publishing image may be at most 2 MB.')
    expect((await status(projectId)).has_image).toBe(false)
    const ok = await multipartImage(owner, projectId, PNG)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().has_image).toBe(true)
  })

  it('publishes the converted chapters as a job with a percent, to a public page', async () => {
    await convert(projectId)
    const started = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(started.statusCode, started.body).toBe(200)
    expect(started.json()).toMatchObject({ state: 'publishing', progress: 0 })
    const again = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(again.statusCode).toBe(409)
    expect(again.json().detail.status).toBe('studio_publish_running')
    const done = await until(
      () => status(projectId),
      (s) => s.state !== 'publishing',
    )
    expect(done).toMatchObject({ state: 'published', is_published: true, has_unpublished_changes: false })
    publicPath = done.public_path
    expect(publicPath).toMatch(/^\/listen\/[\w-]{16}$/)

    const page = await t.app.inject({
      method: 'GET',
      url: publicPath,
      headers: { 'accept-language': 'de-DE' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.body).toContain('Book one title')
    expect(page.body).toContain('von Ada Writer')
    expect(page.body).toContain('Opening')
    expect(page.body).toContain('die ersten 5 Minuten')
    const slug = publicPath.split('/').pop()
    const audio = await t.app.inject({ method: 'GET', url: `/v1/studio/published/${slug}/chapters/1/audio` })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    expect(audio.rawPayload.length).toBeGreaterThan(1000)
    const image = await t.app.inject({ method: 'GET', url: `/v1/studio/published/${slug}/image` })
    expect(image.statusCode).toBe(200)
    expect(image.rawPayload.equals(PNG)).toBe(true)
  })

  it('shows a draft after any change while the page keeps the published version', async () => {
    const changed = await call(owner, 'POST', `/v1/studio/projects/${projectId}`, {
      name: 'Book one',
      default_title_voice_id: voice,
      default_paragraph_voice_id: voice,
      title: 'A new title',
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(await status(projectId)).toMatchObject({
      state: 'draft',
      is_published: true,
      has_unpublished_changes: true,
      public_path: publicPath,
    })
    const page = await t.app.inject({ method: 'GET', url: publicPath })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Book one title')
    expect(page.body).not.toContain('A new title')
  })

  it('republishes through updating, then serves the new version with full access', async () => {
    const started = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {
      full_access: true,
    })
    expect(started.json()).toMatchObject({ state: 'updating', full_access: true })
    const done = await until(
      () => status(projectId),
      (s) => s.state !== 'updating',
    )
    expect(done).toMatchObject({
      state: 'published',
      has_unpublished_changes: false,
      public_path: publicPath,
    })
    const page = await t.app.inject({ method: 'GET', url: publicPath })
    expect(page.body).toContain('A new title')
    expect(page.body).toContain('Every chapter can be heard in full.')
  })

  it('takes the page down on unpublish: the page and its audio answer 404', async () => {
    const down = await call(owner, 'DELETE', `/v1/studio/projects/${projectId}/publish`)
    expect(down.statusCode).toBe(200)
    expect(down.json()).toMatchObject({ state: 'draft', is_published: false, public_path: null })
    const page = await t.app.inject({ method: 'GET', url: publicPath })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('Audiobook not found')
    const slug = publicPath.split('/').pop()
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/studio/published/${slug}/chapters/1/audio` }))
        .statusCode,
    ).toBe(404)
    expect((await call(owner, 'DELETE', `/v1/studio/projects/${projectId}/publish`)).statusCode).toBe(404)
  })

  it('keeps other workspaces out', async () => {
    const stranger = await createUser(t.app, t.database, { verified: true })
    const response = await call(stranger, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(response.statusCode).toBe(404)
  })
})

describe('who may publish', () => {
  it('needs the publishing feature of the groups, and the editor role on the project', async () => {
    const member = await createUser(t.app, t.database, { verified: true })
    await joinWorkspaceOf(t.database.db, owner, member)
    const groups = (await call(owner, 'GET', '/v1/workspace/groups')).json()
    const everyone = Object.values(groups).find((g) => (g as { is_everyone: boolean }).is_everyone) as {
      id: string
      permissions: string[]
    }
    const projectId = await createProject(owner, 'Book two')
    await convert(projectId)

    const guarded = await t.app.inject({
      method: 'PATCH',
      url: `/v1/workspace/groups/${everyone.id}`,
      headers: owner.auth,
      payload: { permissions: everyone.permissions.filter((p) => p !== 'publish_studio_project') },
    })
    expect(guarded.statusCode, guarded.body).toBe(200)
    const refused = await call(member, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail.status).toBe('product_access_denied')
    expect((await call(member, 'GET', `/v1/studio/projects/${projectId}/publishing`)).statusCode).toBe(200)

    const restored = await t.app.inject({
      method: 'PATCH',
      url: `/v1/workspace/groups/${everyone.id}`,
      headers: owner.auth,
      payload: { permissions: everyone.permissions, editor_access_to_new_resources: false },
    })
    expect(restored.statusCode, restored.body).toBe(200)
    const viewerOnly = await createProject(owner, 'Book three')
    const notEditor = await call(member, 'POST', `/v1/studio/projects/${viewerOnly}/publish`, {})
    expect(notEditor.statusCode).toBe(403)
    expect(notEditor.json().detail.status).toBe('resource_edit_not_allowed')
  })
})

describe('the free preview on the public page', () => {
  it('serves only the first 5 minutes of a longer chapter, and the whole chapter with full access', async () => {
    const projectId = await createProject(owner, 'Long book')
    await convert(projectId)
    // The chapter's one block gets six minutes of audio (a tone), as a long chapter would have.
    const block = await t.database.db
      .selectFrom('studio_block_audio')
      .innerJoin('studio_chapters', 'studio_chapters.id', 'studio_block_audio.chapter_id')
      .select('studio_block_audio.storage_key')
      .where('studio_chapters.project_id', '=', projectId)
      .executeTakeFirstOrThrow()
    const samples = 6 * 60 * STUDIO_SAMPLE_RATE
    const pcm = Buffer.alloc(samples * 2)
    for (let i = 0; i < samples; i++)
      pcm.writeInt16LE(Math.round(8000 * Math.sin((i * 2 * Math.PI * 220) / STUDIO_SAMPLE_RATE)), i * 2)
    await createLocalStorage(defaultStorageDir(t.dataDir)).put(block.storage_key, pcm)

    const publishAndRead = async (fullAccess: boolean) => {
      const started = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {
        full_access: fullAccess,
      })
      expect(started.statusCode, started.body).toBe(200)
      const done = await until(
        () => status(projectId),
        (s) => s.state !== 'publishing' && s.state !== 'updating',
      )
      expect(done.state).toBe('published')
      const slug = done.public_path.split('/').pop()
      const audio = await t.app.inject({
        method: 'GET',
        url: `/v1/studio/published/${slug}/chapters/1/audio`,
      })
      expect(audio.statusCode).toBe(200)
      const page = await t.app.inject({ method: 'GET', url: done.public_path })
      return { seconds: (await probeAudio(audio.rawPayload, 'mp3')).durationSeconds, page: page.body }
    }
    const preview = await publishAndRead(false)
    expect(preview.seconds).toBeGreaterThan(STUDIO_PUBLISH_PREVIEW_SECONDS - 1)
    expect(preview.seconds).toBeLessThan(STUDIO_PUBLISH_PREVIEW_SECONDS + 1)
    expect(preview.page).toContain('<span>5:00</span>')
    const full = await publishAndRead(true)
    expect(full.seconds).toBeGreaterThan(6 * 60 - 1)
    expect(full.page).toContain('<span>6:00</span>')

    // Deleting the project deletes the published files with it.
    const published = await t.database.db
      .selectFrom('studio_publications')
      .select('published')
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow()
    const fullKey = (published.published as { chapters: Array<{ full_key: string }> }).chapters[0]!.full_key
    const storage = createLocalStorage(defaultStorageDir(t.dataDir))
    expect(await storage.get(fullKey)).not.toBeNull()
    expect((await call(owner, 'DELETE', `/v1/studio/projects/${projectId}`)).statusCode).toBe(200)
    expect(await storage.get(fullKey)).toBeNull()
    // Encoding 16 minutes of MP3 on a shared machine: a generous limit, not a speed check.
  }, 300_000)
})

describe('a publish run that died', () => {
  it('blocks a new run while it may still be alive, and is taken over once it is stale', async () => {
    const projectId = await createProject(owner, 'Book four')
    await convert(projectId)
    const first = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(first.statusCode).toBe(200)
    await until(
      () => status(projectId),
      (s) => s.state === 'published',
    )
    // As a crashed run leaves it: still "updating", owned by a run that will never finish.
    const stuck = (minutesAgo: number) =>
      t.database.db
        .updateTable('studio_publications')
        .set({
          state: 'updating',
          run_id: 'dead-run',
          updated_at: new Date(Date.now() - minutesAgo * 60_000),
        })
        .where('project_id', '=', projectId)
        .execute()
    await stuck(1)
    expect((await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})).statusCode).toBe(409)
    await stuck(60)
    const takeover = await call(owner, 'POST', `/v1/studio/projects/${projectId}/publish`, {})
    expect(takeover.statusCode, takeover.body).toBe(200)
    const done = await until(
      () => status(projectId),
      (s) => s.state !== 'updating',
    )
    expect(done).toMatchObject({ state: 'published', has_unpublished_changes: false })
  })
})
