// API key permission scopes, one per endpoint group.
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

/** Every API key begins with this, as the public API's do; access tokens never do. */
export const API_KEY_PREFIX = 'sk_'
export const API_KEY_NAME_MAX = 100
