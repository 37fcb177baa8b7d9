import type { JobName, JobPayload } from '../../jobs/job-types.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'

// One runner for every long job the product runs against a row of its own (a Studio conversion
// or export, a voice isolation, a voiceover render). The queue (pg-boss) delivers a job at least
// once and retries it up to the limit its definition in jobs/job-types.ts sets; the runner makes
// each delivery safe to repeat: it claims the row atomically (one run holds it; a second
// delivery finds it held and does nothing), proves the holder alive by a heartbeat on the row,
// reports the percent done through the same write, and rebuilds the work from the stored row,
// never from memory. When the holder's process dies (kill -9 included) its heartbeat stops; a
// job that allows takeover has its row released by the sweep and handed to a new run within
// seconds, and the dead run's credit reservations are settled or released by the recording
// sweeper, as for any dead process.

/** How a runner reaches the rows of one job type (SQL in the owner's repository). */
export interface HeldRunStore<Row> {
  /** Takes the row for this run; undefined when it is finished or held by a live run. */
  claim(id: string, token: string, staleBefore: Date): Promise<Row | undefined>
  /** The heartbeat with the percent done (never lowered); false once another run holds the row. */
  beat(id: string, token: string, progress: number): Promise<boolean>
  /** Running rows whose holder stopped beating, released for a new run (each returned once). */
  releaseStale(staleBefore: Date, limit: number): Promise<string[]>
  /**
   * Queued rows untouched since `queuedBefore`, touched now so that each is returned once per
   * period: their job message may have been taken by a process that died before claiming them.
   */
  touchUnclaimed(queuedBefore: Date, limit: number): Promise<string[]>
}

/** Thrown inside a handler when another run has taken its row over: the run stops quietly. */
export class TakenOver extends Error {
  constructor() {
    super('the run was taken over by another run')
  }
}

/** What a handler gets besides its row: the run's identity and its progress reports. */
export interface HeldRun {
  /** The run's token (the row's `worker_token` while it holds it). */
  readonly token: string
  /** The percent done so far (the stored one when the run took over a dead run's row). */
  readonly percent: number
  /** Whether the run still holds its row (false once a heartbeat found it taken over). */
  readonly held: boolean
  /**
   * Reports the percent done (kept below 100: the finish writes 100). Written at most every
   * `progressWriteMs` unless `force`; a write that finds the row taken over throws TakenOver.
   */
  progress(percent: number, options?: { force?: boolean }): Promise<void>
  /** Notes the percent without writing it (the next heartbeat carries it). */
  note(percent: number): void
  /** Throws TakenOver when a heartbeat found the row held by another run. */
  assertHeld(): void
}

export interface HeldJobTiming {
  /** The holder touches its row this often, whatever the work is doing. */
  heartbeatMs: number
  /** A running row whose heartbeat is older than this belongs to a dead run. */
  staleSeconds: number
  /** Progress is written at most this often. */
  progressWriteMs: number
  /**
   * A queued row nobody has claimed for this long is sent again (default four stale periods).
   * A run claims its row as soon as its message arrives, so a row left queued this long either
   * waits behind a long queue (the extra message is a no-op when it arrives) or lost its message
   * to a process killed between taking it and claiming the row, which the queue would otherwise
   * hand out again only when the message expires, an hour later.
   */
  unclaimedSeconds?: number
}

export interface HeldJobSpec<N extends JobName, Row> {
  name: N
  store: HeldRunStore<Row>
  timing: HeldJobTiming
  /** The row a job names. */
  rowId(payload: JobPayload<N>): string
  /**
   * The job that runs a released row again. Given, dead runs' rows are taken over by the sweep;
   * without it the owner deals with them (the store then claims queued rows only).
   */
  resume?: (rowId: string) => JobPayload<N>
  /** The work, rebuilt from the stored row. Errors it throws are retried by the queue. */
  handler(row: Row, run: HeldRun, payload: JobPayload<N>): Promise<void>
  log?: ((message: string, details: object) => void) | undefined
}

export interface HeldJob<N extends JobName = JobName> {
  readonly name: N
  /** Claims the named row and runs the handler while holding it; nothing when it is not claimable. */
  run(payload: JobPayload<N>): Promise<void>
  /**
   * Hands rows whose holder died, and queued rows left unclaimed, to new runs through the
   * queue; returns how many.
   */
  recoverStale(queue: Pick<JobQueue, 'send'>): Promise<number>
}

/** Declares a job type once: its name, its rows, its handler and how it is held. */
export function defineHeldJob<N extends JobName, Row>(spec: HeldJobSpec<N, Row>): HeldJob<N> {
  const staleBefore = () => new Date(Date.now() - spec.timing.staleSeconds * 1000)
  const unclaimedBefore = () =>
    new Date(Date.now() - (spec.timing.unclaimedSeconds ?? spec.timing.staleSeconds * 4) * 1000)

  async function run(payload: JobPayload<N>): Promise<void> {
    const token = newId()
    const id = spec.rowId(payload)
    const row = await spec.store.claim(id, token, staleBefore())
    if (!row) return
    let percent = Number((row as { progress?: unknown }).progress ?? 0) || 0
    let held = true
    let lastWrite = 0
    const beat = async () => {
      if (!(await spec.store.beat(id, token, percent))) held = false
    }
    const heartbeat = setInterval(() => beat().catch(() => undefined), spec.timing.heartbeatMs)
    heartbeat.unref()
    const handle: HeldRun = {
      token,
      get percent() {
        return percent
      },
      get held() {
        return held
      },
      note(next) {
        percent = Math.max(percent, Math.min(99, Math.floor(next)))
      },
      async progress(next, options = {}) {
        handle.note(next)
        const now = Date.now()
        if (!options.force && now - lastWrite < spec.timing.progressWriteMs) return
        lastWrite = now
        await beat()
        handle.assertHeld()
      },
      assertHeld() {
        if (!held) throw new TakenOver()
      },
    }
    try {
      await spec.handler(row, handle, payload)
    } catch (error) {
      if (error instanceof TakenOver) return
      throw error
    } finally {
      clearInterval(heartbeat)
    }
  }

  return {
    name: spec.name,
    run,
    async recoverStale(queue) {
      if (!spec.resume) return 0
      const ids = await spec.store.releaseStale(staleBefore(), 50)
      for (const id of ids) await queue.send(spec.name, spec.resume(id))
      if (ids.length > 0) spec.log?.('jobs resumed after their worker stopped', { name: spec.name, ids })
      const unclaimed = await spec.store.touchUnclaimed(unclaimedBefore(), 50)
      for (const id of unclaimed) await queue.send(spec.name, spec.resume(id))
      if (unclaimed.length > 0) spec.log?.('queued jobs sent again', { name: spec.name, ids: unclaimed })
      return ids.length + unclaimed.length
    },
  }
}

/**
 * Works a module's held jobs on the queue and, where jobs run, sweeps for rows whose holder
 * died: at start, then every `sweepMs`. Returns the stop of the sweep.
 */
export async function startHeldJobs(
  queue: JobQueue,
  jobs: HeldJob[],
  options: { sweepMs: number; log?: ((message: string, details: object) => void) | undefined },
): Promise<() => void> {
  for (const job of jobs) await queue.work(job.name, (payload) => job.run(payload as never))
  const sweep = () => {
    Promise.all(jobs.map((job) => job.recoverStale(queue))).catch((error: unknown) =>
      options.log?.('job recovery failed', { err: error }),
    )
  }
  sweep()
  const timer = setInterval(sweep, options.sweepMs)
  timer.unref()
  return () => clearInterval(timer)
}
