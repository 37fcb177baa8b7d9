// API key permission scopes by endpoint group, shared with the server through
// packages/contract. Labels are translation keys
// under apiKeys.scopes.
import { API_KEY_SCOPES, type ApiKeyScope } from '@timbre/contract'

export { API_KEY_SCOPES, type ApiKeyScope }

export function isScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value)
}
