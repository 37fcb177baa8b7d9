// API figures for text to speech, per engine family (Flite: Emma; eSpeak NG: Lena):
// time to first audio byte of POST /v1/text-to-speech/{id}/stream for a 1,000-character text
// (p50, p99 at concurrency 1 and 8) beside the espeak-ng command line's first byte for the same
// text; characters per second at concurrency 8 beside the command line running the same texts
// with as many processes as the server has speech workers; the first byte with every model and
// every engine voice (each Flite voice, eSpeak NG, and the neural engines on the tests' tiny
// Piper and Kokoro models);
// and the server process's memory (at rest after start, at start-up peak, under load) beside a
// bare node process. The engine alone (no HTTP, no database) and a bare node:http server give
// what the API layers cost.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import {
  createSpeechService,
  MODEL_PROFILES,
  PREMADE_VOICES,
  type SpeechRequest,
  type VoiceDefinition,
} from '@timbre/speech'
import { kokoroVoiceId } from '../../packages/speech/src/engines/neural/kokoro-catalogue.js'
import { neuralVoiceId, PIPER_MODEL_ID } from '../../packages/speech/src/engines/neural/neural-catalogue.js'
import { ensureEspeakCli, runEspeakCli } from '../speech/espeak-cli.js'
import { hasFliteCli, runFliteCli } from '../speech/flite-cli.js'
import { fmt, percentile, pooled, TINY_PIPER_FILE } from './bench-app.js'
import { bareNodeRss, memoryOf, startChildServer } from './child-process.js'

export const EN = [
  'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had done before him.',
  'From the top he could see the whole bay: the fishing boats coming home and the gulls circling over the harbour.',
  'Visitors often asked whether he felt lonely.',
  'He would smile and point at the sea, which changed its mood a hundred times a day.',
  'In winter the storms arrived without warning, and the light had to burn through the rain.',
  'Those were the nights he liked best, because somewhere out there a sailor was looking for him.',
]
const DE = [
  'Der alte Leuchtturmwärter stieg jeden Abend die Treppe hinauf und zählte jede Stufe, wie es schon sein Vater getan hatte.',
  'Von oben sah er die ganze Bucht: die Fischerboote auf dem Heimweg und die Möwen über dem Hafen.',
  'Besucher fragten oft, ob er sich einsam fühle.',
  'Dann lächelte er und zeigte auf das Meer, das hundertmal am Tag seine Stimmung wechselte.',
  'Im Winter kamen die Stürme ohne Warnung, und das Licht musste durch den Regen brennen.',
  'Das waren die Nächte, die er am liebsten mochte, weil dort draußen ein Seemann nach ihm suchte.',
]

export function text1000(sentences: readonly string[], seed: number): string {
  let out = ''
  for (let i = 0; out.length < 1000; i++) out += `${sentences[(i + seed) % sentences.length]} `
  return out.slice(0, out.lastIndexOf('.', 1000) + 1)
}

interface Family {
  label: string
  voice: VoiceDefinition
  sentences: readonly string[]
  cliVoice: string
}

const voiceNamed = (name: string) => PREMADE_VOICES.find((v) => v.name === name)!
const FAMILIES: Family[] = [
  { label: 'Flite (Emma)', voice: voiceNamed('Emma'), sentences: EN, cliVoice: 'en-us' },
  { label: 'eSpeak NG (Lena)', voice: voiceNamed('Lena'), sentences: DE, cliVoice: 'de' },
]
/** The first-byte-by-model table: one voice of every engine voice (each Flite voice, eSpeak NG). */
const MODEL_TABLE_VOICES: Array<{ label: string; voice: VoiceDefinition; sentences: readonly string[] }> = [
  { label: 'Flite slt (Emma)', voice: voiceNamed('Emma'), sentences: EN },
  { label: 'Flite rms (Noah)', voice: voiceNamed('Noah'), sentences: EN },
  { label: 'Flite awb (Callum)', voice: voiceNamed('Callum'), sentences: EN },
  { label: 'Flite kal16 (Ken)', voice: voiceNamed('Ken'), sentences: EN },
  { label: 'eSpeak NG (Lena)', voice: voiceNamed('Lena'), sentences: DE },
]
const MODEL = 'eleven_multilingual_v2'
const FORMAT = DEFAULT_OUTPUT_FORMAT
/** The espeak-ng command line's own output: 16-bit mono PCM at 22.05 kHz. */
const CLI_FORMAT = 'pcm_22050'
/**
 * BENCH_QUICK=1: fewer rounds (c=1 6, c=8 8 per family, one first byte per voice, one stream
 * per voice at c=8, 2 per model cell) for a before/after pair on a loaded machine, where a full
 * run takes over 20 minutes.
 */
const QUICK = process.env.BENCH_QUICK === '1'
const ROUNDS = QUICK ? { c1: 6, c8: 8 } : { c1: 12, c8: 24 }
const VOICE_ROUNDS = QUICK ? 1 : 3
const WORKERS = 2

export async function apiFirstByte(
  url: string,
  apiKey: string,
  voice: VoiceDefinition,
  text: string,
  options: { model?: string; firstByteOnly?: boolean; format?: string } = {},
): Promise<Sample> {
  const started = performance.now()
  const controller = new AbortController()
  const res = await fetch(
    `${url}/v1/text-to-speech/${voice.voice_id}/stream?output_format=${options.format ?? FORMAT}&enable_logging=false`,
    {
      method: 'POST',
      headers: { 'xi-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ text, model_id: options.model ?? MODEL }),
      signal: controller.signal,
    },
  )
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`)
  let ttfb = Number.NaN
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      if (Number.isNaN(ttfb) && chunk.length > 0) ttfb = performance.now() - started
      if (options.firstByteOnly) {
        controller.abort()
        break
      }
    }
  } catch (error) {
    if (!options.firstByteOnly) throw error
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function engineFirstChunk(service: ReturnType<typeof createSpeechService>, text: string) {
  const request: SpeechRequest = { text, voice: FAMILIES[0]!.voice, modelId: MODEL }
  const started = performance.now()
  let ttfb = Number.NaN
  for await (const chunk of service.stream(request, FORMAT)) {
    if (Number.isNaN(ttfb) && chunk.audio.length > 0) ttfb = performance.now() - started
  }
  return { ttfb, total: performance.now() - started, chars: text.length }
}

async function bareHttpFirstByte(url: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { method: 'POST', body: '{}' })
  for await (const _ of res.body as unknown as AsyncIterable<Uint8Array>) return performance.now() - started
  return Number.NaN
}

export type Sample = { ttfb: number; total: number; chars: number }

const p = (xs: Sample[], q: number) =>
  fmt(
    percentile(
      xs.map((x) => x.ttfb),
      q,
    ),
  )

function row(label: string, c1: Sample[], c8: Sample[], wall8: number): string {
  const chars8 = c8.reduce((s, x) => s + x.chars, 0)
  return `| ${label} | ${p(c1, 50)} | ${p(c1, 99)} | ${p(c8, 50)} | ${p(c8, 99)} | ${fmt(chars8 / (wall8 / 1000))} |`
}

/** Flite's own command line on the same texts: chars/s with `processes` at once. */
async function fliteBaseline(family: Family, processes: number): Promise<number> {
  const voice = family.voice.engine.engine === 'flite' ? family.voice.engine.voice : 'slt'
  await runFliteCli(voice, 'warm up')
  const texts = Array.from({ length: 8 }, (_, i) => text1000(family.sentences, i))
  const started = performance.now()
  await pooled(texts.length, processes, (i) => runFliteCli(voice, texts[i]!))
  return texts.reduce((s, t) => s + t.length, 0) / ((performance.now() - started) / 1000)
}

/** The espeak-ng command line on the same texts: first byte, and chars/s with `processes` at once. */
async function cliBaseline(family: Family, processes: number) {
  await runEspeakCli(family.cliVoice, 'warm up')
  const firsts = await pooled(5, 1, (i) => runEspeakCli(family.cliVoice, text1000(family.sentences, i)))
  const texts = Array.from({ length: 8 }, (_, i) => text1000(family.sentences, i))
  const started = performance.now()
  await pooled(texts.length, processes, (i) => runEspeakCli(family.cliVoice, texts[i]!))
  const seconds = (performance.now() - started) / 1000
  return {
    firstByte: percentile(
      firsts.map((r) => r.firstByteMs),
      50,
    ),
    charsPerSecond: texts.reduce((s, t) => s + t.length, 0) / seconds,
  }
}

/** About 1,000 characters of the voice's own preview text, repeated, cut at a sentence end. */
function voiceText(voice: VoiceDefinition): string {
  let out = ''
  while (out.length < 1000) out += `${voice.preview_text} `
  const cut = Math.max(...['.', '!', '?', '。', '।'].map((end) => out.lastIndexOf(end, 1000)))
  return cut > 0 ? out.slice(0, cut + 1) : out.slice(0, out.lastIndexOf(' ', 1000)).trim()
}

/**
 * Every premade voice, each in its own language: the first byte at c=1 (3 requests per voice,
 * the stream closed after the first byte, a pause between so closed streams' running segments
 * do not delay the next) and at c=8 (two whole 1,000-character streams per voice, 8 at once),
 * beside the espeak-ng command line's first byte for the same texts in the same run.
 */
async function everyVoice(server: { url: string; apiKey: string }): Promise<string[]> {
  const c1: Array<{ voice: VoiceDefinition; sample: Sample }> = []
  for (const voice of PREMADE_VOICES) {
    await apiFirstByte(server.url, server.apiKey, voice, voiceText(voice).slice(0, 200), {
      firstByteOnly: true,
    })
    for (let i = 0; i < VOICE_ROUNDS; i++) {
      await new Promise((r) => setTimeout(r, 500))
      c1.push({
        voice,
        sample: await apiFirstByte(server.url, server.apiKey, voice, voiceText(voice), {
          firstByteOnly: true,
        }),
      })
    }
  }
  await new Promise((r) => setTimeout(r, 2000))
  const order = QUICK ? [...PREMADE_VOICES] : [...PREMADE_VOICES, ...PREMADE_VOICES]
  const started = performance.now()
  const c8 = await pooled(order.length, 8, (i) =>
    apiFirstByte(server.url, server.apiKey, order[i]!, voiceText(order[i]!)),
  )
  const wall = performance.now() - started
  const cli: number[] = []
  if (ensureEspeakCli()) {
    for (const voice of PREMADE_VOICES) {
      const variant = voice.language === 'en' ? 'en-us' : voice.language
      cli.push((await runEspeakCli(variant, voiceText(voice))).firstByteMs)
    }
  }
  const samples = c1.map((x) => x.sample)
  const perVoice = PREMADE_VOICES.map((voice) => {
    const mine = c1.filter((x) => x.voice === voice).map((x) => x.sample)
    return `${voice.name} ${p(mine, 50)}`
  })
  return [
    `every premade voice (${PREMADE_VOICES.length}), ${MODEL}, ${FORMAT}, ~1,000 characters of each voice's preview text`,
    '| | TTFB p50 c=1 (ms) | p99 c=1 | TTFB p50 c=8 | p99 c=8 | chars/s c=8 |',
    '|---|---|---|---|---|---|',
    row('API /stream, every premade voice', samples, c8, wall),
    `| espeak-ng CLI, same texts, whole first sentence (first byte) | ${fmt(percentile(cli, 50))} | ${fmt(percentile(cli, 99))} | - | - | - |`,
    `per voice, TTFB p50 at c=1 (ms): ${perVoice.join(', ')}`,
  ]
}

const MODEL_ROUNDS = QUICK ? 2 : 4

/** First bytes at c=1 with the stream closed after the first byte, a pause before each. */
function firstBytes(
  server: { url: string; apiKey: string },
  voice: VoiceDefinition,
  model: string,
  text: (i: number) => string,
): Promise<Sample[]> {
  // A closed stream's running segments finish first: pause so they do not delay the next.
  return pooled(MODEL_ROUNDS, 1, async (i) => {
    await new Promise((r) => setTimeout(r, 1000))
    return apiFirstByte(server.url, server.apiKey, voice, text(i), { model, firstByteOnly: true })
  })
}

/**
 * The neural engines' first byte (the tests' tiny Piper and Kokoro models: the figures are the
 * pipeline's and the phonemiser's, not a real model's), as rows of the by-model table, and
 * server memory with a neural model: the models directory holds the tests' tiny Kokoro model
 * (ONNX Runtime and eSpeak NG loaded for the scan, the voice packs read), at rest after start,
 * after one Kokoro request (a session per render thread) and at its peak under c=8.
 */
export async function neuralServer(): Promise<{ memory: string; modelLines: string[] }> {
  const server = await startChildServer(WORKERS, { tinyKokoro: true })
  const pid = server.child.pid!
  try {
    await new Promise((r) => setTimeout(r, 2000))
    const atRest = memoryOf(pid)
    const voice = { voice_id: kokoroVoiceId('kokoro-tiny', 'af_tiny') } as VoiceDefinition
    const model = 'timbre_kokoro'
    await apiFirstByte(server.url, server.apiKey, voice, text1000(EN, 0), { model })
    const afterOne = memoryOf(pid)
    const cells = (xs: Sample[]) => `${p(xs, 50)} / ${p(xs, 99)}`
    const dashes = MODEL_TABLE_VOICES.slice(1).map(() => '-')
    const piperVoice = { voice_id: neuralVoiceId(TINY_PIPER_FILE, 0) } as VoiceDefinition
    await apiFirstByte(server.url, server.apiKey, piperVoice, text1000(EN, 0), { model: PIPER_MODEL_ID })
    const modelLines = [
      `| ${PIPER_MODEL_ID} (tiny Piper model, its own voice) | ${[cells(await firstBytes(server, piperVoice, PIPER_MODEL_ID, (i) => text1000(EN, i))), ...dashes].join(' | ')} |`,
      `| ${model} (tiny Kokoro model, its own voice) | ${[cells(await firstBytes(server, voice, model, (i) => text1000(EN, i))), ...dashes].join(' | ')} |`,
    ]
    let peak = afterOne.rssMb
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rssMb)
    }, 50)
    const started = performance.now()
    const c8 = await pooled(16, 8, (i) =>
      apiFirstByte(server.url, server.apiKey, voice, text1000(EN, i), { model }),
    )
    const wall = performance.now() - started
    clearInterval(sampler)
    const after = memoryOf(pid)
    const memory =
      `server process RSS with a Kokoro folder and a Piper model in the models directory (tiny models, 2 voice packs): ${fmt(atRest.rssMb)} MB at rest after start, ` +
      `${fmt(afterOne.rssMb)} MB after one Kokoro request, ${fmt(peak)} MB peak at c=8, ${fmt(after.rssMb)} MB after it; ` +
      `Kokoro TTFB at c=8 p50 ${p(c8, 50)} / p99 ${p(c8, 99)} ms, ${fmt(c8.reduce((s, x) => s + x.chars, 0) / (wall / 1000))} chars/s`
    return { memory, modelLines }
  } finally {
    await server.stop()
  }
}

/** BENCH_TTFB_ONLY=1: only the API's first-byte rows (c=1 and c=8 per family), for before/after checks. */
const TTFB_ONLY = process.env.BENCH_TTFB_ONLY === '1'

export async function bench(): Promise<void> {
  if (TTFB_ONLY) return ttfbOnly()
  const cli = ensureEspeakCli()
  // Bare node:http: the floor for any HTTP layer on this machine.
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'audio/mpeg' })
    res.end(Buffer.alloc(4096))
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
  const bare1 = await pooled(ROUNDS.c1, 1, () => bareHttpFirstByte(bareUrl))
  const bare8 = await pooled(ROUNDS.c8 * 4, 8, () => bareHttpFirstByte(bareUrl))
  bare.close()

  // The engine alone, same worker count (Flite).
  const engine = createSpeechService({ workers: WORKERS })
  const en = (i: number) => text1000(EN, i)
  await engineFirstChunk(engine, en(0)) // start and warm the workers
  const e1 = await pooled(ROUNDS.c1, 1, (i) => engineFirstChunk(engine, en(i)))
  let t0 = performance.now()
  const e8 = await pooled(ROUNDS.c8, 8, (i) => engineFirstChunk(engine, en(i)))
  const eWall = performance.now() - t0
  await engine.close()

  // The whole API in its own process: auth, plan, credits, concurrency slot, synthesis, HTTP.
  const bareRss = await bareNodeRss(false)
  const bareTsxRss = await bareNodeRss(true)
  const server = await startChildServer(WORKERS)
  const pid = server.child.pid!
  await new Promise((r) => setTimeout(r, 2000))
  const atRest = memoryOf(pid)
  let loadPeak = 0
  const sampler = setInterval(() => {
    loadPeak = Math.max(loadPeak, memoryOf(pid).rssMb)
  }, 50)
  const lines: string[] = []
  const firstSample: Record<string, Sample[]> = {}
  try {
    for (const family of FAMILIES) {
      const text = (i: number) => text1000(family.sentences, i)
      await apiFirstByte(server.url, server.apiKey, family.voice, text(0))
      const a1 = await pooled(ROUNDS.c1, 1, (i) =>
        apiFirstByte(server.url, server.apiKey, family.voice, text(i)),
      )
      t0 = performance.now()
      const a8 = await pooled(ROUNDS.c8, 8, (i) =>
        apiFirstByte(server.url, server.apiKey, family.voice, text(i)),
      )
      const aWall = performance.now() - t0
      firstSample[family.label] = a1
      lines.push(row(`API /stream, ${family.label}`, a1, a8, aWall))
      // The same load in the command line's own output (16-bit PCM at 22.05 kHz): no MP3 encoder.
      t0 = performance.now()
      const pcm8 = await pooled(ROUNDS.c8, 8, (i) =>
        apiFirstByte(server.url, server.apiKey, family.voice, text(i), { format: CLI_FORMAT }),
      )
      lines.push(
        `| API /stream, ${family.label}, ${CLI_FORMAT} (the command line's output) | - | - | ${p(pcm8, 50)} | ${p(pcm8, 99)} | ${fmt(pcm8.reduce((s, x) => s + x.chars, 0) / ((performance.now() - t0) / 1000))} |`,
      )
      if (cli) {
        const base = await cliBaseline(family, WORKERS)
        lines.push(
          `| espeak-ng CLI -v ${family.cliVoice}, same texts (first byte; chars/s with ${WORKERS} processes) | ${fmt(base.firstByte)} | - | - | - | ${fmt(base.charsPerSecond)} |`,
        )
      }
      if (family.voice.engine.engine === 'flite' && hasFliteCli()) {
        const voice = family.voice.engine.voice
        lines.push(
          `| flite CLI -voice ${voice} (native Flite, the engine of this voice), same texts (chars/s with ${WORKERS} processes) | - | - | - | - | ${fmt(await fliteBaseline(family, WORKERS))} |`,
        )
      }
    }
  } finally {
    clearInterval(sampler)
  }
  // First byte with every text-to-speech model and engine voice (c=1, stream closed after the first byte).
  const modelLines: string[] = []
  for (const model of Object.values(MODEL_PROFILES).filter((m) => m.can_do_text_to_speech && !m.engines)) {
    const cells: string[] = []
    for (const family of MODEL_TABLE_VOICES) {
      if (!model.languages.includes(family.voice.language)) {
        cells.push('-')
        continue
      }
      const samples = await firstBytes(server, family.voice, model.model_id, (i) =>
        text1000(family.sentences, i),
      )
      cells.push(`${p(samples, 50)} / ${p(samples, 99)}`)
    }
    modelLines.push(`| ${model.model_id} | ${cells.join(' | ')} |`)
  }
  const voiceLines = await everyVoice(server)
  const afterLoad = memoryOf(pid)
  await server.stop()
  const neural = await neuralServer()

  console.log(`text to speech, ${MODEL}, ${FORMAT}, 1,000 characters, ${WORKERS} speech workers`)
  console.log('| | TTFB p50 c=1 (ms) | p99 c=1 | TTFB p50 c=8 | p99 c=8 | chars/s c=8 |')
  console.log('|---|---|---|---|---|---|')
  for (const line of lines) console.log(line)
  console.log(row('engine only (speech service stream, Flite)', e1, e8, eWall))
  const b1 = bare1.map((ttfb) => ({ ttfb, total: ttfb, chars: 0 }))
  const b8 = bare8.map((ttfb) => ({ ttfb, total: ttfb, chars: 0 }))
  console.log(`${row('bare node:http (4 kB reply)', b1, b8, 1).replace(/\| [^|]* \|$/, '| - |')}`)
  console.log(
    `\nTTFB p50 / p99 (ms) at c=1 by model and engine voice, ${FORMAT}, stream closed after the first byte (${MODEL_ROUNDS} each)`,
  )
  console.log(`| model | ${MODEL_TABLE_VOICES.map((f) => f.label).join(' | ')} |`)
  console.log(`|---|${MODEL_TABLE_VOICES.map(() => '---').join('|')}|`)
  for (const line of modelLines) console.log(line)
  for (const line of neural.modelLines) console.log(line)
  console.log('')
  for (const line of voiceLines) console.log(line)
  console.log(
    `\nserver process RSS (${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite in memory'}): ${fmt(atRest.rssMb)} MB at rest after start (start-up peak ${fmt(atRest.peakMb)} MB), ` +
      `${fmt(loadPeak)} MB peak at c=8, ${fmt(afterLoad.rssMb)} MB after the load (peak over the run ${fmt(afterLoad.peakMb)} MB); ` +
      `bare node process ${fmt(bareRss)} MB, with tsx's loader ${fmt(bareTsxRss)} MB`,
  )
  console.log(neural.memory)
}

async function ttfbOnly(): Promise<void> {
  const server = await startChildServer(WORKERS)
  const lines: string[] = []
  const voices: string[] = []
  try {
    for (const family of FAMILIES) {
      const text = (i: number) => text1000(family.sentences, i)
      await apiFirstByte(server.url, server.apiKey, family.voice, text(0))
      const a1 = await pooled(ROUNDS.c1, 1, (i) =>
        apiFirstByte(server.url, server.apiKey, family.voice, text(i)),
      )
      const t0 = performance.now()
      const a8 = await pooled(ROUNDS.c8, 8, (i) =>
        apiFirstByte(server.url, server.apiKey, family.voice, text(i)),
      )
      lines.push(row(`API /stream, ${family.label}`, a1, a8, performance.now() - t0))
    }
    voices.push(...(await everyVoice(server)))
  } finally {
    await server.stop()
  }
  console.log(`text to speech, ${MODEL}, ${FORMAT}, 1,000 characters, ${WORKERS} speech workers (TTFB only)`)
  console.log('| | TTFB p50 c=1 (ms) | p99 c=1 | TTFB p50 c=8 | p99 c=8 | chars/s c=8 |')
  console.log('|---|---|---|---|---|---|')
  for (const line of lines) console.log(line)
  console.log('')
  for (const line of voices) console.log(line)
}

if (import.meta.url === `file://${process.argv[1]}`) await bench()
