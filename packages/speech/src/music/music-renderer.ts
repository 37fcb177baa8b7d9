import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { MusicStem } from '@timbre/contract'
import { soundBankPath } from './bank.js'
import type { Score } from './score.js'
import type { Analysis, RenderTask, WorkerMessage, WorkerTask } from './worker-messages.js'

export interface RenderedMusic {
  /** The whole file; empty when the audio was streamed through `onAudio`. */
  audio: Uint8Array
  stems: Partial<Record<MusicStem | 'percussive' | 'harmonic', Uint8Array>> | null
  analysis?: Analysis
  /** Four values a second, -1000..1000 (rendered songs). */
  waveform?: number[]
  renderMs: number
  /** Of `renderMs`, the time spent singing the lines. */
  singMs?: number
}

export type { Analysis }

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

interface Pending {
  resolve(result: RenderedMusic): void
  reject(error: Error): void
  onAudio?: (bytes: Uint8Array, endMs: number) => void
}

function workerEntry(): { script: URL | string; eval: boolean; execArgv: string[] } {
  // From dist/ the compiled entry runs as is; from TypeScript sources (Vitest, tsx) a
  // one-line bootstrap registers tsx first (a worker inherits neither --import nor hooks).
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./music-worker.js', import.meta.url), eval: false, execArgv: [] }
  }
  const root = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  const api = pathToFileURL(join(root, 'dist/esm/api/index.mjs')).href
  const entry = new URL('./music-worker.ts', import.meta.url).href
  return {
    script: `import(${JSON.stringify(api)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}) }).catch((error) => { console.error(error); process.exit(1) })`,
    eval: true,
    execArgv: ['--conditions=source'],
  }
}

/**
 * Renders scores on a thread of its own, which keeps the parsed sound bank between songs.
 * Songs are rendered one after another; the thread starts with the first song.
 */
export class MusicRenderer {
  private worker: Worker | undefined
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  readonly bankPath: string | null

  constructor(options: { bankPath?: string | null } = {}) {
    this.bankPath = options.bankPath === undefined ? soundBankPath() : options.bankPath
  }

  /** False when no General MIDI bank is installed. */
  get available(): boolean {
    return this.bankPath !== null
  }

  render(
    input: { score: Score; format: string; stems: boolean },
    onAudio?: (bytes: Uint8Array, endMs: number) => void,
  ): Promise<RenderedMusic> {
    const task: Omit<RenderTask, 'id'> = {
      kind: 'render',
      score: input.score,
      format: input.format,
      stems: input.stems,
      stream: Boolean(onAudio),
    }
    return this.submit(task, onAudio)
  }

  /** Harmonic and percussive parts of a mono recording, encoded in `format`. */
  separate(samples: Float32Array, sampleRate: number, format: string): Promise<RenderedMusic> {
    return this.submit({ kind: 'separate', samples, sampleRate, format })
  }

  /** Tempo, key, brightness and percussiveness of a mono recording. */
  async analyse(samples: Float32Array, sampleRate: number): Promise<Analysis> {
    const result = await this.submit({ kind: 'analyse', samples, sampleRate })
    if (!result.analysis) throw new Error('The analysis is missing.')
    return result.analysis
  }

  private submit(
    task: DistributiveOmit<WorkerTask, 'id'>,
    onAudio?: (bytes: Uint8Array, endMs: number) => void,
  ): Promise<RenderedMusic> {
    const worker = this.start()
    const id = this.nextId++
    return new Promise<RenderedMusic>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onAudio })
      worker.ref()
      worker.postMessage({ ...task, id })
    })
  }

  async close(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    for (const pending of this.pending.values()) pending.reject(new Error('The music renderer is closed.'))
    this.pending.clear()
    await worker?.terminate()
  }

  private start(): Worker {
    if (this.worker) return this.worker
    if (!this.bankPath) throw new Error('No General MIDI sound bank is installed.')
    const entry = workerEntry()
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      execArgv: entry.execArgv,
      workerData: { bankPath: this.bankPath },
    })
    worker.unref()
    worker.on('message', (message: WorkerMessage) => this.receive(message))
    worker.on('error', (error) => this.failAll(error))
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined
      this.failAll(new Error('The music thread stopped.'))
    })
    this.worker = worker
    return worker
  }

  private receive(message: WorkerMessage): void {
    const pending = this.pending.get(message.id)
    if (!pending) return
    if (message.type === 'chunk') {
      pending.onAudio?.(message.bytes, message.endMs)
      return
    }
    this.pending.delete(message.id)
    if (this.pending.size === 0) this.worker?.unref()
    if (message.type === 'error') pending.reject(new Error(message.message))
    else
      pending.resolve({
        audio: message.audio,
        stems: message.stems,
        analysis: message.analysis,
        waveform: message.waveform,
        renderMs: message.renderMs,
        singMs: message.singMs,
      })
  }

  private failAll(error: Error): void {
    for (const pending of this.pending.values()) pending.reject(error)
    this.pending.clear()
  }
}
