// Usage analytics and the audit log: the time ranges, bucket sizes, breakdowns and audit
// activities the server checks and the web app offers, in one typed place.

/** The shortest and the longest time range an analytics query may cover. */
export const ANALYTICS_MIN_RANGE_MS = 15 * 60 * 1000
/** Two years, leap day included. */
export const ANALYTICS_MAX_RANGE_MS = 731 * 24 * 60 * 60 * 1000
/** The earliest start a query may name (as the public API: 2020-01-01). */
export const ANALYTICS_EARLIEST_MS = Date.UTC(2020, 0, 1)

/** Bucket sizes in seconds: 1 s, 5 s, 15 s, 1 min, 5 min, 15 min, hourly, 4 hours, daily. */
export const ANALYTICS_BUCKET_SECONDS = [1, 5, 15, 60, 300, 900, 3600, 14_400, 86_400] as const
export type AnalyticsBucketSeconds = (typeof ANALYTICS_BUCKET_SECONDS)[number]

/**
 * At most this many buckets per query: a bucket size too small for its range (1 s over a day)
 * is refused rather than answered with tens of thousands of rows.
 */
export const ANALYTICS_MAX_BUCKETS = 1440

/** The bucket sizes a range allows: no more than the maximum of buckets, none longer than the range. */
export function allowedBucketSeconds(rangeMs: number): AnalyticsBucketSeconds[] {
  return ANALYTICS_BUCKET_SECONDS.filter(
    (s) => s * 1000 <= rangeMs && Math.ceil(rangeMs / (s * 1000)) <= ANALYTICS_MAX_BUCKETS,
  )
}

/** The time ranges the dashboard offers, shortest first (all within the allowed span). */
export const ANALYTICS_RANGE_PRESETS = [
  { id: '15m', ms: 15 * 60 * 1000 },
  { id: '1h', ms: 60 * 60 * 1000 },
  { id: '24h', ms: 24 * 60 * 60 * 1000 },
  { id: '7d', ms: 7 * 24 * 60 * 60 * 1000 },
  { id: '30d', ms: 30 * 24 * 60 * 60 * 1000 },
  { id: '90d', ms: 90 * 24 * 60 * 60 * 1000 },
  { id: '1y', ms: 365 * 24 * 60 * 60 * 1000 },
  { id: '2y', ms: 730 * 24 * 60 * 60 * 1000 },
] as const
export type AnalyticsRangePreset = (typeof ANALYTICS_RANGE_PRESETS)[number]['id']

/**
 * The breakdowns (the public API's group_by names). Some id columns get a display-name column
 * appended (user_label, voice_name, api_key_name, group_name).
 */
export const ANALYTICS_GROUP_BY = [
  'product_type',
  'model',
  'voice_id',
  'resource_id',
  'user_id',
  'region',
  'request_queue_type',
  'request_source',
  'hashed_xi_api_key',
  'billing_group_id',
] as const
export type AnalyticsGroupBy = (typeof ANALYTICS_GROUP_BY)[number]

/** The breakdowns the dashboard offers. */
export const ANALYTICS_DASHBOARD_BREAKDOWNS = [
  'product_type',
  'model',
  'hashed_xi_api_key',
  'billing_group_id',
  'voice_id',
  'user_id',
  'region',
  'request_queue_type',
] as const satisfies readonly AnalyticsGroupBy[]

export const ANALYTICS_FILTER_OPERATIONS = ['in', 'not_in', 'eq', 'neq', 'le', 'ge', 'lt', 'gt'] as const
export type AnalyticsFilterOperation = (typeof ANALYTICS_FILTER_OPERATIONS)[number]

/** The metric columns of the usage query, in order. */
export const ANALYTICS_METRICS = [
  'credits',
  'characters',
  'requests',
  'failed_requests',
  'ttfb_avg_ms',
  'ttfb_p95_ms',
  'concurrency_max',
  'concurrency_avg',
] as const
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number]

/** The products a metered request belongs to (the group permission names of each product). */
export const ANALYTICS_PRODUCTS = [
  'text_to_speech',
  'speech_to_speech',
  'sound_effects',
  'voice_isolator',
  'voice_lab',
  'speech_to_text',
  'dubbing',
  'music',
  'other',
] as const
export type AnalyticsProduct = (typeof ANALYTICS_PRODUCTS)[number]

/** Where a request came from: an API key, the web app (session) or a background job. */
export const ANALYTICS_REQUEST_SOURCES = ['api', 'web', 'job'] as const
/** The queue a request was served from: answered within the request, or run by a job worker. */
export const ANALYTICS_REQUEST_QUEUES = ['realtime', 'job'] as const

export const ANALYTICS_REQUESTS_DEFAULT_LIMIT = 100
export const ANALYTICS_REQUESTS_MAX_LIMIT = 1000

// The audit log. Entries follow OCSF (class, activity, status, severity), as the public API's
// audit log does: each activity names its OCSF class and the class's activity id.

/** OCSF Identity & Access Management category. */
export const AUDIT_CATEGORY = { uid: 3, name: 'Identity & Access Management' } as const

export const AUDIT_CLASSES = {
  account_change: { uid: 3001, name: 'Account Change' },
  entity_management: { uid: 3004, name: 'Entity Management' },
  user_access_management: { uid: 3005, name: 'User Access Management' },
  group_management: { uid: 3006, name: 'Group Management' },
} as const
export type AuditClass = keyof typeof AUDIT_CLASSES

/** Every admin action the audit log records: its OCSF class, activity id and name. */
export const AUDIT_ACTIVITIES = {
  member_invited: { class: 'account_change', activityId: 1, name: 'Member Invited' },
  invite_revoked: { class: 'account_change', activityId: 6, name: 'Invite Revoked' },
  member_removed: { class: 'account_change', activityId: 6, name: 'Member Removed' },
  member_locked: { class: 'account_change', activityId: 9, name: 'Member Locked' },
  member_enabled: { class: 'account_change', activityId: 2, name: 'Member Enabled' },
  member_role_changed: { class: 'user_access_management', activityId: 1, name: 'Member Role Changed' },
  ownership_transferred: { class: 'user_access_management', activityId: 1, name: 'Ownership Transferred' },
  group_created: { class: 'group_management', activityId: 6, name: 'Group Created' },
  group_updated: { class: 'group_management', activityId: 1, name: 'Group Permissions Changed' },
  group_deleted: { class: 'group_management', activityId: 5, name: 'Group Deleted' },
  group_member_added: { class: 'group_management', activityId: 3, name: 'Group Member Added' },
  group_member_removed: { class: 'group_management', activityId: 4, name: 'Group Member Removed' },
  resource_shared: { class: 'user_access_management', activityId: 1, name: 'Resource Shared' },
  resource_unshared: { class: 'user_access_management', activityId: 2, name: 'Resource Unshared' },
  workspace_settings_changed: {
    class: 'entity_management',
    activityId: 3,
    name: 'Workspace Settings Changed',
  },
  webhook_created: { class: 'entity_management', activityId: 1, name: 'Webhook Created' },
  webhook_updated: { class: 'entity_management', activityId: 3, name: 'Webhook Updated' },
  webhook_deleted: { class: 'entity_management', activityId: 4, name: 'Webhook Deleted' },
  service_account_created: { class: 'entity_management', activityId: 1, name: 'Service Account Created' },
  service_account_deleted: { class: 'entity_management', activityId: 4, name: 'Service Account Deleted' },
  api_key_created: { class: 'entity_management', activityId: 1, name: 'API Key Created' },
  api_key_updated: { class: 'entity_management', activityId: 3, name: 'API Key Updated' },
  api_key_deleted: { class: 'entity_management', activityId: 4, name: 'API Key Deleted' },
  api_keys_disabled: { class: 'entity_management', activityId: 9, name: 'API Keys Disabled' },
  subscription_changed: { class: 'entity_management', activityId: 3, name: 'Subscription Changed' },
  security_settings_changed: {
    class: 'entity_management',
    activityId: 3,
    name: 'Security Settings Changed',
  },
  sso_settings_changed: { class: 'entity_management', activityId: 3, name: 'SSO Settings Changed' },
} as const satisfies Record<string, { class: AuditClass; activityId: number; name: string }>
export type AuditActivity = keyof typeof AUDIT_ACTIVITIES

/** OCSF status and severity of the entries written (admin actions that succeeded). */
export const AUDIT_STATUS_SUCCESS = 1
export const AUDIT_SEVERITY_INFORMATIONAL = 1

export const AUDIT_LOG_DEFAULT_LIMIT = 50
export const AUDIT_LOG_MAX_LIMIT = 200
