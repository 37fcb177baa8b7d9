import {
  API_KEY_PREFIX,
  type ApiKeyScope,
  type GroupPermission,
  OPENAI_BASE_PATH,
  SCOPE_PRODUCT,
  SESSION_COOKIE_NAME,
  type WorkspaceRole,
} from '@timbre/contract'
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify'
import { AppError } from '../errors.js'
import type { SiteAddress } from './site-address.js'

// Who is calling. Every API route is private unless its config says `auth: 'public'`
// (secure by default). API keys are checked against the route's scope: permission scopes
// are granted per endpoint group.

export interface Principal {
  userId: string
  workspaceId: string
  email: string
  emailVerified: boolean
  via: 'api_key' | 'access_token' | 'cookie'
  sessionId?: string
  /**
   * Set when single sign-on opened the session: it is held to this workspace and cannot switch
   * to the account's other workspaces.
   */
  sessionWorkspaceId?: string
  apiKey?: { id: string; permissions: string[] | null; characterLimit: number | null; characterCount: number }
  /**
   * The caller's place in `workspaceId`: role and the permissions their groups grant (null =
   * everything, as admins have). Set by the workspaces module's resolver.
   */
  workspace?: { role: WorkspaceRole; permissions: readonly GroupPermission[] | null }
  /** The workspace requires two-factor sign-in and this person has not set it up yet. */
  mfaEnrollmentRequired?: boolean
  /** The HTTP request that brought this caller (absent for jobs): the audit log and metering read it. */
  request?: RequestFacts
}

/** Where and when a call arrived, as the audit log and the usage analytics record it. */
export interface RequestFacts {
  ip: string
  userAgent: string | null
  method: string
  /** The route's path pattern (no ids or query). */
  path: string
  /** `performance.now()` when the request arrived. */
  receivedAt: number
}

/** Turns credentials into a principal; built by the accounts module, shared with WebSocket sessions. */
export interface PrincipalResolver {
  fromApiKey(key: string): Promise<Principal>
  fromAccessToken(token: string): Promise<Principal>
  /** null when the cookie names no live session (the caller is then simply not signed in). */
  fromSessionCookie(token: string): Promise<Principal | null>
}

/** What a route asks of its caller, beyond being signed in. */
export interface RouteRequirements {
  scope?: ApiKeyScope | undefined
  apiKeys?: boolean | 'any-scope' | undefined
  verifiedEmail?: boolean | undefined
  permission?: GroupPermission | undefined
  mfaSetup?: boolean | undefined
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `public`: no credentials needed; `optional`: principal set when present; default: required. */
    auth?: 'public' | 'optional' | 'required'
    /**
     * `ignore`: a request from another site's page that carries only the session cookie is
     * served as anonymous instead of refused (an embedded widget, on an optional-auth route).
     */
    cookieFromOtherSites?: 'ignore'
    /** The API-key scope this route needs. */
    scope?: ApiKeyScope
    /**
     * `false` refuses API keys (for calls that manage credentials themselves); `any-scope`
     * accepts every key whatever its scopes (a key switching itself off).
     */
    apiKeys?: boolean | 'any-scope'
    /** The caller's email must be verified (calls that spend credits or publish content). */
    verifiedEmail?: boolean
    /**
     * The group permission this route needs; by default the product of its API-key scope
     * (a text-to-speech route needs text-to-speech access).
     */
    permission?: GroupPermission
    /** Open to someone the workspace still asks to set up two-factor sign-in (the setup itself). */
    mfaSetup?: boolean
  }
  interface FastifyInstance {
    /** Every route with what it asks of its caller, in the order registered. */
    routeRequirements: readonly RouteEntry[]
  }
  interface FastifyRequest {
    principal: Principal | null
    /** scheme://host[:port] of this site as this request reached it: the base of absolute links. */
    siteOrigin: string
  }
}

/** A registered route and the rules its config declares (the route table tests walk it). */
export interface RouteEntry {
  method: string
  url: string
  auth: 'public' | 'optional' | 'required' | undefined
  scope: ApiKeyScope | undefined
  /** The group permission the route needs: declared, or the product of its API-key scope. */
  permission: GroupPermission | undefined
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The group permission a route needs: the declared one, else its API-key scope's product. */
export function routePermission(config: {
  permission?: GroupPermission | undefined
  scope?: ApiKeyScope | undefined
}): GroupPermission | undefined {
  return config.permission ?? (config.scope ? SCOPE_PRODUCT[config.scope] : undefined)
}

export function requirePrincipal(request: { principal: Principal | null }): Principal {
  if (!request.principal) throw new AppError('unauthorized')
  return request.principal
}

/** Refuses an API key that lacks the scope a call needs (null permissions = every scope). */
export function checkScope(
  principal: Principal,
  scope: ApiKeyScope | undefined,
  apiKeysAllowed: boolean | 'any-scope' = true,
): void {
  if (!principal.apiKey || apiKeysAllowed === 'any-scope') return
  if (!apiKeysAllowed)
    throw new AppError('missing_permissions', { message: 'This call cannot be made with an API key.' })
  const { permissions } = principal.apiKey
  if (permissions !== null && (!scope || !permissions.includes(scope))) {
    throw new AppError('missing_permissions', {
      message: `This API key is missing the permission '${scope ?? 'unknown'}' needed for this call.`,
    })
  }
}

/** Every per-route rule about the caller, for HTTP routes and WebSocket first messages alike. */
export function checkRoute(principal: Principal, route: RouteRequirements): void {
  checkScope(principal, route.scope, route.apiKeys ?? true)
  if (principal.mfaEnrollmentRequired && !route.mfaSetup) throw new AppError('mfa_enrollment_required')
  // An unverified address may look around but not spend credits or publish anything.
  if (route.verifiedEmail && !principal.emailVerified) throw new AppError('email_not_verified')
  checkPermission(principal, routePermission(route))
}

/** Refuses a member whose workspace groups do not grant a product or feature. */
export function checkPermission(principal: Principal, permission: GroupPermission | undefined): void {
  if (!permission || !principal.workspace) return
  const { permissions } = principal.workspace
  if (permissions !== null && !permissions.includes(permission)) throw new AppError('product_access_denied')
}

/** A request that would act with the session cookie alone (no API key, no bearer token). */
function actsWithCookie(request: FastifyRequest): boolean {
  if (!request.cookies?.[SESSION_COOKIE_NAME]) return false
  return !request.headers['xi-api-key'] && !request.headers.authorization
}

function requestFacts(request: FastifyRequest, elapsedMs: number): RequestFacts {
  const agent = request.headers['user-agent']
  return {
    ip: request.ip,
    userAgent: typeof agent === 'string' ? agent.slice(0, 512) : null,
    method: request.method,
    path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
    receivedAt: performance.now() - elapsedMs,
  }
}

function isUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade?.toLowerCase() === 'websocket'
}

async function resolve(principals: PrincipalResolver, request: FastifyRequest): Promise<Principal | null> {
  const apiKey = request.headers['xi-api-key']
  if (typeof apiKey === 'string' && apiKey.length > 0) return principals.fromApiKey(apiKey)
  const authorization = request.headers.authorization
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization)
    if (!match?.[1])
      throw new AppError('unauthorized', { message: 'The Authorization header must be "Bearer <token>".' })
    // OpenAI's clients send the API key as a bearer token; keys and access tokens differ in prefix.
    if (match[1].startsWith(API_KEY_PREFIX)) return principals.fromApiKey(match[1])
    return principals.fromAccessToken(match[1])
  }
  const cookie = request.cookies?.[SESSION_COOKIE_NAME]
  return cookie ? principals.fromSessionCookie(cookie) : null
}

export function registerAuth(
  app: FastifyInstance,
  deps: { principals: PrincipalResolver; site: SiteAddress },
) {
  const table: RouteEntry[] = []
  app.decorate('routeRequirements', table)
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as Partial<RouteRequirements> & { auth?: RouteEntry['auth'] }
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods)
      table.push({
        method,
        url: route.url,
        auth: config.auth,
        scope: config.scope,
        permission: routePermission(config),
      })
  })
  app.decorateRequest('principal', null)
  // Links the API returns (share links, preview URLs) point where the caller reached the site
  // when no PUBLIC_URL names it, so a server opened at its LAN address hands out working links.
  app.decorateRequest('siteOrigin', {
    getter(this: FastifyRequest) {
      return deps.site.originFor(this)
    },
  })

  // Browsers attach the cookie to requests other sites make: a write or a WebSocket upgrade
  // that relies on it must come from a page of this site. Checked before the body is read,
  // for every route (public ones such as the cookie refresh included).
  app.addHook('onRequest', async (request) => {
    if (request.is404 || !actsWithCookie(request)) return
    if (!STATE_CHANGING.has(request.method) && !isUpgrade(request)) return
    try {
      deps.site.assertAllowedOrigin(request)
    } catch (error) {
      if (request.routeOptions.config.cookieFromOtherSites !== 'ignore') throw error
      // The other site's page acts for nobody: the visitor's session here is not its to use.
      delete request.cookies[SESSION_COOKIE_NAME]
    }
  })

  app.addHook('preHandler', async (request, reply) => {
    const config = request.routeOptions.config
    // Only the API is private by default; docs and the web app's files are public.
    const route = request.routeOptions.url ?? ''
    const isApi =
      route.startsWith('/v1/') || route.startsWith('/v2/') || route.startsWith(`${OPENAI_BASE_PATH}/`)
    const mode = config.auth ?? (isApi ? 'required' : 'public')
    if (mode === 'public' || request.is404) return
    const resolved = await resolve(deps.principals, request)
    const principal = resolved && { ...resolved, request: requestFacts(request, reply.elapsedTime) }
    request.principal = principal
    if (!principal) {
      if (mode === 'optional') return
      throw new AppError('unauthorized')
    }
    checkRoute(principal, config)
  })
}
