// Studio through HTTP as a client sees it, each figure beside a baseline from the same run:
// casting accuracy on the test book (three characters and a narrator) beside the nearest name to
// each quote; a chapter's conversion beside plain text to speech of the same text; a paragraph's
// regeneration (a new take) beside speech of the paragraph alone; one sentence regenerated and
// spliced into a new take beside speech of the sentence alone; the words timed for the
// editor's highlight; the chapter's current audio (what "play from here" loads) beside the
// snapshot stream.
import { PREMADE_VOICES } from '@timbre/speech'
import {
  TEST_BOOK_CHARACTERS,
  testBookLines,
  testBookText,
} from '../../apps/server/src/modules/studio/casting/test-book.js'
import { buildEpub } from '../../apps/server/test/helpers/documents.js'
import { fmt, startBenchServer } from '../api/bench-app.js'

type Node = { voice_id: string; text: string; character_id: string | null }
type Block = { block_id: string; sub_type: string; nodes: Node[] }

/** The baseline attribution: each quote to the character named nearest to it in its paragraph. */
function nearestNameShare(): number {
  const paragraphs = testBookText().flatMap((c) => c.paragraphs)
  const lines = testBookLines()
  let right = 0
  for (const { line, by } of lines) {
    const paragraph = paragraphs.find((p) => p.includes(line)) ?? ''
    const at = paragraph.indexOf(line)
    let best: { name: string; distance: number } | null = null
    for (const name of TEST_BOOK_CHARACTERS) {
      for (const match of paragraph.matchAll(new RegExp(`\\b${name}\\b`, 'g'))) {
        const index = match.index ?? 0
        if (index >= at && index < at + line.length) continue
        const distance = index < at ? at - index : index - (at + line.length)
        if (!best || distance < best.distance) best = { name, distance }
      }
    }
    if (best?.name === by) right++
  }
  return right / lines.length
}

export async function bench(): Promise<void> {
  const server = await startBenchServer()
  const headers = { 'xi-api-key': server.apiKey, 'content-type': 'application/json' }
  const voices = PREMADE_VOICES.slice(0, 4).map((v) => v.voice_id)
  const [narrator = '', anna = '', marcus = '', elena = ''] = voices
  try {
    const form = new FormData()
    form.set('name', 'Bench book')
    form.set('default_title_voice_id', narrator)
    form.set('default_paragraph_voice_id', narrator)
    const book = testBookText().map((c) => ({ title: c.name, paragraphs: c.paragraphs }))
    form.set('from_document', new File([buildEpub(book)], 'book.epub', { type: 'application/epub+zip' }))
    const created = await fetch(`${server.url}/v1/studio/projects`, {
      method: 'POST',
      headers: { 'xi-api-key': server.apiKey },
      body: form,
    }).then((r) => r.json())
    const projectId = created.project.project_id as string
    const api = async (method: 'GET' | 'POST', path: string, body?: object) => {
      const response = await fetch(`${server.url}/v1/studio/projects/${projectId}${path}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      })
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
      return response
    }
    const json = async (method: 'GET' | 'POST', path: string, body?: object) =>
      (await api(method, path, body)).json()
    const chapters = (await json('GET', '/chapters')).chapters as Array<{ chapter_id: string }>

    // Casting.
    await json('POST', '/cast/detect')
    const voiceOf: Record<string, string> = { Anna: anna, Marcus: marcus, Elena: elena }
    await json('POST', '/cast', {
      narrator_voice_id: narrator,
      characters: [
        { character_id: 'anna', voice_id: anna },
        { character_id: 'marcus', voice_id: marcus },
        { character_id: 'elena', voice_id: elena },
      ],
    })
    const blocksOf = async (chapterId: string) =>
      (await json('GET', `/chapters/${chapterId}`)).content.blocks as Block[]
    const nodes: Node[] = []
    for (const chapter of chapters)
      for (const block of await blocksOf(chapter.chapter_id)) nodes.push(...block.nodes)
    const truth = testBookLines()
    const right = truth.filter((line) =>
      nodes.some(
        (n) => n.character_id !== 'narrator' && n.text.includes(line.line) && n.voice_id === voiceOf[line.by],
      ),
    ).length
    console.log('casting (quoted lines read by the right character’s voice)')
    console.log(
      `  Studio casting       ${right} of ${truth.length} (${fmt((right / truth.length) * 100, 1)} %)`,
    )
    console.log(`  baseline nearest name            (${fmt(nearestNameShare() * 100, 1)} %)`)

    // Conversion of the first chapter beside plain speech of its text, every voice warmed first.
    const first = chapters[0]?.chapter_id ?? ''
    for (const voice of voices) {
      await fetch(`${server.url}/v1/text-to-speech/${voice}?output_format=pcm_44100`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: 'Warm up.' }),
      }).then((r) => r.arrayBuffer())
    }
    const text = (await blocksOf(first)).map((b) => b.nodes.map((n) => n.text).join('')).join('\n')
    const waitDone = async (conversionId: string) => {
      for (;;) {
        const view = await json('GET', `/conversions/${conversionId}`)
        if (view.status === 'done') return
        if (view.status === 'failed') throw new Error(view.error?.message ?? 'failed')
        await new Promise((r) => setTimeout(r, 50))
      }
    }
    let started = performance.now()
    await waitDone((await json('POST', `/chapters/${first}/convert`)).conversion_id)
    const convertMs = performance.now() - started
    const tts = async (say: string) => {
      const at = performance.now()
      const response = await fetch(`${server.url}/v1/text-to-speech/${narrator}?output_format=pcm_44100`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text: say }),
      })
      await response.arrayBuffer()
      return performance.now() - at
    }
    const ttsMs = await tts(text)
    console.log(`conversion of a chapter (${text.length} characters, four voices)`)
    console.log(
      `  Studio conversion job        ${fmt(convertMs)} ms (${fmt(text.length / (convertMs / 1000))} chars/s)`,
    )
    console.log(
      `  baseline text to speech      ${fmt(ttsMs)} ms (${fmt(text.length / (ttsMs / 1000))} chars/s)`,
    )

    // The words timed for the highlight, and what "play from here" loads.
    const timeline = await json('GET', `/chapters/${first}/timeline`)
    const words = timeline.blocks.flatMap((b: { words: unknown[] }) => b.words).length
    const written = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
    console.log(`word timings: ${words} of ${written} written words timed`)
    started = performance.now()
    const audio = await (await api('GET', `/chapters/${first}/audio`)).arrayBuffer()
    const audioMs = performance.now() - started
    const snapshots = await json('GET', `/chapters/${first}/snapshots`)
    started = performance.now()
    const snapshotAudio = await (
      await api('POST', `/chapters/${first}/snapshots/${snapshots.snapshots[0].chapter_snapshot_id}/stream`)
    ).arrayBuffer()
    const snapshotMs = performance.now() - started

    // A new take of one paragraph beside speech of the paragraph alone.
    const paragraph = (await blocksOf(first)).find((b) => b.sub_type === 'p')
    if (!paragraph) throw new Error('no paragraph')
    started = performance.now()
    await waitDone(
      (await json('POST', `/chapters/${first}/blocks/${paragraph.block_id}/regenerate`)).conversion_id,
    )
    const takeMs = performance.now() - started
    const paragraphText = paragraph.nodes.map((n) => n.text).join('')
    const paragraphTtsMs = await tts(paragraphText)
    const takes = await json('GET', `/chapters/${first}/blocks/${paragraph.block_id}/takes`)
    console.log(
      `a paragraph regenerated (${paragraphText.length} characters; ${takes.takes.length} takes kept)`,
    )
    console.log(`  Studio regeneration (new take)  ${fmt(takeMs)} ms`)
    console.log(`  baseline text to speech         ${fmt(paragraphTtsMs)} ms`)

    // One sentence of a paragraph again (spliced into a new take) beside speech of the sentence alone.
    const multi = (await blocksOf(first)).find((b) => {
      const said = b.nodes.map((n) => n.text).join('')
      return b.sub_type === 'p' && /[.!?][”"]?\s+\S/.test(said) && b.block_id !== paragraph.block_id
    })
    if (multi) {
      const said = multi.nodes.map((n) => n.text).join('')
      const at = said.search(/[.!?][”"]?\s+\S/) + 3
      started = performance.now()
      const spliced = await json('POST', `/chapters/${first}/blocks/${multi.block_id}/regenerate-sentence`, {
        from: at,
        to: at,
      })
      const sentenceMs = performance.now() - started
      const sentenceTtsMs = await tts(spliced.sentence.text)
      console.log(
        `a sentence regenerated (${spliced.sentence.text.length} of the paragraph's ${said.length} characters)`,
      )
      console.log(`  Studio sentence (spliced, new take)  ${fmt(sentenceMs)} ms`)
      console.log(`  baseline text to speech              ${fmt(sentenceTtsMs)} ms`)
    }

    // With the new take the chapter's audio is no longer the snapshot's: the takes are joined.
    started = performance.now()
    const joined = await (await api('GET', `/chapters/${first}/audio`)).arrayBuffer()
    const joinedMs = performance.now() - started
    console.log('play from here: the chapter audio fetched')
    console.log(
      `  current audio, a new take (joined, MP3)    ${fmt(joinedMs)} ms, ${fmt(joined.byteLength / 1024)} kB`,
    )
    console.log(
      `  current audio, as converted                ${fmt(audioMs)} ms, ${fmt(audio.byteLength / 1024)} kB`,
    )
    console.log(
      `  baseline snapshot stream                   ${fmt(snapshotMs)} ms, ${fmt(snapshotAudio.byteLength / 1024)} kB`,
    )
  } finally {
    await server.stop()
  }
}
