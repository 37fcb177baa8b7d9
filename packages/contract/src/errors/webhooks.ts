// Error codes of webhooks and their auth connections.
export const WEBHOOKS_ERRORS = {
  webhook_url_invalid: { status: 422, message: 'Please enter a valid HTTPS URL' },
  webhook_address_refused: {
    status: 422,
    message: 'Please enter a valid HTTPS URL: private, loopback and link-local addresses are not allowed.',
  },
  webhook_host_unresolved: {
    status: 422,
    message: 'The host of this URL could not be resolved. Check the address and its DNS records.',
  },
  webhook_auth_connection_required: {
    status: 422,
    message: 'OAuth2 and mTLS webhooks need an auth connection of the same type (auth_connection_id).',
  },
  webhook_not_found: { status: 404, message: 'Webhook not found.' },
  auth_connection_not_found: { status: 404, message: 'Auth connection not found.' },
  auth_connection_in_use: {
    status: 409,
    message: 'This auth connection is used by a webhook. Remove it from the webhook first.',
  },
  auth_connection_invalid: { status: 422, message: 'Please verify all fields are filled out correctly.' },
  auth_connection_token_failed: { status: 502, message: 'The token URL did not return an access token.' },
} as const
