import type { components } from '@timbre/contract'
import { client, settle } from '../../lib/api'

export type AnalyticsTable = components['schemas']['WorkspaceAnalyticsQueryResponseModel']
export type AuditPage = components['schemas']['WorkspaceAuditLogsPageResponse']
export type AuditEntry = AuditPage['entries'][number]

export interface UsageQuery {
  start_time: number
  end_time: number
  interval_seconds: number
  group_by: string[]
  time_zone: string
}

export const queryUsage = (body: UsageQuery): Promise<AnalyticsTable> =>
  settle(
    client.POST('/v1/workspace/analytics/query/usage-by-product-over-time', {
      body: body as never,
    }),
  )

export const listRequests = (body: { end_time: number; limit: number }): Promise<AnalyticsTable> =>
  settle(client.POST('/v1/workspace/analytics/requests', { body }))

export interface AuditQuery {
  cursor?: string | undefined
  limit?: number
  class_name?: string | undefined
  activity_name?: string | undefined
  time_from_unix_ms?: number | undefined
  time_to_unix_ms?: number | undefined
}

export const listAuditLogs = (query: AuditQuery): Promise<AuditPage> =>
  settle(client.GET('/v1/workspace/audit-logs', { params: { query } }))
