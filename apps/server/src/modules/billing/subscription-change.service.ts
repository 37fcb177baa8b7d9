import { bindUseCases } from '../../platform/use-cases.js'
import type { SubscriptionRow } from './billing.tables.js'
import { change } from './plan-change.js'
import { applyDiscount, cancel, cancelDowngrade, renew } from './scheduled-changes.js'
import type { ChangeRequest, SubscriptionChangeDeps } from './subscription-change-rules.js'
import { subscriptionInfo } from './subscription-state.js'

export * from './subscription-change-rules.js'

export function createSubscriptionChangeService(deps: SubscriptionChangeDeps) {
  const { subscriptions, provider } = deps
  const info = (row: SubscriptionRow) => subscriptionInfo(row, provider.testMode)
  return {
    async info(workspaceId: string) {
      return info(await subscriptions.find(workspaceId))
    },

    change: (workspaceId: string, userId: string, request: ChangeRequest) =>
      change(deps, workspaceId, userId, request, false),

    /** Only an upgrade: anything else this plan card would do is refused, nothing is charged. */
    upgradeOnly(workspaceId: string, userId: string, request: ChangeRequest & { idempotency_key: string }) {
      return change(deps, workspaceId, userId, request, true)
    },

    ...bindUseCases(deps, { cancelDowngrade, cancel, renew, applyDiscount }),
  }
}

export type SubscriptionChangeService = ReturnType<typeof createSubscriptionChangeService>
