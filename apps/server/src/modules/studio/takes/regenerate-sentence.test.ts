import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { createUser } from '../../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { sentenceAt, sentencesOf } from './sentences.js'

// One sentence of a generated paragraph is rendered again and spliced into a new take: the
// audio of the other sentences is kept sample for sample, the joins fall in silence, the words
// stay timed, only the sentence's characters are charged (nothing while the paragraph's free
// regenerations last), and the take it replaced can be picked again to undo it.

const PARAGRAPH = 'The tide came in slowly. Gulls circled over the pier. Night fell on the harbour.'
const MIDDLE = 'Gulls circled over the pier.'
const RATE = 44_100

let t: TestApp
let workspaceId = ''
let apiKey = ''
let address = ''
let projectId = ''
let chapterId = ''
let blockId = ''

const api = (method: 'GET' | 'POST', path: string, body: object = {}) =>
  fetch(`${address}/v1/studio/projects/${projectId}${path}`, {
    method,
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  })

type Takes = {
  free_regenerations_left: number
  takes: Array<{ take_id: string; picked: boolean; free: boolean }>
}
type Words = Array<{ from: number; to: number; start_seconds: number; end_seconds: number }>

async function finished(conversionId: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const view = (await (await api('GET', `/conversions/${conversionId}`)).json()) as { status: string }
    if (view.status === 'done') return
    if (view.status === 'failed') throw new Error('the conversion failed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the conversion did not end')
}

const takesPath = () => `/chapters/${chapterId}/blocks/${blockId}/takes`
const regenerate = (from: number, to = from) =>
  api('POST', `/chapters/${chapterId}/blocks/${blockId}/regenerate-sentence`, { from, to })

/** A take's samples (its WAV without the header). */
async function samplesOf(takeId: string): Promise<Int16Array> {
  const wav = Buffer.from(await (await api('GET', `${takesPath()}/${takeId}/audio`)).arrayBuffer())
  const pcm = wav.subarray(44)
  return new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1)
}

/** The paragraph's words, in seconds from the start of its take. */
async function blockWords(): Promise<Words> {
  const timeline = await (await api('GET', `/chapters/${chapterId}/timeline`)).json()
  const block = timeline.blocks.find((b: { block_id: string }) => b.block_id === blockId)
  return (block.words as Words).map((w) => ({
    ...w,
    start_seconds: w.start_seconds - block.start_seconds,
    end_seconds: w.end_seconds - block.start_seconds,
  }))
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['projects'] },
  })
  apiKey = key.json().api_key
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const form = new FormData()
  const voice = PREMADE_VOICES[0]?.voice_id ?? ''
  form.set('name', 'Sentences')
  form.set('default_title_voice_id', voice)
  form.set('default_paragraph_voice_id', voice)
  const book = buildEpub([{ title: 'One', paragraphs: [PARAGRAPH] }])
  form.set('from_document', new File([book], 'b.epub', { type: 'application/epub+zip' }))
  const created = await fetch(`${address}/v1/studio/projects`, {
    method: 'POST',
    headers: { 'xi-api-key': apiKey },
    body: form,
  }).then((r) => r.json())
  projectId = created.project.project_id
  chapterId = (await (await api('GET', '/chapters')).json()).chapters[0].chapter_id
  const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
  blockId = chapter.content.blocks.find((b: { sub_type: string }) => b.sub_type === 'p').block_id
}, 240_000)
afterAll(() => t?.close())

describe('sentences of a paragraph', () => {
  it('finds the sentence at a caret or under a selection', () => {
    expect(sentencesOf(PARAGRAPH).map((s) => PARAGRAPH.slice(s.from, s.to))).toEqual([
      'The tide came in slowly.',
      MIDDLE,
      'Night fell on the harbour.',
    ])
    const at = PARAGRAPH.indexOf('circled')
    const one = sentenceAt(PARAGRAPH, at, at)
    expect(one && PARAGRAPH.slice(one.from, one.to)).toBe(MIDDLE)
    const two = sentenceAt(PARAGRAPH, at, PARAGRAPH.indexOf('Night') + 2)
    expect(two && PARAGRAPH.slice(two.from, two.to)).toBe(`${MIDDLE} Night fell on the harbour.`)
    expect(sentenceAt(PARAGRAPH, PARAGRAPH.length + 5, PARAGRAPH.length + 5)).toBeNull()
  })
})

describe('regenerating one sentence', () => {
  it('refuses a paragraph that has no audio yet, and a place with no sentence', async () => {
    const early = await regenerate(0)
    expect(early.status).toBe(409)
    expect((await early.json()).detail.code).toBe('studio_sentence_needs_audio')
    await finished((await (await api('POST', `/chapters/${chapterId}/convert`)).json()).conversion_id)
    const outside = await regenerate(PARAGRAPH.length + 10)
    expect(outside.status).toBe(400)
    expect((await outside.json()).detail.code).toBe('studio_sentence_not_found')
    const backwards = await regenerate(10, 2)
    expect(backwards.status).toBe(422)
  }, 240_000)

  it('splices the sentence into a new take, keeping the rest of the audio and its timings', async () => {
    const before = (await (await api('GET', takesPath())).json()) as Takes
    const original = before.takes.find((take) => take.picked)?.take_id ?? ''
    const oldSamples = await samplesOf(original)
    const oldWords = await blockWords()
    const credits = await characterCount(t.database, workspaceId)

    const response = await regenerate(PARAGRAPH.indexOf('circled'))
    expect(response.status, await response.clone().text()).toBe(200)
    const result = await response.json()
    expect(result.sentence.text).toBe(MIDDLE)
    expect(result.free).toBe(true)
    expect(result.previous_take_id).toBe(original)
    expect(result.free_regenerations_left).toBe(1)
    // A free regeneration: nothing charged.
    expect(await characterCount(t.database, workspaceId)).toBe(credits)

    const after = (await (await api('GET', takesPath())).json()) as Takes
    expect(after.takes).toHaveLength(2)
    expect(after.takes.find((take) => take.picked)?.take_id).toBe(result.take_id)
    const newSamples = await samplesOf(result.take_id)
    const newWords = await blockWords()
    expect(newWords.map((w) => PARAGRAPH.slice(w.from, w.to))).toEqual(
      oldWords.map((w) => PARAGRAPH.slice(w.from, w.to)),
    )
    const words = newWords.map((w, i) => ({ ...w, old: oldWords[i] }))
    const lastOfFirst = words.find((w) => PARAGRAPH.slice(w.from, w.to) === 'slowly')
    const firstOfLast = words.find((w) => PARAGRAPH.slice(w.from, w.to) === 'Night')
    if (!lastOfFirst?.old || !firstOfLast?.old) throw new Error('words missing')
    // The first sentence is the same audio, sample for sample, and the same timings.
    const headEnd = Math.floor(lastOfFirst.old.end_seconds * RATE)
    expect(Buffer.from(newSamples.subarray(0, headEnd))).toEqual(Buffer.from(oldSamples.subarray(0, headEnd)))
    expect(lastOfFirst.start_seconds).toBeCloseTo(lastOfFirst.old.start_seconds, 3)
    // The last sentence is the same audio, moved by however long the new sentence is.
    const shift = newSamples.length - oldSamples.length
    const tailFrom = Math.ceil(firstOfLast.old.start_seconds * RATE)
    expect(Buffer.from(newSamples.subarray(tailFrom + shift))).toEqual(
      Buffer.from(oldSamples.subarray(tailFrom)),
    )
    expect(firstOfLast.start_seconds).toBeCloseTo(firstOfLast.old.start_seconds + shift / RATE, 2)
    // The joins are cut in silence: where the new take starts and stops differing from the old
    // one, both takes are quiet next to the paragraph's loudest sample (no click at a join).
    const peak = oldSamples.reduce((max, s) => Math.max(max, Math.abs(s)), 0)
    const loudest = (samples: Int16Array, at: number) =>
      samples.subarray(Math.max(0, at - 220), at + 220).reduce((max, s) => Math.max(max, Math.abs(s)), 0)
    const joinIn = newSamples.findIndex((s, i) => s !== oldSamples[i])
    let joinOut = 0
    while (newSamples.at(-1 - joinOut) === oldSamples.at(-1 - joinOut)) joinOut++
    expect(joinIn).toBeGreaterThan(headEnd)
    expect(loudest(oldSamples, joinIn)).toBeLessThan(peak * 0.1)
    expect(loudest(newSamples, joinIn)).toBeLessThan(peak * 0.1)
    expect(loudest(oldSamples, oldSamples.length - joinOut)).toBeLessThan(peak * 0.1)
    expect(loudest(newSamples, newSamples.length - joinOut)).toBeLessThan(peak * 0.1)
  }, 120_000)

  it('is charged for the sentence only once the free regenerations are used, and can be undone', async () => {
    const second = await regenerate(PARAGRAPH.indexOf('tide'))
    expect((await second.json()).free).toBe(true)
    const credits = await characterCount(t.database, workspaceId)
    const third = await regenerate(PARAGRAPH.indexOf('harbour'))
    const result = await third.json()
    expect(result.free).toBe(false)
    expect(result.free_regenerations_left).toBe(0)
    expect(await characterCount(t.database, workspaceId)).toBe(credits + 'Night fell on the harbour.'.length)
    // Undo: the take it was made from is picked again.
    const picked = await api('POST', `${takesPath()}/${result.previous_take_id}/pick`)
    expect(picked.status).toBe(200)
    const listed = (await (await api('GET', takesPath())).json()) as Takes
    expect(listed.takes).toHaveLength(4)
    expect(listed.takes.find((take) => take.picked)?.take_id).toBe(result.previous_take_id)
  }, 120_000)

  it('refuses a locked paragraph', async () => {
    expect(
      (await api('POST', `/chapters/${chapterId}/blocks/${blockId}/lock`, { locked: true })).status,
    ).toBe(200)
    const locked = await regenerate(0)
    expect(locked.status).toBe(409)
    expect((await locked.json()).detail.code).toBe('studio_block_locked')
  })
})
