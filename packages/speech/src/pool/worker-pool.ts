// A pool of speech worker threads with one FIFO queue. Tasks can be pinned to a worker
// (encoder sessions keep state there) and go ahead of unpinned work on that worker. A worker that dies is replaced; its running task
// and the tasks pinned to it fail with `worker_crashed`. Aborting a queued task frees its
// place at once; a running segment finishes (engines cannot be interrupted) and is dropped.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { deserializeError, SpeechError } from '../errors.js'
import type { TaskResult, WorkerReply, WorkerTask } from './messages.js'

interface Pending {
  id: number
  task: WorkerTask
  transfer: ArrayBuffer[]
  pin: { slot: number; generation: number } | undefined
  priority: boolean
  resolve: (value: TaskResult) => void
  reject: (error: SpeechError) => void
  signal: AbortSignal | undefined
  onAbort: (() => void) | undefined
}

interface Slot {
  worker: Worker
  generation: number
  running: Pending | undefined
  lastError: string | undefined
}

export interface RunOptions {
  signal?: AbortSignal
  transfer?: ArrayBuffer[]
  /** Run on this worker (by slot and generation); fails if that worker has died since. */
  pin?: { slot: number; generation: number }
  /** Goes ahead of other unpinned work: a request's first segment, which a listener waits for. */
  priority?: boolean
}

export interface PoolStats {
  workers: number
  busy: number
  queued: number
  restarts: number
}

// Resolved from this file, not from the process's working directory.
function tsxApi(): string {
  // The ESM build of tsx's API (require.resolve would give the CommonJS one).
  const root = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  return pathToFileURL(join(root, 'dist/esm/api/index.mjs')).href
}

function workerEntry(): { script: URL | string; eval: boolean; execArgv: string[] } {
  // From dist/ the compiled .js entry runs as is. From TypeScript sources (Vitest, tsx) the
  // .ts entry is imported by a one-line bootstrap, after tsx's hooks are registered through
  // its API (Node 20 applies neither --import nor the parent's hooks to a worker's entry).
  if (!import.meta.url.endsWith('.ts')) {
    return { script: new URL('./speech-worker.js', import.meta.url), eval: false, execArgv: [] }
  }
  const entry = new URL('./speech-worker.ts', import.meta.url).href
  return {
    script: `import(${JSON.stringify(tsxApi())}).then((api) => { api.register(); return import(${JSON.stringify(entry)}) }).catch((error) => { console.error(error); process.exit(1) })`,
    eval: true,
    execArgv: ['--conditions=source'],
  }
}

export class WorkerPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 1
  private restarts = 0
  private closed = false

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn(i, 0))
  }

  run(task: WorkerTask, options: RunOptions = {}): Promise<TaskResult> {
    if (this.closed) return Promise.reject(new SpeechError('service_closed', 'The speech service is closed.'))
    if (options.signal?.aborted) return Promise.reject(abortedError())
    return new Promise<TaskResult>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        task,
        transfer: options.transfer ?? [],
        pin: options.pin,
        priority: options.priority ?? false,
        resolve,
        reject,
        signal: options.signal,
        onAbort: undefined,
      }
      if (options.signal) {
        pending.onAbort = () => this.abort(pending)
        options.signal.addEventListener('abort', pending.onAbort, { once: true })
      }
      this.queue.push(pending)
      this.dispatch()
    })
  }

  /** The slot a new pinned session should use: the one with the least queued work. */
  pickSlot(): { slot: number; generation: number } {
    let best = 0
    let bestLoad = Number.POSITIVE_INFINITY
    this.slots.forEach((slot, index) => {
      const load = (slot.running ? 1 : 0) + this.queue.filter((p) => p.pin?.slot === index).length
      if (load < bestLoad) {
        best = index
        bestLoad = load
      }
    })
    return { slot: best, generation: this.slots[best]!.generation }
  }

  stats(): PoolStats {
    return {
      workers: this.slots.length,
      busy: this.slots.filter((s) => s.running).length,
      queued: this.queue.length,
      restarts: this.restarts,
    }
  }

  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.queue.splice(0))
      this.settle(pending, new SpeechError('service_closed', 'The speech service is closed.'))
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }

  private spawn(index: number, generation: number): Slot {
    const entry = workerEntry()
    const worker = new Worker(entry.script, { eval: entry.eval, execArgv: entry.execArgv })
    worker.unref()
    const slot: Slot = { worker, generation, running: undefined, lastError: undefined }
    worker.on('message', (reply: WorkerReply) => this.onReply(slot, reply))
    worker.on('error', (error) => {
      slot.lastError = error instanceof Error ? error.message : String(error)
    })
    worker.on('exit', (code) => this.onExit(index, slot, code))
    return slot
  }

  private onReply(slot: Slot, reply: WorkerReply): void {
    const pending = slot.running
    if (!pending || pending.id !== reply.id) return
    slot.running = undefined
    if (reply.ok) this.settle(pending, null, reply.result)
    else this.settle(pending, deserializeError(reply.error))
    this.dispatch()
  }

  private onExit(index: number, slot: Slot, code: number): void {
    if (this.closed || this.slots[index] !== slot) return
    const crashed = new SpeechError(
      'worker_crashed',
      `A speech worker stopped unexpectedly (exit code ${code}${slot.lastError ? `: ${slot.lastError}` : ''}); it was replaced.`,
    )
    if (slot.running) this.settle(slot.running, crashed)
    for (const pending of this.queue.filter((p) => p.pin?.slot === index)) {
      this.queue.splice(this.queue.indexOf(pending), 1)
      this.settle(pending, crashed)
    }
    this.restarts++
    this.slots[index] = this.spawn(index, slot.generation + 1)
    this.dispatch()
  }

  private dispatch(): void {
    this.slots.forEach((slot, index) => {
      if (slot.running) return
      // Pinned tasks (encoder sessions) first: they are short and on a listener's critical path.
      // Then first segments of requests (time to first audio under load), then the rest in order.
      const pinned = this.queue.findIndex((p) => p.pin?.slot === index)
      const urgent = pinned >= 0 ? pinned : this.queue.findIndex((p) => !p.pin && p.priority)
      const at = urgent >= 0 ? urgent : this.queue.findIndex((p) => !p.pin)
      if (at < 0) return
      const pending = this.queue.splice(at, 1)[0]!
      if (pending.pin && pending.pin.generation !== slot.generation) {
        this.settle(
          pending,
          new SpeechError(
            'worker_crashed',
            'The speech worker holding this stream stopped; it was replaced.',
          ),
        )
        this.dispatch()
        return
      }
      slot.running = pending
      slot.worker.ref()
      slot.worker.postMessage({ ...pending.task, id: pending.id }, pending.transfer)
    })
    for (const slot of this.slots) if (!slot.running) slot.worker.unref()
  }

  private abort(pending: Pending): void {
    const at = this.queue.indexOf(pending)
    if (at >= 0) this.queue.splice(at, 1)
    this.settle(pending, abortedError())
  }

  private settle(pending: Pending, error: SpeechError | null, result?: TaskResult): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort)
    pending.onAbort = undefined
    const { resolve, reject } = pending
    // Settle once: later replies for an aborted task are ignored.
    pending.resolve = () => {}
    pending.reject = () => {}
    if (error) reject(error)
    else resolve(result ?? null)
  }
}

function abortedError(): SpeechError {
  return new SpeechError('aborted', 'The request was cancelled.')
}
