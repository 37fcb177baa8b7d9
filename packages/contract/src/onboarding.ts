// The onboarding checklist, the sign-up survey and the notification messages: names and limits
// shared by the server and the web app.

/** The seven checklist items, in the order the checklist shows them. */
export const ONBOARDING_CHECKLIST_ITEMS = [
  'generate_text_to_speech',
  'generate_speech_to_speech',
  'add_voice_to_voice_lab',
  'design_voice',
  'create_dub',
  'join_affiliate',
  'generate_api_key',
] as const
export type OnboardingChecklistItemId = (typeof ONBOARDING_CHECKLIST_ITEMS)[number]

/** The toast shown when a checklist step is completed. */
export const ONBOARDING_STEP_DONE_MESSAGE =
  'Congratulations on completing a step in your onboarding checklist.'

/** What the survey asks after sign-up: a role (and an optional, freer sub-role) and how the user heard of us. */
export const ONBOARDING_ROLES = [
  'content_creator',
  'developer',
  'business',
  'education',
  'entertainment',
  'personal',
  'other',
] as const
export type OnboardingRole = (typeof ONBOARDING_ROLES)[number]

export const ONBOARDING_SOURCES = [
  'search_engine',
  'social_media',
  'friend_or_colleague',
  'video',
  'podcast',
  'news_or_blog',
  'other',
] as const
export type OnboardingSource = (typeof ONBOARDING_SOURCES)[number]

export const ONBOARDING_FIRST_NAME_MAX = 100
export const ONBOARDING_SUBROLE_MAX = 100

/** Notification severities, mildest first. */
export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'error'] as const
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number]

/** What produced a notification; the web app words each kind in the reader's language. */
export const NOTIFICATION_KINDS = [
  'welcome',
  'credits_low',
  'credits_exhausted',
  'onboarding_completed',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** Share of the monthly credits used at which a workspace's members are warned. */
export const CREDITS_LOW_SHARE = 0.8
/** Notifications a list call returns at most. */
export const NOTIFICATIONS_PAGE_MAX = 100
