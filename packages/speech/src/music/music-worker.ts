// Entry of the music thread: holds the parsed sound bank and renders one score at a time,
// encoding as it renders, so the thread that answers HTTP only forwards bytes.
import { parentPort, workerData } from 'node:worker_threads'
import { createEncoder, encodeWhole } from '../encoders/create-encoder.js'
import type { EspeakEngine } from '../engines/espeak-engine.js'
import { parseOutputFormat } from '../formats/output-formats.js'
import { loadSoundBank } from './bank.js'
import { estimateKey, estimateTempo, percussiveShare, spectralCentroid } from './measure.js'
import { renderScore } from './render.js'
import { separateHarmonicPercussive } from './separate.js'
import { createSinger, singVocals } from './sing.js'
import type { AnalyseTask, RenderTask, SeparateTask, WorkerMessage, WorkerTask } from './worker-messages.js'

const port = parentPort
if (!port) throw new Error('music-worker must run in a worker thread')
const bankPath = (workerData as { bankPath: string }).bankPath
/** The singer's speech engine, made with the first song that has lines. */
let espeak: Promise<EspeakEngine> | undefined

function singer(): Promise<EspeakEngine> {
  espeak ??= createSinger()
  return espeak
}

async function run(task: RenderTask): Promise<void> {
  const started = performance.now()
  const bank = loadSoundBank(bankPath)
  const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => port?.postMessage(message, transfer)
  const encoder = task.stream ? createEncoder(task.format) : null
  const sampleRate = parseOutputFormat(task.format).sampleRate
  let made = 0
  const singing = performance.now()
  const sung = task.score.vocal
    ? await singVocals(task.score, await singer(), sampleRate)
    : { score: task.score, vocals: null }
  const singMs = task.score.vocal ? performance.now() - singing : 0
  const song = await renderScore({
    score: sung.score,
    vocals: sung.vocals,
    bank,
    sampleRate,
    stems: task.stems,
    onChunk: encoder
      ? (samples) => {
          made += samples.length
          const bytes = encoder.encode(samples)
          const endMs = (made * 1000) / sampleRate
          if (bytes.length > 0)
            send({ id: task.id, type: 'chunk', bytes, endMs }, [bytes.buffer as ArrayBuffer])
        }
      : undefined,
  })
  if (encoder) {
    const tail = encoder.end()
    encoder.close()
    if (tail.length > 0) send({ id: task.id, type: 'chunk', bytes: tail, endMs: task.score.totalMs })
  }
  const stems = song.stems
    ? Object.fromEntries(
        Object.entries(song.stems).map(([name, samples]) => [name, encodeWhole(task.format, samples)]),
      )
    : null
  send({
    id: task.id,
    type: 'done',
    audio: encoder ? new Uint8Array(0) : encodeWhole(task.format, song.samples),
    stems,
    waveform: waveformOf(song.samples, sampleRate),
    renderMs: performance.now() - started,
    singMs,
  })
}

/** Four values a second, -1000..1000: the sample of largest magnitude in each quarter second. */
function waveformOf(samples: Float32Array, sampleRate: number): number[] {
  const step = sampleRate / 4
  const values: number[] = []
  for (let start = 0; start < samples.length; start += step) {
    let peak = 0
    for (let i = Math.floor(start); i < Math.min(samples.length, start + step); i++) {
      const v = samples[i] as number
      if (Math.abs(v) > Math.abs(peak)) peak = v
    }
    values.push(Math.round(Math.max(-1, Math.min(1, peak)) * 1000))
  }
  return values
}

function separate(task: SeparateTask): void {
  const started = performance.now()
  const { harmonic, percussive } = separateHarmonicPercussive(task.samples)
  port?.postMessage({
    id: task.id,
    type: 'done',
    audio: new Uint8Array(0),
    stems: { harmonic: encodeWhole(task.format, harmonic), percussive: encodeWhole(task.format, percussive) },
    renderMs: performance.now() - started,
  } satisfies WorkerMessage)
}

function analyse(task: AnalyseTask): void {
  const started = performance.now()
  // A minute from the middle is enough to measure, and keeps long files quick.
  const span = Math.min(task.samples.length, task.sampleRate * 60)
  const from = Math.floor((task.samples.length - span) / 2)
  const part = task.samples.subarray(from, from + span)
  const key = estimateKey(part, task.sampleRate)
  port?.postMessage({
    id: task.id,
    type: 'done',
    audio: new Uint8Array(0),
    stems: null,
    analysis: {
      bpm: estimateTempo(part, task.sampleRate),
      root: key.root,
      mode: key.mode,
      centroidHz: spectralCentroid(part, task.sampleRate),
      percussiveShare: percussiveShare(part.subarray(0, Math.min(part.length, task.sampleRate * 20))),
    },
    renderMs: performance.now() - started,
  } satisfies WorkerMessage)
}

async function perform(task: WorkerTask): Promise<void> {
  if (task.kind === 'render') return run(task)
  if (task.kind === 'separate') return separate(task)
  return analyse(task)
}

let queue: Promise<void> = Promise.resolve()
port.on('message', (task: WorkerTask) => {
  queue = queue.then(() =>
    perform(task).catch((error: unknown) => {
      port.postMessage({
        id: task.id,
        type: 'error',
        message: error instanceof Error ? error.message : String(error),
      } satisfies WorkerMessage)
    }),
  )
})
