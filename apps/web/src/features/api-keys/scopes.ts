// API key permission scopes by endpoint group: spec workspaces-admin-productions.md section 3,
// 'API key'. Labels are translation keys under apiKeys.scopes. (These belong in
// packages/contract once the server publishes them there.)
export const API_KEY_SCOPES = [
  'text-to-speech',
  'speech-to-speech',
  'speech-to-text',
  'sound-generation',
  'audio-isolation',
  'dubbing',
  'convai',
  'projects',
  'audio-native',
  'voices',
  'shared-voices',
  'voice-generation',
  'forced-alignment',
  'music',
  'history',
  'models',
  'pronunciation-dictionaries',
  'user',
  'workspace',
] as const

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

export function isScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value)
}
