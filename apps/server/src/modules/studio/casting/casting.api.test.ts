import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { TEST_BOOK_CHARACTERS, testBookLines, testBookText } from './test-book.js'

// Casting a whole book through the API: the project is made from an EPUB of the test book (three
// characters and a narrator), the cast is proposed, voices are given, and then every quoted
// line must be read by its character's voice and every piece of narration by the narrator's.

let t: TestApp
let user: TestUser
let key = ''
let projectId = ''
const [narratorVoice, annaVoice, marcusVoice, elenaVoice, laterVoice] = PREMADE_VOICES.map((v) => v.voice_id)

interface Node {
  voice_id: string
  text: string
  character_id: string | null
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const made = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  key = made.json().api_key
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const client = new ElevenLabsClient({ apiKey: key, baseUrl: address })
  const book = testBookText().map((c) => ({ title: c.name, paragraphs: c.paragraphs }))
  const created = await client.studio.projects.create({
    name: 'The Farm',
    defaultTitleVoiceId: narratorVoice ?? '',
    defaultParagraphVoiceId: narratorVoice ?? '',
    fromDocument: new File([buildEpub(book)], 'farm.epub', { type: 'application/epub+zip' }),
  })
  projectId = created.project.projectId
})
afterAll(() => t?.close())

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/v1/studio/projects/${projectId}${url}`,
    headers: { 'xi-api-key': key },
    payload,
  })

/** The nodes of every paragraph of the book, paragraph by paragraph. */
async function bookParagraphs(): Promise<Node[][]> {
  const chapters = (await call('GET', '/chapters')).json().chapters as Array<{ chapter_id: string }>
  const paragraphs: Node[][] = []
  for (const chapter of chapters) {
    const content = (await call('GET', `/chapters/${chapter.chapter_id}`)).json().content
    for (const block of content.blocks as Array<{ sub_type: string; nodes: Node[] }>) {
      if (block.sub_type === 'p') paragraphs.push(block.nodes)
    }
  }
  return paragraphs
}
const bookNodes = async () => (await bookParagraphs()).flat()

describe('casting a project', () => {
  it('proposes the three characters as the cast, the narrator on the default voice', async () => {
    const before = await call('GET', '/cast')
    expect(before.json()).toEqual({ narrator_voice_id: narratorVoice, characters: [] })
    const proposed = await call('POST', '/cast/detect')
    expect(proposed.statusCode).toBe(200)
    const names = proposed.json().characters.map((c: { name: string }) => c.name)
    expect(names.sort()).toEqual([...TEST_BOOK_CHARACTERS].sort())
  })

  it('reads every quoted line with its character’s voice across chapters', async () => {
    const voiceOf: Record<string, string | undefined> = {
      Anna: annaVoice,
      Marcus: marcusVoice,
      Elena: elenaVoice,
    }
    const applied = await call('POST', '/cast', {
      narrator_voice_id: narratorVoice,
      characters: ['anna', 'marcus', 'elena'].map((id) => ({
        character_id: id,
        voice_id: voiceOf[id[0]?.toUpperCase() + id.slice(1)],
      })),
    })
    expect(applied.statusCode).toBe(200)
    expect(applied.json().chapters_changed).toBe(3)
    const paragraphs = await bookParagraphs()
    const nodes = paragraphs.flat()
    // Every node of a cast member is read by that member's voice.
    const memberVoice: Record<string, string | undefined> = {
      narrator: narratorVoice,
      anna: annaVoice,
      marcus: marcusVoice,
      elena: elenaVoice,
    }
    for (const node of nodes) expect(node.voice_id).toBe(memberVoice[node.character_id ?? ''])
    // Quotes are nodes of their own; score who reads each one against who says it.
    const truth = testBookLines()
    const quoteNodes = nodes.filter((n) => n.character_id !== 'narrator')
    const readRight = truth.filter((line) =>
      quoteNodes.some((n) => n.text.includes(line.line) && n.voice_id === voiceOf[line.by]),
    ).length
    const share = readRight / truth.length
    console.log(
      `casting through the API: ${readRight} of ${truth.length} quoted lines read by the right character's voice (${(share * 100).toFixed(1)} %)`,
    )
    expect(share).toBeGreaterThanOrEqual(0.9)
    // Cutting paragraphs into nodes changes none of the book's text.
    expect(paragraphs.map((p) => p.map((n) => n.text).join(''))).toEqual(
      testBookText().flatMap((c) => c.paragraphs),
    )
  })

  it('changes one character’s voice in one place, everywhere it speaks', async () => {
    const changed = await call('POST', '/cast/marcus', { voice_id: laterVoice })
    expect(changed.statusCode).toBe(200)
    expect(
      changed.json().characters.find((c: { character_id: string }) => c.character_id === 'marcus').voice_id,
    ).toBe(laterVoice)
    const nodes = await bookNodes()
    const marcus = nodes.filter((n) => n.character_id === 'marcus')
    expect(marcus.length).toBeGreaterThan(10)
    expect(new Set(marcus.map((n) => n.voice_id))).toEqual(new Set([laterVoice]))
    expect(nodes.filter((n) => n.character_id === 'anna').every((n) => n.voice_id === annaVoice)).toBe(true)
  })

  it('refuses an unknown voice or character and leaves the cast as it was', async () => {
    const badVoice = await call('POST', '/cast/anna', { voice_id: 'no-such-voice' })
    expect(badVoice.statusCode).toBe(400)
    const badCharacter = await call('POST', '/cast/nobody', { voice_id: annaVoice })
    expect(badCharacter.statusCode).toBe(404)
    const cast = (await call('GET', '/cast')).json()
    expect(cast.characters.find((c: { character_id: string }) => c.character_id === 'anna').voice_id).toBe(
      annaVoice,
    )
  })
})
