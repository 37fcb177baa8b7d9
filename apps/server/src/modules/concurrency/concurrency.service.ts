import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { ConcurrencyRepository } from './concurrency.repository.js'

/** A held slot: calling it gives the slot back. */
export interface HeldSlot {
  (): Promise<void>
  /** The workspace's slots held when this one was taken, this one included. */
  readonly concurrent: number
}

/** Takes one of a workspace's concurrent-generation slots; the result gives it back. */
export interface ConcurrencySlots {
  /**
   * Resolves with a release function (idempotent, never rejects), or throws
   * `concurrent_limit_exceeded` (429 with `current-concurrent-requests` and
   * `maximum-concurrent-requests`) when `maximum` slots are already taken.
   */
  acquire(workspaceId: string, maximum: number): Promise<HeldSlot>
}

export interface ConcurrencyLog {
  warn(details: object, message: string): void
}

/**
 * A plan's concurrency limit for the whole deployment, not per process: every held slot is a
 * lease row in the database. The process renews all the leases it holds on one timer; a process
 * that dies stops renewing, and its leases stop counting once they expire.
 */
export function createConcurrencyService(deps: {
  repository: ConcurrencyRepository
  leaseMs: number
  heartbeatMs: number
  /** This process instance; random per start so a restarted process never renews old leases. */
  holder?: string
  log?: ConcurrencyLog
}) {
  const { repository, leaseMs, heartbeatMs } = deps
  const holder = deps.holder ?? `${process.pid}-${newId(10)}`
  const held = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let beating: Promise<void> | undefined

  async function beat(): Promise<void> {
    const ids = [...held]
    if (ids.length > 0) {
      const renewed = new Set(await repository.renew(holder, ids, leaseMs))
      for (const id of ids) {
        // Released meanwhile, or expired (this process stalled past the lease): no longer held.
        if (renewed.has(id) || !held.has(id)) continue
        held.delete(id)
        deps.log?.warn({ leaseId: id }, 'concurrency lease expired before it was renewed')
      }
    }
    await repository.purgeExpired()
  }

  /** One heartbeat at a time; a failed one is logged and the next tick tries again. */
  function tick(): Promise<void> {
    if (!beating) {
      beating = beat()
        .catch((error: unknown) => deps.log?.warn({ err: error }, 'concurrency lease heartbeat failed'))
        .finally(() => {
          beating = undefined
        })
    }
    return beating
  }

  const slots: ConcurrencySlots = {
    async acquire(workspaceId, maximum) {
      const id = newId()
      const outcome = await repository.take({ id, workspaceId, holder, maximum, leaseMs })
      if (!outcome.ok) {
        throw new AppError('concurrent_limit_exceeded', {
          headers: {
            'current-concurrent-requests': String(outcome.current),
            'maximum-concurrent-requests': String(maximum),
          },
        })
      }
      held.add(id)
      let released = false
      const release = async () => {
        if (released) return
        released = true
        held.delete(id)
        try {
          await repository.release(id)
        } catch (error) {
          // The lease is no longer renewed, so it frees itself when it expires.
          deps.log?.warn({ err: error, leaseId: id }, 'concurrency lease release failed')
        }
      }
      return Object.assign(release, { concurrent: outcome.current + 1 })
    },
  }

  return {
    holder,
    slots,
    /** Leases this process holds now. */
    heldCount: () => held.size,
    /** Runs one heartbeat now (the timer calls the same). */
    heartbeat: tick,
    start(): void {
      if (timer) return
      timer = setInterval(() => void tick(), heartbeatMs)
      timer.unref()
    },
    /** Stops renewing and gives back what this process still holds, so shutdown frees slots at once. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer)
      timer = undefined
      await beating
      held.clear()
      await repository
        .releaseAll(holder)
        .catch((error: unknown) => deps.log?.warn({ err: error }, 'concurrency lease release failed'))
    },
  }
}

export type ConcurrencyService = ReturnType<typeof createConcurrencyService>
