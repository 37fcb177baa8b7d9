import { type ApiKeyScope, SESSION_COOKIE_NAME } from '@timbre/contract'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Database } from '../db/database.js'
import { AppError } from '../errors.js'
import { hashSecret } from '../lib/ids.js'

// Who is calling. Every route is private unless its config says `auth: 'public'`
// (secure by default). API keys are checked against the route's scope (spec workspaces
// section 3 "API key": permission scopes by endpoint group).

export interface Principal {
  userId: string
  workspaceId: string
  email: string
  emailVerified: boolean
  via: 'api_key' | 'access_token' | 'cookie'
  sessionId?: string
  apiKey?: { id: string; permissions: string[] | null; characterLimit: number | null; characterCount: number }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `public`: no credentials needed; `optional`: principal set when present; default: required. */
    auth?: 'public' | 'optional' | 'required'
    /** The API-key scope this route needs. */
    scope?: ApiKeyScope
    /** `false` refuses API keys (for calls that manage credentials themselves). */
    apiKeys?: boolean
  }
  interface FastifyRequest {
    principal: Principal | null
  }
}

export function requirePrincipal(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new AppError('unauthorized')
  return request.principal
}

/** Turns credentials into a principal; shared by the HTTP hook and WebSocket sessions. */
export function createPrincipalResolver(db: Database) {
  async function userPrincipal(
    userId: string,
    via: Principal['via'],
    sessionId?: string,
  ): Promise<Principal | null> {
    const user = await db
      .selectFrom('users')
      .select(['id', 'workspace_id', 'email', 'email_verified_at'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (!user) return null
    return {
      userId: user.id,
      workspaceId: user.workspace_id,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      via,
      ...(sessionId ? { sessionId } : {}),
    }
  }

  async function fromApiKey(key: string): Promise<Principal> {
    const row = await db
      .selectFrom('api_keys')
      .selectAll()
      .where('key_hash', '=', hashSecret(key))
      .executeTakeFirst()
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
  }

  async function fromAccessToken(token: string): Promise<Principal> {
    const session = await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'access_expires_at'])
      .where('access_token_hash', '=', hashSecret(token))
      .executeTakeFirst()
    if (!session || session.access_expires_at.getTime() <= Date.now())
      throw new AppError('unauthorized', { message: 'The access token is invalid or has expired.' })
    const principal = await userPrincipal(session.user_id, 'access_token', session.id)
    if (!principal) throw new AppError('account_deleted')
    return principal
  }

  async function fromCookie(token: string): Promise<Principal | null> {
    const session = await db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'refresh_expires_at'])
      .where('refresh_token_hash', '=', hashSecret(token))
      .executeTakeFirst()
    if (!session || session.refresh_expires_at.getTime() <= Date.now()) return null
    return userPrincipal(session.user_id, 'cookie', session.id)
  }

  async function resolve(request: FastifyRequest): Promise<Principal | null> {
    const apiKey = request.headers['xi-api-key']
    if (typeof apiKey === 'string' && apiKey.length > 0) return fromApiKey(apiKey)
    const authorization = request.headers.authorization
    if (authorization) {
      const match = /^Bearer\s+(\S+)$/i.exec(authorization)
      if (!match?.[1])
        throw new AppError('unauthorized', { message: 'The Authorization header must be "Bearer <token>".' })
      return fromAccessToken(match[1])
    }
    const cookie = request.cookies?.[SESSION_COOKIE_NAME]
    return cookie ? fromCookie(cookie) : null
  }

  return { fromApiKey, fromAccessToken, resolve }
}

/** Refuses an API key that lacks the scope a call needs (null permissions = every scope). */
export function checkScope(
  principal: Principal,
  scope: ApiKeyScope | undefined,
  apiKeysAllowed = true,
): void {
  if (!principal.apiKey) return
  if (!apiKeysAllowed)
    throw new AppError('missing_permissions', { message: 'This call cannot be made with an API key.' })
  const { permissions } = principal.apiKey
  if (permissions !== null && (!scope || !permissions.includes(scope))) {
    throw new AppError('missing_permissions', {
      message: `This API key is missing the permission '${scope ?? 'unknown'}' needed for this call.`,
    })
  }
}

export function registerAuth(app: FastifyInstance, db: Database) {
  app.decorateRequest('principal', null)
  const { resolve } = createPrincipalResolver(db)

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config
    // Only the API is private by default; docs and the web app's files are public.
    const route = request.routeOptions.url ?? ''
    const isApi = route.startsWith('/v1/') || route.startsWith('/v2/')
    const mode = config.auth ?? (isApi ? 'required' : 'public')
    if (mode === 'public' || request.is404) return
    const principal = await resolve(request)
    request.principal = principal
    if (!principal) {
      if (mode === 'optional') return
      throw new AppError('unauthorized')
    }
    checkScope(principal, config.scope, config.apiKeys !== false)
  })
}
