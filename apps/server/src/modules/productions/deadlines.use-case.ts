import { cancelUnpaid } from './pay-order.use-case.js'
import { revoke } from './producer-work.use-case.js'
import type { ProductionsDeps } from './productions-deps.js'

/**
 * The scheduled sweep: claims past their deadline are revoked (the task returns to the board)
 * and orders still unpaid when their window closes are cancelled.
 */
export async function sweepDeadlines(deps: ProductionsDeps): Promise<{ revoked: number; cancelled: number }> {
  let revoked = 0
  for (const claim of await deps.claims.overdue(deps.now()))
    if (await revoke(deps, claim, null, 'overdue')) revoked++
  return { revoked, cancelled: await cancelUnpaid(deps) }
}
