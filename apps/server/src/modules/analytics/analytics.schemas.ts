import {
  ANALYTICS_FILTER_OPERATIONS,
  ANALYTICS_GROUP_BY,
  ANALYTICS_REQUESTS_DEFAULT_LIMIT,
  ANALYTICS_REQUESTS_MAX_LIMIT,
} from '@timbre/contract'
import { z } from 'zod'

const unixMs = z.number().int().min(0).max(8_640_000_000_000_000)

const columnFilter = z.object({
  column: z.string().min(1).max(64),
  operation: z.enum(ANALYTICS_FILTER_OPERATIONS),
  values: z.array(z.union([z.string().max(256), z.number(), z.boolean(), z.null()])).max(100),
})

export const usageBody = z.object({
  start_time: unixMs.describe('Start of the time range, Unix milliseconds (2020-01-01 or later).'),
  end_time: unixMs.describe(
    'End of the time range, Unix milliseconds; 15 minutes to 2 years after the start.',
  ),
  interval_seconds: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Bucket size: 1, 5, 15, 60, 300, 900, 3600, 14400 or 86400 seconds, fitting the range.'),
  group_by: z.array(z.enum(ANALYTICS_GROUP_BY)).max(3).optional(),
  filters: z.array(columnFilter).max(20).optional(),
  time_zone: z.string().min(1).max(64).optional(),
})

export const requestsBody = z.object({
  start_time: unixMs.optional(),
  end_time: unixMs.optional(),
  limit: z.number().int().min(1).max(ANALYTICS_REQUESTS_MAX_LIMIT).default(ANALYTICS_REQUESTS_DEFAULT_LIMIT),
  sort: z.enum(['asc', 'desc']).optional(),
  filters: z.array(columnFilter).max(20).optional(),
  search: z.string().max(200).optional(),
})

export const analyticsTable = z
  .object({
    columns: z.array(z.string()),
    column_types: z.array(z.enum(['String', 'Float', 'DateTime', 'Int', 'Bool', 'JSON', 'Map', 'Array'])),
    column_units: z.array(z.enum(['ms', 's', 'min', 'duration', 'credits', 'usd', 'ratio']).nullable()),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  })
  .meta({ id: 'WorkspaceAnalyticsQueryResponseModel' })
