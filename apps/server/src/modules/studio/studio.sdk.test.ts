import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../test/helpers/documents.js'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The official SDK drives the Studio project and chapter calls against a listening server, with
// only the base URL changed: a project made from an EPUB built here, its chapters edited with
// version checks, and refusals that leave nothing behind.

let t: TestApp
let client: ElevenLabsClient
let otherClient: ElevenLabsClient
let user: TestUser
const [first, second] = PREMADE_VOICES

async function keyFor(auth: Record<string, string>): Promise<string> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  return key.json().api_key
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const other = await createUser(t.app, t.database, { verified: true })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: await keyFor(user.auth), baseUrl: address })
  otherClient = new ElevenLabsClient({ apiKey: await keyFor(other.auth), baseUrl: address })
})
afterAll(() => t?.close())

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

async function projectCount(): Promise<number> {
  const row = await t.database.db
    .selectFrom('studio_projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

describe('@elevenlabs/elevenlabs-js studio.projects against Timbre', () => {
  let projectId = ''
  let chapterIds: string[] = []

  it('creates a project from an EPUB: chapters in reading order, metadata from the book', async () => {
    const epub = buildEpub([
      { title: 'Arrival', paragraphs: ['The train was late.', 'Nobody waited on the platform.'] },
      { title: 'Departure', paragraphs: ['She left at dawn.'] },
    ])
    const created = await client.studio.projects.create({
      name: 'My first book',
      defaultTitleVoiceId: first!.voice_id,
      defaultParagraphVoiceId: second!.voice_id,
      fromDocument: new File([epub], 'book.epub', { type: 'application/epub+zip' }),
      genres: ['mystery', 'travel'],
      fiction: 'fiction',
      targetAudience: 'adult',
      isbnNumber: '978-3-16-148410-0',
    })
    projectId = created.project.projectId
    expect(created.project).toMatchObject({
      name: 'My first book',
      title: 'A Test Book',
      author: 'Ada Author',
      language: 'en',
      genres: ['mystery', 'travel'],
      fiction: 'fiction',
      targetAudience: 'adult',
      isbnNumber: '978-3-16-148410-0',
      state: 'default',
      canBeDownloaded: false,
      defaultParagraphVoiceId: second!.voice_id,
    })

    const project = await client.studio.projects.get(projectId)
    expect(project.chapters.map((c) => c.name)).toEqual(['Arrival', 'Departure'])
    expect(project.chapters[0]?.statistics?.paragraphsUnconverted).toBe(3)
    chapterIds = project.chapters.map((c) => c.chapterId)

    const chapter = await client.studio.projects.chapters.get(projectId, chapterIds[0]!)
    const blocks = chapter.content.blocks
    expect(blocks).toHaveLength(3)
    const texts = blocks.map((b) => (b.nodes[0] as { text: string; voiceId?: string }).text)
    expect(texts).toEqual(['Arrival', 'The train was late.', 'Nobody waited on the platform.'])
    // Headings are read by the title voice, paragraphs by the paragraph voice.
    expect((blocks[0]!.nodes[0] as { voiceId?: string }).voiceId).toBe(first!.voice_id)
    expect((blocks[1]!.nodes[0] as { voiceId?: string }).voiceId).toBe(second!.voice_id)

    const list = await client.studio.projects.list()
    expect(list.projects.map((p) => p.projectId)).toContain(projectId)
  })

  it('updates the project, adds, edits and deletes chapters', async () => {
    const updated = await client.studio.projects.update(projectId, {
      name: 'Renamed book',
      defaultTitleVoiceId: second!.voice_id,
      defaultParagraphVoiceId: first!.voice_id,
      author: 'Someone Else',
      volumeNormalization: true,
    })
    expect(updated.project).toMatchObject({
      name: 'Renamed book',
      author: 'Someone Else',
      volumeNormalization: true,
    })

    const added = await client.studio.projects.chapters.create(projectId, { name: 'Epilogue' })
    const epilogueId = added.chapter.chapterId
    await client.studio.projects.chapters.update(projectId, epilogueId, {
      content: {
        blocks: [
          { subType: 'h1', nodes: [{ voiceId: first!.voice_id, text: 'Epilogue', type: 'tts_node' }] },
          { subType: 'p', nodes: [{ voiceId: second!.voice_id, text: 'Years later.', type: 'tts_node' }] },
        ],
      },
    })
    const chapters = await client.studio.projects.chapters.list(projectId)
    expect(chapters.chapters.map((c) => c.name)).toEqual(['Arrival', 'Departure', 'Epilogue'])
    const epilogue = await client.studio.projects.chapters.get(projectId, epilogueId)
    expect(epilogue.content.blocks.map((b) => (b.nodes[0] as { text: string }).text)).toEqual([
      'Epilogue',
      'Years later.',
    ])

    expect(await client.studio.projects.chapters.delete(projectId, chapterIds[1]!)).toMatchObject({
      status: 'ok',
    })
    const after = await client.studio.projects.chapters.list(projectId)
    expect(after.chapters.map((c) => c.name)).toEqual(['Arrival', 'Epilogue'])
  })

  it('refuses a save based on an older version of the chapter (a second tab), and keeps the newer text', async () => {
    const url = `/v1/studio/projects/${projectId}/chapters/${chapterIds[0]}`
    const loaded = (await t.app.inject({ url, headers: user.auth })).json()
    const save = (text: string, version: number) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: user.auth,
        payload: {
          version,
          content: { blocks: [{ sub_type: 'p', nodes: [{ voice_id: first!.voice_id, text }] }] },
        },
      })
    const firstTab = await save('Saved by the first tab.', loaded.version)
    expect(firstTab.statusCode).toBe(200)
    const secondTab = await save('Saved by the second tab.', loaded.version)
    expect(secondTab.statusCode).toBe(409)
    expect(secondTab.json().detail.code).toBe('studio_version_conflict')
    const now = (await t.app.inject({ url, headers: user.auth })).json()
    expect(now.content.blocks[0].nodes[0].text).toBe('Saved by the first tab.')
    // Overwrite on purpose: a save without a version replaces the server's text.
    const overwrite = await t.app.inject({
      method: 'POST',
      url,
      headers: user.auth,
      payload: { content: { blocks: [{ nodes: [{ voice_id: first!.voice_id, text: 'Overwritten.' }] }] } },
    })
    expect(overwrite.statusCode).toBe(200)
  })

  it("answers 404 for another workspace's project and chapters, and changes nothing", async () => {
    expect((await sdkError(otherClient.studio.projects.get(projectId))).statusCode).toBe(404)
    expect((await sdkError(otherClient.studio.projects.delete(projectId))).statusCode).toBe(404)
    expect(
      (await sdkError(otherClient.studio.projects.chapters.get(projectId, chapterIds[0]!))).statusCode,
    ).toBe(404)
    const stillThere = await client.studio.projects.get(projectId)
    expect(stillThere.name).toBe('Renamed book')
  })

  it('refuses bad input with clear errors and stores nothing', async () => {
    const before = await projectCount()
    const notZip = await sdkError(
      client.studio.projects.create({
        name: 'Bad epub',
        fromDocument: new File(['plain words'], 'book.epub'),
      }),
    )
    expect(notZip.statusCode).toBe(400)
    expect(detail(notZip)).toMatchObject({ code: 'unreadable_document', param: 'from_document' })
    expect(detail(notZip).message).toMatch(/not a valid EPUB/)

    const longName = await sdkError(client.studio.projects.create({ name: 'x'.repeat(50) }))
    expect(longName.statusCode).toBe(422)
    expect(detail(longName).message).toMatch(/under 50 characters/)
    const special = await sdkError(client.studio.projects.create({ name: 'Book <1>' }))
    expect(detail(special).message).toMatch(/special characters/)

    const unknownVoice = await sdkError(
      client.studio.projects.create({ name: 'Voices', defaultParagraphVoiceId: 'no-such-voice' }),
    )
    expect(unknownVoice.statusCode).toBe(400)
    expect(detail(unknownVoice).message).toMatch(/Voice not found or deleted/)

    const badJson = await sdkError(
      client.studio.projects.create({ name: 'Json', fromContentJson: '[{"name":' }),
    )
    expect(badJson.statusCode).toBe(422)

    expect(await projectCount()).toBe(before)
  })

  it('replaces the content of a project from content JSON, and deletes the project', async () => {
    const json = JSON.stringify([
      {
        name: 'Only chapter',
        blocks: [{ sub_type: 'p', nodes: [{ voice_id: first!.voice_id, text: 'Hello.', type: 'tts_node' }] }],
      },
    ])
    await client.studio.projects.content.update(projectId, { fromContentJson: json })
    const chapters = await client.studio.projects.chapters.list(projectId)
    expect(chapters.chapters.map((c) => c.name)).toEqual(['Only chapter'])
    expect(await client.studio.projects.delete(projectId)).toMatchObject({ status: 'ok' })
    expect((await sdkError(client.studio.projects.get(projectId))).statusCode).toBe(404)
  })
})
