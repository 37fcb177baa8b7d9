// A pool of speech worker threads with one FIFO queue. Render threads take unpinned work;
// encoder threads take only the tasks pinned to them (encoder sessions keep state there), so
// a stream's next slice of audio never waits behind a render of several hundred milliseconds.
// Threads start on the first task, not when the pool is built: an idle server holds none. A
// worker that dies is replaced; its running task and the tasks pinned to it fail with
// `worker_crashed`. Aborting a queued task frees its
// place at once; a running segment finishes (engines cannot be interrupted) and is dropped.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { deserializeError, SpeechError } from '../errors.js'
import type { WarmUpReport } from '../synthesis/warm-up.js'
import type { TaskResult, ThreadMemory, WorkerReply, WorkerTask } from './messages.js'
import { compileSharedModules } from './shared-modules.js'

interface Pending {
  id: number
  task: WorkerTask
  transfer: ArrayBuffer[]
  pin: { slot: number; generation: number } | undefined
  priority: boolean
  owner: number | undefined
  affinity: Affinity | undefined
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
  /** Affinity keys of the latest tasks run here, newest last: what this thread has warm. */
  recent: string[]
  /** A render thread not yet warmed up (see `PoolOptions.warmUp`). */
  needsWarmUp: boolean
}

/** A render thread's warm-up: which thread (slot and generation) and what it cost. */
export interface WarmUpRecord extends WarmUpReport {
  slot: number
  generation: number
}

/**
 * What a task needs loaded (a voice, a language's dictionaries): a free thread that ran the same
 * key lately takes it, so voices stay warm where they are. A `strict` key is a big resource (the
 * Japanese reading dictionary, a few hundred MB): the first thread that loads it runs every task
 * with that key, and no other thread ever loads it, so memory stays bounded.
 */
export interface Affinity {
  key: string
  strict?: boolean
}

/** Keys each thread remembers as warm. */
const RECENT_KEYS = 8

export interface RunOptions {
  signal?: AbortSignal
  transfer?: ArrayBuffer[]
  /** Run on this worker (by slot and generation); fails if that worker has died since. */
  pin?: { slot: number; generation: number }
  /** Goes ahead of other unpinned work: a request's first segment, which a listener waits for. */
  priority?: boolean
  /** The request this task belongs to: requests take turns, so one long text cannot starve others. */
  owner?: number
  affinity?: Affinity
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

/**
 * OS scheduling niceness of the speech threads, added to the process's own: with every core
 * busy rendering, the thread answering HTTP requests still gets its turn at once. Encoder
 * threads sit between the two: a stream's next slice waits on them.
 */
export const RENDER_NICENESS = 10
export const ENCODER_NICENESS = 5

export interface PoolOptions {
  /** Threads that only run pinned tasks (encoder sessions); 0 pins sessions to render threads. */
  encoderThreads?: number
  /**
   * Warm each new render thread with one short phrase per engine family while it is idle (no
   * queued task can run there), so its first request does not pay for loading the engines.
   * Threads still start only with the first task, or when `start()` is called.
   */
  warmUp?: boolean
}

export class WorkerPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private readonly encoderThreads: number
  private readonly warmUp: boolean
  private readonly warmUps: WarmUpRecord[] = []
  private nextId = 1
  /** When each request's task was last dispatched (a dispatch counter), for taking turns. */
  private readonly served = new Map<number, number>()
  /** Strict affinity keys and the slot holding each. */
  private readonly holders = new Map<string, number>()
  private dispatches = 0
  private restarts = 0
  private closed = false

  /** `size` render threads (plus the encoder threads), started on first use or by `start()`. */
  constructor(
    readonly size: number,
    options: PoolOptions = {},
  ) {
    this.encoderThreads = Math.max(0, options.encoderThreads ?? 0)
    this.warmUp = options.warmUp ?? false
  }

  /** Starts the threads now (once) and lets idle ones warm up; otherwise the first task starts them. */
  start(): void {
    this.spawnAll()
    this.dispatch()
  }

  private spawnAll(): void {
    if (this.slots.length > 0 || this.closed) return
    for (let i = 0; i < this.size + this.encoderThreads; i++) this.slots.push(this.spawn(i, 0))
  }

  private isEncoderSlot(index: number): boolean {
    return index >= this.size
  }

  run(task: WorkerTask, options: RunOptions = {}): Promise<TaskResult> {
    if (this.closed) return Promise.reject(new SpeechError('service_closed', 'The speech service is closed.'))
    if (options.signal?.aborted) return Promise.reject(abortedError())
    this.spawnAll()
    return new Promise<TaskResult>((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        task,
        transfer: options.transfer ?? [],
        pin: options.pin,
        priority: options.priority ?? false,
        owner: options.owner,
        affinity: options.affinity,
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

  /**
   * The slot a new pinned session should use: the one with the least queued work, among the
   * encoder threads (an encoder session) or the render threads (a session of heavy DSP).
   */
  pickSlot(kind: 'encoder' | 'render' = 'encoder'): { slot: number; generation: number } {
    this.spawnAll()
    let best = 0
    let bestLoad = Number.POSITIVE_INFINITY
    this.slots.forEach((slot, index) => {
      if (
        kind === 'render' ? this.isEncoderSlot(index) : this.encoderThreads > 0 && !this.isEncoderSlot(index)
      )
        return
      const load = (slot.running ? 1 : 0) + this.queue.filter((p) => p.pin?.slot === index).length
      if (load < bestLoad) {
        best = index
        bestLoad = load
      }
    })
    return { slot: best, generation: this.slots[best]!.generation }
  }

  /** The memory of each thread started so far (render threads first, then encoder threads). */
  threadMemory(): Promise<ThreadMemory[]> {
    return Promise.all(
      this.slots.map(
        (slot, index) =>
          this.run(
            { type: 'memory' },
            { pin: { slot: index, generation: slot.generation } },
          ) as Promise<ThreadMemory>,
      ),
    )
  }

  /** The warm-ups finished so far, oldest first. */
  warmUpRecords(): readonly WarmUpRecord[] {
    return this.warmUps
  }

  stats(): PoolStats {
    return {
      workers: this.size,
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
    const worker = new Worker(entry.script, {
      eval: entry.eval,
      execArgv: entry.execArgv,
      workerData: {
        modules: compileSharedModules(),
        niceness: this.isEncoderSlot(index) ? ENCODER_NICENESS : RENDER_NICENESS,
      },
    })
    worker.unref()
    const slot: Slot = {
      worker,
      generation,
      running: undefined,
      lastError: undefined,
      recent: [],
      needsWarmUp: this.warmUp && !this.isEncoderSlot(index),
    }
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
    for (const [key, holder] of this.holders) if (holder === index) this.holders.delete(key)
    this.slots[index] = this.spawn(index, slot.generation + 1)
    this.dispatch()
  }

  private dispatch(): void {
    for (;;) {
      const choice = this.choose()
      if (!choice) break
      const { at, index } = choice
      const slot = this.slots[index]!
      const pending = this.queue.splice(at, 1)[0]!
      if (pending.pin && pending.pin.generation !== slot.generation) {
        this.settle(
          pending,
          new SpeechError(
            'worker_crashed',
            'The speech worker holding this stream stopped; it was replaced.',
          ),
        )
        continue
      }
      slot.running = pending
      if (pending.owner !== undefined) this.served.set(pending.owner, ++this.dispatches)
      const key = pending.affinity?.key
      if (key !== undefined) {
        if (pending.affinity?.strict && !this.holders.has(key)) this.holders.set(key, index)
        slot.recent = [...slot.recent.filter((k) => k !== key), key].slice(-RECENT_KEYS)
      }
      slot.worker.ref()
      slot.worker.postMessage({ ...pending.task, id: pending.id }, pending.transfer)
    }
    // Nothing queued can run on the threads still free: those not warmed up do it now.
    this.slots.forEach((slot, index) => {
      if (!slot.running && slot.needsWarmUp && !this.closed) this.startWarmUp(index, slot)
    })
    for (const slot of this.slots) if (!slot.running) slot.worker.unref()
  }

  /**
   * Runs the warm-up as the thread's task without a caller: a request that arrives meanwhile
   * waits for it like for any running task (or takes another free thread). The thread stays
   * unreferenced, so a warm-up never keeps the process alive; a failed one is not retried.
   */
  private startWarmUp(index: number, slot: Slot): void {
    slot.needsWarmUp = false
    const pending: Pending = {
      id: this.nextId++,
      task: { type: 'warm' },
      transfer: [],
      pin: undefined,
      priority: false,
      owner: undefined,
      affinity: undefined,
      resolve: (report) => {
        this.warmUps.push({ ...(report as WarmUpReport), slot: index, generation: slot.generation })
      },
      reject: () => {},
      signal: undefined,
      onAbort: undefined,
    }
    slot.running = pending
    slot.worker.postMessage({ ...pending.task, id: pending.id })
  }

  /**
   * The next task and the free thread to run it. Pinned tasks (encoder sessions) first: they are
   * short and on a listener's critical path, and on an encoder thread a stream's first slice goes
   * ahead of other streams' later slices. Then first segments of requests (time to first audio
   * under load), then the rest with requests taking turns. A task goes to a free render thread
   * that has its affinity key warm, else to any free render thread; a task whose strict key is
   * held by a busy thread waits for it (later tasks may pass it).
   */
  private choose(): { at: number; index: number } | undefined {
    const free = this.slots.flatMap((slot, index) => (slot.running ? [] : [index]))
    if (free.length === 0) return undefined
    for (const urgent of [true, false]) {
      const at = this.queue.findIndex(
        (p) => p.pin !== undefined && p.priority === urgent && free.includes(p.pin.slot),
      )
      if (at >= 0) return { at, index: this.queue[at]!.pin!.slot }
    }
    const render = free.filter((index) => !this.isEncoderSlot(index))
    if (render.length === 0) return undefined
    for (const at of this.unpinnedInOrder()) {
      const index = this.threadFor(this.queue[at]!, render)
      if (index !== undefined) return { at, index }
    }
    return undefined
  }

  /** Indexes of unpinned tasks: first segments in queue order, then by turns between requests. */
  private unpinnedInOrder(): number[] {
    const urgent: number[] = []
    const turns: Array<{ at: number; served: number }> = []
    const seen = new Set<number>()
    this.queue.forEach((pending, at) => {
      if (pending.pin) return
      if (pending.priority) urgent.push(at)
      // Within a request, segments go in order: only its oldest queued one takes a turn.
      else if (pending.owner === undefined) turns.push({ at, served: 0 })
      else if (!seen.has(pending.owner)) {
        seen.add(pending.owner)
        turns.push({ at, served: this.served.get(pending.owner) ?? 0 })
      }
    })
    if (this.served.size > 10_000) this.forgetIdleOwners()
    // A stable sort: equal turns keep queue order.
    turns.sort((a, b) => a.served - b.served)
    return [...urgent, ...turns.map((t) => t.at)]
  }

  private threadFor(pending: Pending, free: readonly number[]): number | undefined {
    const affinity = pending.affinity
    if (!affinity) return free[0]
    if (affinity.strict) {
      const holder = this.holders.get(affinity.key)
      if (holder !== undefined) return free.includes(holder) ? holder : undefined
    }
    // The thread that ran this key most recently, else the one with the fewest warm keys.
    let best = free[0]!
    let bestScore = Number.NEGATIVE_INFINITY
    for (const index of free) {
      const recent = this.slots[index]!.recent
      const at = recent.lastIndexOf(affinity.key)
      const score = at >= 0 ? RECENT_KEYS + at : -recent.length
      if (score > bestScore) {
        best = index
        bestScore = score
      }
    }
    return best
  }

  private forgetIdleOwners(): void {
    const active = new Set(this.queue.map((p) => p.owner))
    for (const slot of this.slots) active.add(slot.running?.owner)
    for (const owner of this.served.keys()) if (!active.has(owner)) this.served.delete(owner)
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
