// Workspace webhooks: the auth types, event kinds and delivery limits shared by server and web.

export const WEBHOOK_AUTH_TYPES = ['hmac', 'oauth2', 'mtls'] as const
export type WebhookAuthType = (typeof WEBHOOK_AUTH_TYPES)[number]

/** The public API's workspace event kinds a webhook can subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['voice_library_removal_notice', 'speech_to_text'] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** Timbre's own event, sent only by the test call so an admin can check a receiver. */
export const WEBHOOK_TEST_EVENT = 'timbre_webhook_test'

/** Header carrying `t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<body>">`, as the public API signs. */
export const WEBHOOK_SIGNATURE_HEADER = 'ElevenLabs-Signature'

/** Deliveries in a row that fail every attempt before the webhook switches itself off. */
export const WEBHOOK_AUTO_DISABLE_AFTER_FAILURES = 5

/** Seconds a receiver has to answer one attempt. */
export const WEBHOOK_TIMEOUT_SECONDS = 10

export const WEBHOOK_NAME_MAX = 100
