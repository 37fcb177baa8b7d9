// Entry of a speech worker thread: one eSpeak NG instance, one Flite module, the DSP wasm
// modules and the encoders of the streams pinned to this worker.
import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { parentPort, threadId, workerData } from 'node:worker_threads'
import type { ConversionSession } from '../conversion/conversion-session.js'
import { type AudioEncoder, createEncoder } from '../encoders/create-encoder.js'
import { prepareSpareMp3Encoder } from '../encoders/mp3-encoder.js'
import { concatBytes } from '../encoders/pcm16.js'
import { serializeError } from '../errors.js'
import type { SegmentAudio, SegmentJob } from '../synthesis/segment-job.js'
import type { TaskResult, WorkerReply, WorkerRequest } from './messages.js'

const port = parentPort
if (!port) throw new Error('speech-worker must run in a worker thread')

/**
 * This thread's kernel id, where the system names it (Linux: /proc/thread-self links to
 * `<pid>/task/<tid>`). Setting the priority of that id changes this thread alone, and the
 * threads it starts later (an engine's own threads) inherit it.
 */
function kernelThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1))
    return Number.isInteger(tid) && tid > 0 ? tid : undefined
  } catch {
    return undefined
  }
}

const osThread = kernelThreadId()
const niceness = (workerData as { niceness?: number } | null)?.niceness ?? 0
if (osThread !== undefined && niceness > 0) {
  try {
    setPriority(osThread, Math.min(19, getPriority(osThread) + niceness))
  } catch {
    // A system that refuses leaves the thread at the process's priority: slower reads, same audio.
  }
}

/** A stream's encoder and the chunk of audio it is encoding range by range. */
const encoders = new Map<number, { encoder: AudioEncoder; chunk: Float32Array }>()
const conversions = new Map<number, ConversionSession>()

/**
 * The segment with the silence around it in the stream, made here so the audio crosses to the
 * service once, as one transferred buffer, and the service's thread never copies it.
 */
function padded(audio: SegmentAudio, lead: number, tail: number): SegmentAudio {
  if (lead === 0 && tail === 0) return audio
  const samples = new Float32Array(lead + audio.samples.length + tail)
  samples.set(audio.samples, lead)
  return { ...audio, samples }
}

// The engines and DSP modules load with the first render: an encoder thread never loads them.
let renderer: Promise<(job: SegmentJob) => Promise<SegmentAudio>> | undefined
function render(job: SegmentJob): Promise<SegmentAudio> {
  renderer ??= import('../synthesis/render-segment.js').then((m) => m.renderSegment)
  return renderer.then((renderSegment) => renderSegment(job))
}

async function handle(request: WorkerRequest): Promise<TaskResult> {
  switch (request.type) {
    case 'render': {
      const audio = await render(request.job)
      return request.pad ? padded(audio, request.pad.lead, request.pad.tail) : audio
    }
    case 'warm': {
      const { warmUpRenderThread } = await import('../synthesis/warm-up.js')
      return warmUpRenderThread()
    }
    case 'encode-open':
      encoders.set(request.session, { encoder: createEncoder(request.format), chunk: new Float32Array(0) })
      // The next stream's encoder is made now, while this thread waits for audio to encode.
      if (request.format.codec === 'mp3') setImmediate(prepareSpareMp3Encoder)
      return null
    case 'encode': {
      const session = encoders.get(request.session)
      if (!session) throw new Error(`no encoder session ${request.session}`)
      if (request.samples) session.chunk = request.samples
      const bytes = session.encoder.encode(session.chunk.subarray(request.from, request.to))
      if (!request.final) return bytes
      encoders.delete(request.session)
      return concatBytes([bytes, session.encoder.end()])
    }
    case 'encode-drop':
      encoders.get(request.session)?.encoder.close()
      encoders.delete(request.session)
      return null
    case 'convert-open': {
      const { openConversionSession } = await import('../conversion/conversion-session.js')
      const session = await openConversionSession(request.request)
      if (session.opened.blocks > 0) conversions.set(request.session, session)
      return session.opened
    }
    case 'convert-next': {
      const session = conversions.get(request.session)
      if (!session) throw new Error(`no conversion session ${request.session}`)
      const block = await session.next()
      if (!block) conversions.delete(request.session)
      return block
    }
    case 'convert-drop':
      conversions.get(request.session)?.close()
      conversions.delete(request.session)
      return null
    case 'profile': {
      const { voiceProfile } = await import('../conversion/convert-voice.js')
      return voiceProfile(request.samples, request.rate)
    }
    case 'align-synthesis': {
      const { alignBySynthesis } = await import('../alignment/synthesis-alignment.js')
      return alignBySynthesis({
        samples: request.samples,
        sampleRate: request.rate,
        text: request.text,
        words: request.words,
        language: request.language,
      })
    }
    case 'memory': {
      const usage = process.memoryUsage()
      const priority = osThread === undefined ? null : getPriority(osThread)
      return {
        threadId,
        heapUsedMb: usage.heapUsed / 1e6,
        externalMb: usage.external / 1e6,
        niceness: priority,
      }
    }
    case 'crash':
      // Exit from a later tick, as an engine abort would, after the reply path is set up.
      setImmediate(() => process.exit(70))
      return new Promise<TaskResult>(() => {})
  }
}

// Tasks run one at a time, in arrival order (engines are synchronous anyway).
let chain: Promise<void> = Promise.resolve()
port.on('message', (request: WorkerRequest) => {
  chain = chain.then(async () => {
    let reply: WorkerReply
    const transfer: ArrayBuffer[] = []
    try {
      const result = await handle(request)
      reply = { id: request.id, ok: true, result }
      if (result instanceof Uint8Array || result instanceof Float32Array)
        transfer.push(result.buffer as ArrayBuffer)
      else if (result && 'samples' in result && result.samples instanceof Float32Array)
        transfer.push(result.samples.buffer as ArrayBuffer)
    } catch (error) {
      reply = { id: request.id, ok: false, error: serializeError(error) }
    }
    port.postMessage(reply, transfer)
  })
})
