import { API_KEY_SCOPES, type ApiKeyScope } from '@timbre/contract'

// The public API names key permissions ('voices_read', 'text_to_speech', 'all'); we store scopes.

/** The public API's key permissions ('voices_read', 'text_to_speech', 'all') as our scopes. */
export function scopesOf(permissions: readonly string[] | 'all'): ApiKeyScope[] | null {
  if (permissions === 'all') return null
  const aliases: Record<string, string> = {
    speech_history: 'history',
    music_generation: 'music',
  }
  const scopes = new Set<ApiKeyScope>()
  for (const permission of permissions) {
    const base = permission.replace(/_(read|write)$/, '')
    const scope = (aliases[base] ?? base).replaceAll('_', '-')
    const known = API_KEY_SCOPES.find((s) => s === scope)
    if (known) scopes.add(known)
  }
  return [...scopes]
}

/** The public API's names for our scopes, read and write where it has both. */
export function permissionsOf(scopes: string[] | null): string[] | undefined {
  if (scopes === null) return undefined
  const split = new Set([
    'voices',
    'models',
    'history',
    'dubbing',
    'pronunciation-dictionaries',
    'user',
    'projects',
    'audio-native',
    'workspace',
    'convai',
  ])
  return scopes.flatMap((scope) => {
    const base =
      scope === 'history'
        ? 'speech_history'
        : scope === 'music'
          ? 'music_generation'
          : scope.replaceAll('-', '_')
    return split.has(scope) ? [`${base}_read`, `${base}_write`] : [base]
  })
}
