import { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEpub } from '../../../../test/helpers/documents.js'
import { createUser } from '../../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Regenerating a paragraph with the same text is free twice; the third time is charged, and a
// change of its text starts the count again. Every rendering is kept as a take that can be heard
// and picked, and the chapter's timeline says when each word is spoken.

let t: TestApp
let workspaceId = ''
let apiKey = ''
let address = ''
let projectId = ''
let chapterId = ''

const api = (method: 'GET' | 'POST', path: string, body: object = {}) =>
  fetch(`${address}/v1/studio/projects/${projectId}${path}`, {
    method,
    headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  })

type Timeline = {
  converted: boolean
  blocks: Array<{
    block_id: string
    start_seconds: number
    end_seconds: number
    words: Array<{ from: number; to: number; start_seconds: number; end_seconds: number }>
  }>
}
type Takes = {
  current: boolean
  free_regenerations_left: number
  takes: Array<{ take_id: string; duration_seconds: number; free: boolean; picked: boolean }>
}

async function finished(conversionId: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    const view = (await (await api('GET', `/conversions/${conversionId}`)).json()) as { status: string }
    if (view.status === 'done') return
    if (view.status === 'failed') throw new Error('the conversion failed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('the conversion did not end')
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
  const client = new ElevenLabsClient({ apiKey, baseUrl: address })
  const voice = PREMADE_VOICES[0]?.voice_id ?? ''
  const created = await client.studio.projects.create({
    name: 'Takes',
    defaultTitleVoiceId: voice,
    defaultParagraphVoiceId: voice,
    fromDocument: new File(
      [buildEpub([{ title: 'One', paragraphs: ['The tide came in slowly.'] }])],
      'b.epub',
      {
        type: 'application/epub+zip',
      },
    ),
  })
  projectId = created.project.projectId
  chapterId = (await (await api('GET', '/chapters')).json()).chapters[0].chapter_id
  await finished((await (await api('POST', `/chapters/${chapterId}/convert`)).json()).conversion_id)
}, 240_000)
afterAll(() => t?.close())

describe('free regenerations', () => {
  it('charges nothing for the first two regenerations of a paragraph, then charges again', async () => {
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const block = chapter.content.blocks.find((b: { sub_type: string }) => b.sub_type === 'p')
    const regenerate = async () => {
      const started = await api('POST', `/chapters/${chapterId}/blocks/${block.block_id}/regenerate`)
      expect(started.status).toBe(200)
      await finished((await started.json()).conversion_id)
      return characterCount(t.database, workspaceId)
    }
    const before = await characterCount(t.database, workspaceId)
    expect(before).toBeGreaterThan(0)
    const first = await regenerate()
    const second = await regenerate()
    const third = await regenerate()
    console.log(
      `credits used: converted ${before}, after free takes ${first}, ${second}; third take ${third}`,
    )
    expect(first).toBe(before)
    expect(second).toBe(before)
    expect(third - second).toBe('The tide came in slowly.'.length)
  }, 240_000)

  it("keeps every take of the paragraph's text; a picked take is what the chapter plays", async () => {
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const block = chapter.content.blocks.find((b: { sub_type: string }) => b.sub_type === 'p')
    const takesPath = `/chapters/${chapterId}/blocks/${block.block_id}/takes`
    const listed = (await (await api('GET', takesPath)).json()) as Takes
    // The conversion and three regenerations, newest first and picked; two of them were free.
    expect(listed.current).toBe(true)
    expect(listed.free_regenerations_left).toBe(0)
    expect(listed.takes).toHaveLength(4)
    expect(listed.takes.map((take) => take.picked)).toEqual([true, false, false, false])
    expect(listed.takes.filter((take) => take.free)).toHaveLength(2)

    const oldest = listed.takes.at(-1)
    if (!oldest) throw new Error('no take')
    const heard = await api('GET', `${takesPath}/${oldest.take_id}/audio`)
    expect(heard.headers.get('content-type')).toBe('audio/wav')
    const wav = Buffer.from(await heard.arrayBuffer())
    expect(wav.subarray(0, 4).toString()).toBe('RIFF')
    expect((wav.length - 44) / 2 / 44_100).toBeCloseTo(oldest.duration_seconds, 2)

    expect((await api('POST', `${takesPath}/${oldest.take_id}/pick`)).status).toBe(200)
    const after = (await (await api('GET', takesPath)).json()) as Takes
    expect(after.takes.find((take) => take.picked)?.take_id).toBe(oldest.take_id)
    const timeline = (await (await api('GET', `/chapters/${chapterId}/timeline`)).json()) as Timeline
    const placed = timeline.blocks.find((b) => b.block_id === block.block_id)
    expect((placed?.end_seconds ?? 0) - (placed?.start_seconds ?? 0)).toBeCloseTo(oldest.duration_seconds, 3)
    const audio = await api('GET', `/chapters/${chapterId}/audio`)
    expect(audio.headers.get('content-type')).toBe('audio/mpeg')
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000)

    const missing = await api('POST', `${takesPath}/nope/pick`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).detail.code).toBe('studio_take_not_found')
  }, 120_000)

  it('says when each word of a block is spoken, in order, inside its block', async () => {
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const timeline = (await (await api('GET', `/chapters/${chapterId}/timeline`)).json()) as Timeline
    for (const placed of timeline.blocks) {
      const block = chapter.content.blocks.find((b: { block_id: string }) => b.block_id === placed.block_id)
      const text = block.nodes.map((node: { text: string }) => node.text).join('')
      const spoken = placed.words.map((w) => text.slice(w.from, w.to))
      expect(spoken).toEqual(text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu))
      let last = placed.start_seconds
      for (const word of placed.words) {
        expect(word.start_seconds).toBeGreaterThanOrEqual(last - 0.001)
        expect(word.end_seconds).toBeGreaterThan(word.start_seconds)
        expect(word.end_seconds).toBeLessThanOrEqual(placed.end_seconds + 0.001)
        last = word.start_seconds
      }
    }
    const words = timeline.blocks.flatMap((b) => b.words)
    console.log(`word timings: ${words.length} words over ${timeline.blocks.length} blocks`)
    expect(words.length).toBeGreaterThanOrEqual(5)
  })

  it("drops the takes of a paragraph's earlier text once its new text is rendered", async () => {
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const blocks = chapter.content.blocks.map(
      (b: { block_id: string; sub_type: string; nodes: object[] }) => ({
        block_id: b.block_id,
        sub_type: b.sub_type,
        nodes: b.nodes.map((node) =>
          b.sub_type === 'p' ? { ...node, text: 'The tide went out at dawn.' } : node,
        ),
      }),
    )
    const block = blocks.find((b: { sub_type: string }) => b.sub_type === 'p')
    const saved = await api('POST', `/chapters/${chapterId}`, { content: { blocks } })
    expect(saved.status).toBe(200)
    const takesPath = `/chapters/${chapterId}/blocks/${block.block_id}/takes`
    expect(((await (await api('GET', takesPath)).json()) as Takes).current).toBe(false)
    await finished((await (await api('POST', `/chapters/${chapterId}/convert`)).json()).conversion_id)
    const listed = (await (await api('GET', takesPath)).json()) as Takes
    expect(listed.takes).toHaveLength(1)
    expect(listed.free_regenerations_left).toBe(2)
  }, 120_000)

  it('restores the chapter to its first snapshot: the text and the audio it had then', async () => {
    const listed = (await (await api('GET', `/chapters/${chapterId}/snapshots`)).json()) as {
      snapshots: Array<{ chapter_snapshot_id: string }>
    }
    expect(listed.snapshots.length).toBeGreaterThanOrEqual(2)
    const first = listed.snapshots.at(-1)?.chapter_snapshot_id ?? ''
    const firstAudio = await api('POST', `/chapters/${chapterId}/snapshots/${first}/stream`)
    expect(firstAudio.status).toBe(200)
    const restored = await api('POST', `/chapters/${chapterId}/snapshots/${first}/restore`)
    expect(restored.status, await restored.clone().text()).toBe(200)
    const chapter = await (await api('GET', `/chapters/${chapterId}`)).json()
    const text = chapter.content.blocks.map((b: { nodes: Array<{ text: string }> }) => b.nodes[0]?.text)
    expect(text).toContain('The tide came in slowly.')
    const timeline = (await (await api('GET', `/chapters/${chapterId}/timeline`)).json()) as Timeline
    expect(timeline.converted).toBe(true)
    // The restored audio is there to play, word timings and all.
    expect(timeline.blocks.flatMap((b) => b.words).length).toBeGreaterThanOrEqual(5)
    const audio = await api('GET', `/chapters/${chapterId}/audio`)
    expect(audio.status).toBe(200)
    const block = chapter.content.blocks.find((b: { sub_type: string }) => b.sub_type === 'p')
    const takes = (await (
      await api('GET', `/chapters/${chapterId}/blocks/${block.block_id}/takes`)
    ).json()) as Takes
    expect(takes.current).toBe(true)
    expect(takes.takes.some((take) => take.picked)).toBe(true)

    const missing = await api('POST', `/chapters/${chapterId}/snapshots/nope/restore`)
    expect(missing.status).toBe(404)
    expect((await api('POST', '/snapshots/nope/restore')).status).toBe(404)
  }, 120_000)
})
