import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from '../../plugins/workspace-roles.js'
import { type AnalyticsDeps, checkFilters, names, type RequestsInput } from './analytics-deps.js'
import { type AnalyticsTable, tableOf } from './analytics-table.js'

/** The metered requests of a range, one row each, with the names of their users and keys. */
export async function listRequests(
  deps: AnalyticsDeps,
  principal: Principal,
  input: RequestsInput,
): Promise<AnalyticsTable> {
  const { repo } = deps
  requireAdmin(principal)
  if (input.start_time === undefined && input.end_time === undefined)
    throw new AppError('analytics_range_invalid', {
      param: 'start_time',
      message: 'Give start_time, end_time or both.',
    })
  if (input.start_time !== undefined && input.end_time !== undefined && input.end_time <= input.start_time)
    throw new AppError('analytics_range_invalid', {
      param: 'end_time',
      message: 'end_time must be after start_time.',
    })
  const filters = checkFilters(input.filters)
  await deps.flushPending()
  const rows = await repo.listRequests({
    workspaceId: principal.workspaceId,
    start: input.start_time === undefined ? null : new Date(input.start_time),
    end: input.end_time === undefined ? null : new Date(input.end_time),
    sort: input.sort ?? (input.end_time !== undefined ? 'desc' : 'asc'),
    limit: input.limit,
    filters,
    search: input.search?.trim() || null,
  })
  const [users, keys] = await Promise.all([
    names(
      deps,
      principal.workspaceId,
      'userLabels',
      rows.map((r) => r.user_id),
    ),
    names(
      deps,
      principal.workspaceId,
      'apiKeyNames',
      rows.map((r) => r.api_key_id),
    ),
  ])
  return tableOf(
    [
      { name: 'time', type: 'DateTime', unit: null },
      { name: 'request_id', type: 'String', unit: null },
      { name: 'product_type', type: 'String', unit: null },
      { name: 'model', type: 'String', unit: null },
      { name: 'voice_id', type: 'String', unit: null },
      { name: 'user_id', type: 'String', unit: null },
      { name: 'hashed_xi_api_key', type: 'String', unit: null },
      { name: 'billing_group_ids', type: 'String', unit: null },
      { name: 'region', type: 'String', unit: null },
      { name: 'request_queue_type', type: 'String', unit: null },
      { name: 'request_source', type: 'String', unit: null },
      { name: 'characters', type: 'Int', unit: null },
      { name: 'credits', type: 'Int', unit: 'credits' },
      { name: 'ttfb_ms', type: 'Int', unit: 'ms' },
      { name: 'duration_ms', type: 'Int', unit: 'ms' },
      { name: 'concurrency', type: 'Int', unit: null },
      { name: 'status', type: 'String', unit: null },
      { name: 'error_code', type: 'String', unit: null },
      { name: 'http_method', type: 'String', unit: null },
      { name: 'path', type: 'String', unit: null },
      { name: 'voice_name', type: 'String', unit: null },
      { name: 'user_label', type: 'String', unit: null },
      { name: 'api_key_name', type: 'String', unit: null },
    ],
    rows.map((r) => [
      r.started_at.toISOString(),
      r.request_id,
      r.product,
      r.model_id,
      r.resource_id,
      r.user_id,
      r.api_key_id,
      r.group_ids.join(','),
      r.region,
      r.request_queue,
      r.request_source,
      r.characters,
      r.credits,
      r.ttfb_ms,
      r.duration_ms,
      r.concurrency,
      r.status,
      r.error_code,
      r.http_method,
      r.http_path,
      r.resource_name,
      r.user_id ? (users.get(r.user_id) ?? null) : null,
      r.api_key_id ? (keys.get(r.api_key_id) ?? null) : null,
    ]),
  )
}
