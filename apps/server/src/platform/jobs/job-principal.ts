import type { Principal } from '../../plugins/auth.js'

/**
 * The caller a job acts for, rebuilt from what its row stored when it was asked for: the user,
 * the workspace and the API key (whose limits the recorder checks again when it reserves).
 */
export function jobPrincipal(row: {
  userId: string
  workspaceId: string
  apiKeyId: string | null
}): Principal {
  return {
    userId: row.userId,
    workspaceId: row.workspaceId,
    email: '',
    emailVerified: true,
    via: row.apiKeyId ? 'api_key' : 'access_token',
    ...(row.apiKeyId
      ? { apiKey: { id: row.apiKeyId, permissions: null, characterLimit: null, characterCount: 0 } }
      : {}),
  }
}
