import { AppError } from '../../errors.js'

/**
 * Per-workspace concurrent generations (spec core section 9 "concurrency" per plan;
 * DESIGN.md section 5: 429 with `current-concurrent-requests` and `maximum-concurrent-requests`).
 * Counted in this process: with several API replicas each enforces the limit on its own
 * share (docs/deploy.md).
 */
export function createConcurrencyLimiter() {
  const active = new Map<string, number>()
  return {
    acquire(workspaceId: string, maximum: number): () => void {
      const current = active.get(workspaceId) ?? 0
      if (current >= maximum) {
        throw new AppError('concurrent_limit_exceeded', {
          headers: {
            'current-concurrent-requests': String(current),
            'maximum-concurrent-requests': String(maximum),
          },
        })
      }
      active.set(workspaceId, current + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const now = (active.get(workspaceId) ?? 1) - 1
        if (now <= 0) active.delete(workspaceId)
        else active.set(workspaceId, now)
      }
    },
    current: (workspaceId: string) => active.get(workspaceId) ?? 0,
  }
}

export type ConcurrencyLimiter = ReturnType<typeof createConcurrencyLimiter>
