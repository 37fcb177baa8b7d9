import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

import type {
  VoiceoverClipsTable,
  VoiceoverProjectsTable,
  VoiceoverRendersTable,
  VoiceoverTracksTable,
} from './schema-voiceover.js'

export type {
  VoiceoverClipsTable,
  VoiceoverProjectsTable,
  VoiceoverRendersTable,
  VoiceoverTracksTable,
} from './schema-voiceover.js'

// Row types of the tables in migrations/. Timestamps come back as Date; int8 columns are
// parsed to number by both drivers (database.ts), safe for credit counts below 2^53.
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type BigIntColumn = ColumnType<number, number | undefined, number>

export interface WorkspacesTable {
  id: string
  name: string
  owner_id: string
  created_at: Timestamp
  /** Only admins (of the workspace or of the resource) may share its resources. */
  sharing_limited_to_admins: Generated<boolean>
  /** Members must turn on two-factor sign-in before they can use the workspace. */
  mfa_required_for_users: Generated<boolean>
  /** Seconds a session may stay idle in this workspace before it ends (null: no limit). */
  session_inactivity_timeout: number | null
}

export interface SubscriptionsTable {
  workspace_id: string
  tier: Generated<string>
  status: Generated<string>
  currency: Generated<string>
  billing_period: Generated<string>
  character_count: BigIntColumn
  character_limit: BigIntColumn
  period_started_at: Timestamp
  next_reset_at: Timestamp
  updated_at: Timestamp
  /** The paid period (a month or a year); null on free, trial and grants. */
  current_period_start: NullableTimestamp
  current_period_end: NullableTimestamp
  /** A change scheduled for the end of the period: 'change' (a downgrade) or 'cancellation'. */
  pending_change_kind: 'change' | 'cancellation' | null
  pending_next_tier: string | null
  pending_billing_period: string | null
  discount_coupon_id: string | null
  discount_percent_off: number | null
  discount_amount_off: number | null
  discount_months_left: number | null
  previously_subscribed_tiers: ColumnType<string[], string[] | undefined, string[]>
  payment_provider: string | null
  provider_customer_id: string | null
  provider_subscription_id: string | null
  provider_schedule_id: string | null
  /** Unused credits carried from the last period (usable this period and the next). */
  rollover_newer: ColumnType<number, number | undefined, number>
  /** Unused credits carried from two periods ago (usable this period only). */
  rollover_older: ColumnType<number, number | undefined, number>
  usage_based_billing: Generated<boolean>
  /** The workspace's own cap on usage-based characters; null = the plan's included extension. */
  max_character_limit_extension: number | null
  grant_ends_at: NullableTimestamp
  post_grant_tier: string | null
  post_grant_billing_period: string | null
  /** Characters above the credits already invoiced this credit period (by a billing threshold). */
  overage_billed_characters: ColumnType<number, number | undefined, number>
  /** A plan change in progress at the provider holds this lease; others wait until it ends. */
  change_lease_token: string | null
  change_lease_until: NullableTimestamp
}

export interface CheckoutSessionsTable {
  id: string
  workspace_id: string
  user_id: string
  idempotency_key: string | null
  provider: string
  tier: string
  billing_period: string
  currency: string
  promocode: string | null
  list_price_cents: number
  amount_due_cents: number
  status: Generated<'open' | 'complete' | 'expired'>
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: NullableTimestamp
  kind: Generated<'subscription' | 'grant'>
  grant_code: string | null
  provider_session_id: string | null
}

/** Money moved: one row per (workspace, idempotency key). */
export interface PaymentsTable {
  id: string
  workspace_id: string
  idempotency_key: string
  /** checkout | upgrade */
  kind: string
  provider: string
  amount_cents: number
  currency: string
  tier: string
  billing_period: string
  provider_reference: string | null
  created_at: Timestamp
  /**
   * paid; open (a charge that failed and is still owed); pending (confirmed by the provider
   * later); void; processing (asked of the provider, its answer not yet applied).
   */
  status: Generated<'paid' | 'open' | 'pending' | 'void' | 'processing'>
  period_start: NullableTimestamp
  period_end: NullableTimestamp
  /** Usage-based invoices: the characters above the credits. */
  characters: number | null
  paid_at: NullableTimestamp
}

/** The card a workspace pays with (no card numbers: brand and last four digits). */
export interface PaymentMethodsTable {
  workspace_id: string
  provider: string
  brand: string
  last4: string
  declines: Generated<boolean>
  provider_reference: string | null
  verified_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

/** A grant an operator offers; redeemed once. */
export interface GrantOffersTable {
  code: string
  tier: string
  duration_months: Generated<number>
  expires_at: NullableTimestamp
  redeemed_workspace_id: string | null
  redeemed_at: NullableTimestamp
  created_at: Timestamp
}

/** Provider events already applied: each event is applied once. */
export interface BillingEventsTable {
  provider: string
  event_id: string
  type: string
  processed_at: Timestamp
}

/** Usage above the credits, reported once to a hosted provider that invoices it. */
export interface UsageReportsTable {
  id: string
  workspace_id: string
  /** One report per (workspace, key): the usage period, or the threshold crossing. */
  usage_key: string
  provider: string
  provider_customer_id: string | null
  provider_subscription_id: string | null
  billing_period: string
  currency: string
  amount_cents: number
  characters: BigIntColumn
  period_start: Timestamp
  period_end: Timestamp
  /** pending (not yet confirmed by the provider); reported; needs_review (see the renewals job). */
  status: Generated<'pending' | 'reported' | 'needs_review'>
  attempts: Generated<number>
  first_attempt_at: NullableTimestamp
  claimed_until: NullableTimestamp
  last_error: string | null
  provider_reference: string | null
  reported_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface PromoCodesTable {
  code: string
  amount_off: number | null
  percent_off: number | null
  duration_in_months: Generated<number>
  expires_at: NullableTimestamp
  created_at: Timestamp
}

export interface UsersTable {
  id: string
  email: string
  email_verified_at: NullableTimestamp
  first_name: string | null
  workspace_id: string
  public_user_id: string
  is_onboarding_completed: Generated<boolean>
  is_onboarding_checklist_completed: Generated<boolean>
  is_producer: Generated<boolean>
  invite_code: string | null
  created_at: Timestamp
}

export interface WorkspaceMembersTable {
  workspace_id: string
  user_id: string
  role: 'admin' | 'member'
  state: Generated<'enabled' | 'disabled' | 'locked'>
  created_at: Timestamp
}

export interface AuthAccountsTable {
  id: string
  user_id: string
  provider: Generated<string>
  password_hash: string | null
  locale: string | null
  ccpa_opt_out: Generated<boolean>
  password_changed_at: NullableTimestamp
}

export interface AccountMetadataTable {
  user_id: string
  agrees_to_product_updates: Generated<boolean>
  accepted_bipa_terms: Generated<boolean>
  geo_location: unknown | null
  opt_out_updates_key: string
}

export interface SessionsTable {
  id: string
  user_id: string
  access_token_hash: string
  refresh_token_hash: string
  access_expires_at: Timestamp
  refresh_expires_at: Timestamp
  user_agent: string | null
  created_at: Timestamp
}

/** Refresh tokens a session rotated away from; presenting one again ends the session. */
export interface RetiredRefreshTokensTable {
  token_hash: string
  session_id: string
  retired_at: Timestamp
}

export type ActionCodePurpose = 'verify_email' | 'reset_password' | 'sign_in_request'

export interface ActionCodesTable {
  code_hash: string
  purpose: ActionCodePurpose
  user_id: string
  email: string
  expires_at: Timestamp
  used_at: NullableTimestamp
  created_at: Timestamp
}

export interface SignInFailuresTable {
  id: Generated<string>
  email: string
  /** The client address the attempt came from ('' for rows older than per-address counting). */
  client_address: Generated<string>
  at: Timestamp
}

export interface ApiKeysTable {
  id: string
  user_id: string
  workspace_id: string
  name: string
  key_hash: string
  hint: string
  permissions: string[] | null
  character_limit: number | null
  character_count: BigIntColumn
  is_disabled: Generated<boolean>
  created_at: Timestamp
  last_used_at: NullableTimestamp
}

export interface OutboxMessagesTable {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  status: Generated<'pending' | 'sent' | 'local' | 'failed'>
  attempts: Generated<number>
  last_error: string | null
  created_at: Timestamp
  sent_at: NullableTimestamp
}

export interface VoicesTable {
  id: string
  workspace_id: string | null
  owner_user_id: string | null
  /** premade | cloned | generated | professional */
  category: string
  name: string
  description: string | null
  labels: ColumnType<Record<string, string>, string, string>
  language: string | null
  definition: ColumnType<unknown, string, string>
  settings: ColumnType<unknown | null, string | null, string | null>
  verified_languages: ColumnType<unknown[], string | undefined, string>
  safety_control: string | null
  sharing: ColumnType<unknown | null, string | null, string | null>
  is_legacy: Generated<boolean>
  sort_order: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One voice addition or sample edit: the monthly add/edit counter counts them. */
export interface VoiceAddEditsTable {
  id: string
  workspace_id: string
  voice_id: string
  /** add | edit */
  kind: string
  created_at: Timestamp
}

export interface VoiceSamplesTable {
  id: string
  voice_id: string
  file_name: string
  mime_type: string
  size_bytes: number
  hash: string
  storage_key: string
  duration_seconds: number | null
  created_at: Timestamp
}

export interface VoicePreviewsTable {
  voice_id: string
  language: string
  storage_key: string
  created_at: Timestamp
}

export interface HistoryItemsTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  voice_id: string
  voice_name: string
  voice_category: string
  model_id: string
  text: string
  dialogue: ColumnType<unknown | null, string | null, string | null>
  settings: ColumnType<unknown | null, string | null, string | null>
  source: string
  output_format: string
  content_type: string
  storage_key: string
  size_bytes: number
  duration_seconds: number
  character_count_change_from: BigIntColumn
  character_count_change_to: BigIntColumn
  alignment: ColumnType<unknown | null, string | null, string | null>
  feedback: ColumnType<unknown | null, string | null, string | null>
  share_token: string | null
  created_at: Timestamp
}

export interface CreditLedgerTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  /** tts | dialogue | ... */
  kind: string
  characters: BigIntColumn
  state: 'reserved' | 'charged' | 'released'
  history_item_id: string | null
  request_hash: string | null
  created_at: Timestamp
  settled_at: NullableTimestamp
  /** The process generating against this reservation, and until when its lease holds. */
  owner_id: string | null
  lease_expires_at: NullableTimestamp
  /** Credits due for the audio the client has received so far. */
  delivered_characters: Generated<number>
  /** Groups the reservations of one generation (the pieces of a WebSocket session). */
  recording_id: string | null
  /** The history item to write with the settlement, kept once its audio is stored. */
  history_draft: ColumnType<unknown | null, string | null | undefined, string | null>
}

/** One held concurrency slot; expired rows no longer count (modules/concurrency). */
export interface ConcurrencyLeasesTable {
  id: string
  workspace_id: string
  /** The process instance that holds and renews the lease. */
  holder: string
  expires_at: Timestamp
  created_at: Timestamp
}

/** A user's onboarding: the checklist and the survey answered after sign-up. */
export interface OnboardingStatesTable {
  user_id: string
  checklist_id: string | null
  checklist_initiated_at: NullableTimestamp
  checklist_hidden: Generated<boolean>
  checklist_completed_at: NullableTimestamp
  survey: ColumnType<unknown | null, string | null | undefined, string | null>
  survey_completed_at: NullableTimestamp
  updated_at: Timestamp
}

/** One completed checklist item; `detected_by` says whether the server saw it happen. */
export interface OnboardingChecklistItemsTable {
  user_id: string
  item_id: string
  detected_by: 'server' | 'client'
  completed_at: Timestamp
}

export interface NotificationsTable {
  id: string
  user_id: string
  kind: string
  severity: 'info' | 'success' | 'warning' | 'error'
  title: string
  description: string
  params: ColumnType<Record<string, string | number>, string | undefined, string>
  needs_attention: Generated<boolean>
  dedupe_key: string | null
  read_at: NullableTimestamp
  created_at: Timestamp
}

/** A pronunciation dictionary; its rules live in versions. */
export interface PronunciationDictionariesTable {
  id: string
  workspace_id: string
  name: string
  description: string | null
  created_by: string
  created_at: Timestamp
  archived_at: NullableTimestamp
  latest_version_id: string
  latest_version_rules_num: number
}

/** A Studio project: its metadata (title, author, ISBN, audience...) is one JSON object. */
export interface StudioProjectsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  metadata: ColumnType<Record<string, unknown>, string, string>
  default_title_voice_id: string
  default_paragraph_voice_id: string
  default_model_id: string
  source_type: string
  state: Generated<string>
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
  last_conversion_at: NullableTimestamp
  /** The project's pronunciation dictionaries (locators), applied in order to every block. */
  pronunciation_dictionary_locators: ColumnType<unknown[], string | undefined, string>
  /** Where each conversion's result is posted (HTTPS, checked as webhooks are). */
  callback_url: string | null
}

/** An Audio Native player of one article page: appearance, allowlist, content, state, audio. */
export interface AudioNativeProjectsTable {
  id: string
  workspace_id: string
  created_by: string
  name: string
  title: string
  author: string
  image: string
  small: boolean
  text_color: string
  background_color: string
  sessionization: number
  voice_id: string
  model_id: string
  apply_text_normalization: string
  dictionary_locators: ColumnType<
    Array<{ pronunciation_dictionary_id: string; version_id: string | null }>,
    string,
    string
  >
  allowed_urls: ColumnType<string[], string, string>
  content_selector: string | null
  page_url: string | null
  content_text: string
  status: string
  progress: Generated<number>
  error_code: string | null
  error_message: string | null
  audio_key: string | null
  audio_content_type: string | null
  audio_version: Generated<number>
  api_key_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** Whether the pending conversion goes live when it ends. */
  auto_publish: Generated<boolean>
  /** Converted audio of the current content awaiting a publish call (state `converted`). */
  pending_audio_key: string | null
  pending_content_type: string | null
  /** The content version whose audio (`audio_key`) is live. */
  published_version: number | null
}

/** One play of an Audio Native player, on the page that played it. */
export interface AudioNativePlaysTable {
  id: string
  project_id: string
  page_url: string
  created_at: Timestamp
  /** The anonymous listener session the player made (no personal data). */
  session_id: string | null
}

/** A chapter of a Studio project: its blocks in order, as JSON. */
export interface StudioChaptersTable {
  id: string
  project_id: string
  position: number
  name: string
  blocks: ColumnType<unknown[], string, string>
  state: Generated<string>
  conversion_progress: number | null
  last_conversion_error: string | null
  last_conversion_at: NullableTimestamp
  /** not_converted | queued | converting | converted | failed */
  conversion_state: Generated<string>
  version: Generated<number>
  created_at: Timestamp
  updated_at: Timestamp
}

/** One immutable set of rules of a dictionary (JSON array of rules in API form). */
export interface PronunciationDictionaryVersionsTable {
  id: string
  dictionary_id: string
  version_number: number
  rules: ColumnType<unknown[], string, string>
  rules_num: number
  created_by: string
  created_at: Timestamp
}

/** The dictionaries a workspace applies, in order, when a request names none. */
export interface WorkspacePronunciationDefaultsTable {
  workspace_id: string
  position: number
  dictionary_id: string
  version_id: string | null
}

export interface AudioIsolationItemsTable {
  id: string
  workspace_id: string
  user_id: string | null
  request_id: string
  title: string
  output_format: string
  content_type: string
  storage_key: string
  size_bytes: number
  duration_seconds: number
  credits: number
  preview_b64: string | null
  created_at: Timestamp
}

/** A pending invite: it holds a seat until it is accepted, declined or deleted. */
export interface WorkspaceInvitesTable {
  id: string
  workspace_id: string
  email: string
  role: 'admin' | 'member'
  group_ids: ColumnType<string[], string[] | undefined, string[]>
  code_hash: string
  invited_by: string | null
  created_at: Timestamp
  expires_at: Timestamp
}

export interface WorkspaceGroupsTable {
  id: string
  workspace_id: string
  name: string
  is_everyone: Generated<boolean>
  permissions: ColumnType<string[], string[], string[]>
  /** Members of the group get editor access to every resource created in the workspace. */
  new_resource_editor: Generated<boolean>
  created_at: Timestamp
}

export interface WorkspaceSecretsTable {
  id: string
  workspace_id: string
  name: string
  value_sealed: string
  created_by: string
  created_at: Timestamp
  updated_at: Timestamp
}

export interface WorkspaceGroupMembersTable {
  group_id: string
  user_id: string
}

/** Who may use a shared resource, and how (a user or a group of the workspace). */
export interface WorkspaceResourceGrantsTable {
  workspace_id: string
  resource_type: string
  resource_id: string
  principal_type: 'user' | 'group'
  principal_id: string
  role: string
}

/** A workspace user that owns API keys and never signs in. */
export interface ServiceAccountsTable {
  user_id: string
  workspace_id: string
  name: string
  created_at: Timestamp
}

/** A workspace webhook; its signing secret is stored sealed. */
export interface WebhooksTable {
  id: string
  workspace_id: string
  name: string
  url: string
  auth_type: string
  secret_sealed: string
  events: ColumnType<string[], string | undefined, string>
  is_disabled: Generated<boolean>
  is_auto_disabled: Generated<boolean>
  consecutive_failures: Generated<number>
  last_failure_code: number | null
  last_failure_at: NullableTimestamp
  created_at: Timestamp
  auth_connection_id: ColumnType<string | null, string | null | undefined, string | null>
}

/** A workspace auth connection; its credentials are stored sealed. */
export interface AuthConnectionsTable {
  id: string
  workspace_id: string
  name: string
  provider: string
  auth_type: string
  settings: ColumnType<Record<string, unknown>, string, string>
  credentials_sealed: string
  status: Generated<string>
  status_detail: string | null
  status_updated_at: NullableTimestamp
  created_at: Timestamp
  updated_at: Timestamp
}

/** One event sent to one webhook: its state after the latest attempt. */
export interface WebhookDeliveriesTable {
  id: string
  /** The registered webhook; null for a one-off callback to `target_url`. */
  webhook_id: string | null
  event_type: string
  body: string
  status: Generated<string>
  attempts: Generated<number>
  response_code: number | null
  duration_ms: number | null
  error: string | null
  created_at: Timestamp
  updated_at: Timestamp
  /** Where a callback (a delivery of no registered webhook) goes. */
  target_url: string | null
}

/** A workspace's identity provider (OIDC or SAML); an OIDC client secret is stored sealed. */
export interface SsoIdentityProvidersTable {
  id: string
  workspace_id: string
  type: 'oidc' | 'saml'
  name: string
  issuer: string
  client_id: string
  client_secret_sealed: string | null
  sso_url: string | null
  certificates: ColumnType<string[], string[] | undefined, string[]>
  domains: ColumnType<string[], string[], string[]>
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

/** A domain a workspace proves it holds with a DNS TXT record. */
export interface SsoDomainsTable {
  id: string
  workspace_id: string
  domain: string
  verification_code: string
  status: Generated<'pending' | 'passed' | 'unknown'>
  last_error: string | null
  last_checked_at: NullableTimestamp
  verified_at: NullableTimestamp
  created_at: Generated<Date>
}

export interface SsoSettingsTable {
  workspace_id: string
  sso_required: Generated<boolean>
  auto_provisioning_enabled: Generated<boolean>
  auto_provisioning_enabled_at: NullableTimestamp
  auto_provisioning_enabled_by: string | null
}

export interface SsoIdentitiesTable {
  provider_id: string
  subject: string
  user_id: string
  created_at: Generated<Date>
}

export interface SsoSignInStatesTable {
  id: string
  provider_id: string
  code_verifier: string | null
  nonce: string | null
  request_id: string | null
  redirect_uri: string
  continue_path: string | null
  expires_at: Timestamp
  used_at: NullableTimestamp
}

/** One metered request (a generation), as the usage analytics read it. */
export interface RequestEventsTable {
  id: string
  workspace_id: string
  user_id: string | null
  api_key_id: string | null
  request_id: string
  product: string
  kind: string
  model_id: string | null
  resource_id: string | null
  resource_name: string | null
  group_ids: ColumnType<string[], string[] | undefined, string[]>
  region: string
  request_queue: string
  request_source: string
  characters: number
  credits: number
  ttfb_ms: number | null
  duration_ms: number
  concurrency: number
  status: string
  error_code: string | null
  http_method: string | null
  http_path: string | null
  started_at: Timestamp
}

/** One admin action in a workspace's audit log. */
export interface AuditLogTable {
  id: string
  workspace_id: string
  time: Timestamp
  activity: string
  class_uid: number
  activity_id: number
  actor_user_id: string | null
  actor_email: string | null
  actor_via: string | null
  actor_api_key_id: string | null
  target_type: string | null
  target_id: string | null
  message: string
  details: ColumnType<Record<string, unknown>, string | undefined, string>
  ip: string | null
  user_agent: string | null
  http_method: string | null
  http_path: string | null
}

/** A named group of voices in a workspace; its creator is its admin. */
export interface VoiceCollectionsTable {
  id: string
  workspace_id: string
  owner_user_id: string
  title: string
  icon: string
  created_at: Timestamp
}

export interface VoiceCollectionVoicesTable {
  collection_id: string
  voice_id: string
  added_at: Timestamp
}

/** A sound effect (a history item) one user marked as a favourite. */
export interface SoundEffectFavouritesTable {
  user_id: string
  history_item_id: string
  workspace_id: string
  created_at: Timestamp
}

/** One voice isolation run as a background job: queued, running, done or failed. */
export interface AudioIsolationJobsTable {
  id: string
  workspace_id: string
  user_id: string
  /** The key the upload came with: its credit limit applies to the run. */
  api_key_id: string | null
  request_id: string
  status: 'queued' | 'running' | 'done' | 'failed'
  progress: Generated<number>
  file_name: string
  file_format: string
  upload_key: string
  preview_b64: string | null
  history_item_id: string | null
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** A voice design or remix preview, kept for a limited time. */
export interface GeneratedVoicePreviewsTable {
  id: string
  workspace_id: string
  user_id: string | null
  source_voice_id: string | null
  description: string
  text: string
  language: string
  definition: ColumnType<unknown, string, string>
  media_type: string
  storage_key: string
  duration_seconds: number
  created_at: Generated<Timestamp>
  expires_at: Timestamp
}

/** One conversion request of a Studio project (chapters, or single blocks) run as a job. */
export interface StudioConversionsTable {
  id: string
  workspace_id: string
  project_id: string
  user_id: string
  api_key_id: string | null
  chapter_ids: ColumnType<string[], string, string>
  block_ids: ColumnType<string[] | null, string | null, string | null>
  whole_project: Generated<boolean>
  /** queued | running | done | failed */
  status: string
  progress: Generated<number>
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  /** The heartbeat of the run that holds a running conversion. */
  updated_at: Timestamp
  /** The worker run that holds a running conversion (null when none does). */
  worker_token: string | null
}

/** An export of a Studio project or chapter, made by a job; its file once done. */
export interface StudioExportsTable {
  id: string
  workspace_id: string
  project_id: string
  /** null: the whole project. */
  chapter_id: string | null
  user_id: string
  /** mp3 | wav | m4b */
  format: string
  /** queued | running | done | failed */
  status: string
  progress: Generated<number>
  /** The worker run that holds a running export (its heartbeat is updated_at). */
  worker_token: string | null
  storage_key: string | null
  file_name: string | null
  content_type: string | null
  size_bytes: number | null
  loudness: ColumnType<
    { integrated_lufs: number; true_peak_db: number; rms_db: number } | null,
    string | null,
    string | null
  >
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** The generated audio of one block, the hash of what it was made from, and its lock. */
export interface StudioBlockAudioTable {
  chapter_id: string
  block_id: string
  source_hash: string
  storage_key: string
  duration_seconds: number
  locked: Generated<boolean>
  created_at: Timestamp
}

/** A converted chapter's audio (chapter_id set) or a whole project's (chapter_id null). */
export interface StudioSnapshotsTable {
  id: string
  project_id: string
  chapter_id: string | null
  name: string
  storage_key: string
  duration_seconds: number
  chapter_snapshot_ids: ColumnType<string[], string | undefined, string>
  created_at: Timestamp
}

/** A professional voice clone's flow: draft, verification by captcha, training. */
export interface PvcVoicesTable {
  voice_id: string
  workspace_id: string
  /** draft | needs_verification | fine_tuning | ready | blocked */
  state: string
  captcha_text: string | null
  verification_attempts: Generated<number>
  verified: Generated<boolean>
  last_verification_distance: number | null
  manual_verification: ColumnType<unknown | null, string | null, string | null>
  training_requested: Generated<boolean>
  training_progress: Generated<number>
  training_error: string | null
  model_id: string | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface PvcSamplesTable {
  id: string
  voice_id: string
  file_name: string
  mime_type: string
  size_bytes: number
  hash: string
  storage_key: string
  duration_seconds: number
  remove_background_noise: Generated<boolean>
  features: ColumnType<unknown, string, string>
  waveform: ColumnType<number[], string, string>
  /** not_started | pending | completed | failed */
  separation_status: Generated<string>
  speakers: ColumnType<unknown | null, string | null, string | null>
  selected_speaker_ids: ColumnType<string[] | null, string | null, string | null>
  trim_start: number | null
  trim_end: number | null
  created_at: Generated<Date>
}

export interface DB {
  voiceover_projects: VoiceoverProjectsTable
  voiceover_tracks: VoiceoverTracksTable
  voiceover_clips: VoiceoverClipsTable
  voiceover_renders: VoiceoverRendersTable
  sso_identity_providers: SsoIdentityProvidersTable
  sso_domains: SsoDomainsTable
  sso_settings: SsoSettingsTable
  sso_identities: SsoIdentitiesTable
  sso_sign_in_states: SsoSignInStatesTable
  request_events: RequestEventsTable
  audit_log: AuditLogTable
  webhooks: WebhooksTable
  auth_connections: AuthConnectionsTable
  webhook_deliveries: WebhookDeliveriesTable
  pronunciation_dictionaries: PronunciationDictionariesTable
  studio_projects: StudioProjectsTable
  studio_chapters: StudioChaptersTable
  audio_native_projects: AudioNativeProjectsTable
  audio_native_plays: AudioNativePlaysTable
  studio_conversions: StudioConversionsTable
  studio_block_audio: StudioBlockAudioTable
  studio_snapshots: StudioSnapshotsTable
  pronunciation_dictionary_versions: PronunciationDictionaryVersionsTable
  workspace_pronunciation_defaults: WorkspacePronunciationDefaultsTable
  voices: VoicesTable
  voice_samples: VoiceSamplesTable
  voice_add_edits: VoiceAddEditsTable
  voice_previews: VoicePreviewsTable
  history_items: HistoryItemsTable
  credit_ledger: CreditLedgerTable
  workspaces: WorkspacesTable
  subscriptions: SubscriptionsTable
  users: UsersTable
  workspace_members: WorkspaceMembersTable
  auth_accounts: AuthAccountsTable
  account_metadata: AccountMetadataTable
  sessions: SessionsTable
  retired_refresh_tokens: RetiredRefreshTokensTable
  action_codes: ActionCodesTable
  sign_in_failures: SignInFailuresTable
  api_keys: ApiKeysTable
  outbox_messages: OutboxMessagesTable
  concurrency_leases: ConcurrencyLeasesTable
  checkout_sessions: CheckoutSessionsTable
  payments: PaymentsTable
  promo_codes: PromoCodesTable
  onboarding_states: OnboardingStatesTable
  onboarding_checklist_items: OnboardingChecklistItemsTable
  notifications: NotificationsTable
  audio_isolation_items: AudioIsolationItemsTable
  payment_methods: PaymentMethodsTable
  grant_offers: GrantOffersTable
  billing_events: BillingEventsTable
  usage_reports: UsageReportsTable
  workspace_invites: WorkspaceInvitesTable
  workspace_groups: WorkspaceGroupsTable
  workspace_group_members: WorkspaceGroupMembersTable
  workspace_resource_grants: WorkspaceResourceGrantsTable
  workspace_secrets: WorkspaceSecretsTable
  service_accounts: ServiceAccountsTable
  user_totp: UserTotpTable
  user_backup_codes: UserBackupCodesTable
  mfa_challenges: MfaChallengesTable
  mfa_failures: MfaFailuresTable
  session_activity: SessionActivityTable
  deleted_accounts: DeletedAccountsTable
  permission_requests: PermissionRequestsTable
  voice_collections: VoiceCollectionsTable
  voice_collection_voices: VoiceCollectionVoicesTable
  sound_effect_favourites: SoundEffectFavouritesTable
  audio_isolation_jobs: AudioIsolationJobsTable
  generated_voice_previews: GeneratedVoicePreviewsTable
  pvc_voices: PvcVoicesTable
  pvc_samples: PvcSamplesTable
  studio_exports: StudioExportsTable
  studio_publications: StudioPublicationsTable
}

/** A member asks the workspace admins for a permission they were refused. */
export interface PermissionRequestsTable {
  id: string
  workspace_id: string
  user_id: string
  permission: string
  message: string | null
  status: Generated<'pending' | 'granted' | 'declined'>
  created_at: Timestamp
  decided_at: NullableTimestamp
  decided_by: string | null
}

/** A user's authenticator secret (sealed); confirmed once a first code matched. */
export interface UserTotpTable {
  user_id: string
  secret_sealed: string
  confirmed_at: NullableTimestamp
  /** The newest time step a code was accepted for: that code and older ones never work again. */
  last_used_step: ColumnType<number | null, number | null | undefined, number | null>
  created_at: Timestamp
}

export interface UserBackupCodesTable {
  user_id: string
  code_hash: string
  used_at: NullableTimestamp
}

/** The second sign-in step: a password was right, a code is still owed. */
export interface MfaChallengesTable {
  token_hash: string
  user_id: string
  expires_at: Timestamp
  created_at: Timestamp
}

export interface MfaFailuresTable {
  id: Generated<string>
  user_id: string
  at: Timestamp
}

export interface SessionActivityTable {
  session_id: string
  last_active_at: Timestamp
}

/** What a deleted account leaves: its sign-in is answered 'account deleted', not 'no user'. */
export interface DeletedAccountsTable {
  email_lower: string
  password_hash: string | null
  deleted_at: Timestamp
}

export type UserRow = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>
export type UserUpdate = Updateable<UsersTable>
export type ApiKeyRow = Selectable<ApiKeysTable>
export type SubscriptionRow = Selectable<SubscriptionsTable>
export type CheckoutSessionRow = Selectable<CheckoutSessionsTable>
export type PaymentRow = Selectable<PaymentsTable>
export type PromoCodeRow = Selectable<PromoCodesTable>
export type PaymentMethodRow = Selectable<PaymentMethodsTable>
export type GrantOfferRow = Selectable<GrantOffersTable>
export type UsageReportRow = Selectable<UsageReportsTable>
export type OutboxMessageRow = Selectable<OutboxMessagesTable>
export type VoiceRow = Selectable<VoicesTable>
export type VoiceSampleRow = Selectable<VoiceSamplesTable>
export type PvcVoiceRow = Selectable<PvcVoicesTable>
export type PvcSampleRow = Selectable<PvcSamplesTable>
export type HistoryItemRow = Selectable<HistoryItemsTable>
export type NotificationRow = Selectable<NotificationsTable>

/** A Studio project's publication on this server's public reader page. */
export interface StudioPublicationsTable {
  project_id: string
  workspace_id: string
  /** The public page's address: /listen/{slug}. */
  slug: string
  /** draft | publishing | updating | published (what is stored; changes since are computed). */
  state: Generated<string>
  progress: Generated<number>
  /** Listeners hear whole chapters; otherwise only the free preview of each chapter. */
  full_access: Generated<boolean>
  image: ColumnType<{ key: string; mime_type: string } | null, string | null, string | null>
  /** The publish run that owns the state; a stale run's result is dropped. */
  run_id: string | null
  requested_fingerprint: string | null
  published: ColumnType<unknown | null, string | null, string | null>
  published_fingerprint: string | null
  published_at: NullableTimestamp
  last_error: string | null
  created_at: Timestamp
  updated_at: Timestamp
}
