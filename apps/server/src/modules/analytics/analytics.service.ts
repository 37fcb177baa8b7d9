import { bindUseCases } from '../../platform/use-cases.js'
import type { AnalyticsDeps } from './analytics-deps.js'
import { listRequests } from './request-list.js'
import { usageOverTime } from './usage-over-time.js'

export type { AnalyticsDeps, ColumnFilterInput, RequestsInput, UsageInput } from './analytics-deps.js'
export { checkBucket, checkRange } from './analytics-deps.js'

/**
 * The analytics of a workspace for its admins: usage in buckets over time with breakdowns, and
 * the list of metered requests. Every query is bounded to the caller's own workspace, so a
 * workspace that bills to another sees its own requests only, and members are refused.
 */
export function createAnalyticsService(deps: AnalyticsDeps) {
  return bindUseCases(deps, { usageOverTime, requests: listRequests })
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
