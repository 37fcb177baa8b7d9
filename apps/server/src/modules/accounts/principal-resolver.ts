import { AppError } from '../../errors.js'
import { hashSecret } from '../../lib/ids.js'
import type { Principal, PrincipalResolver } from '../../plugins/auth.js'
import type { ApiKeyLookup } from '../api-keys/api-keys.module.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { SessionsRepository } from './sessions.repository.js'

/** Turns an API key, an access token or the session cookie into the caller's principal. */
export function createPrincipalResolver(deps: {
  accounts: AccountsRepository
  sessions: SessionsRepository
  apiKeys: ApiKeyLookup
  now?: () => Date
}): PrincipalResolver {
  const { accounts, sessions, apiKeys } = deps
  const now = deps.now ?? (() => new Date())

  async function userPrincipal(
    userId: string,
    via: Principal['via'],
    session?: { id: string; workspace_id: string | null },
  ): Promise<Principal | null> {
    const user = await accounts.findPrincipalUser(userId)
    if (!user) return null
    // A session single sign-on opened works in its workspace only, whatever the account's
    // current workspace is.
    const held = session?.workspace_id ?? null
    return {
      userId: user.id,
      workspaceId: held ?? user.workspace_id,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      via,
      ...(session ? { sessionId: session.id } : {}),
      ...(held ? { sessionWorkspaceId: held } : {}),
    }
  }

  return {
    async fromApiKey(key) {
      const row = await apiKeys.findByKey(key)
      if (!row) throw new AppError('invalid_api_key')
      if (row.is_disabled) throw new AppError('api_key_disabled')
      const principal = await userPrincipal(row.user_id, 'api_key')
      if (!principal) throw new AppError('invalid_api_key')
      return {
        ...principal,
        workspaceId: row.workspace_id,
        apiKey: {
          id: row.id,
          permissions: row.permissions,
          characterLimit: row.character_limit,
          characterCount: row.character_count,
        },
      }
    },

    async fromAccessToken(token) {
      const session = await sessions.findByAccessHash(hashSecret(token))
      if (!session || session.access_expires_at.getTime() <= now().getTime())
        throw new AppError('unauthorized', { message: 'The access token is invalid or has expired.' })
      const principal = await userPrincipal(session.user_id, 'access_token', session)
      if (!principal) throw new AppError('account_deleted')
      return principal
    },

    async fromSessionCookie(token) {
      const session = await sessions.findByRefreshHash(hashSecret(token))
      if (!session || session.refresh_expires_at.getTime() <= now().getTime()) return null
      return userPrincipal(session.user_id, 'cookie', session)
    },
  }
}
