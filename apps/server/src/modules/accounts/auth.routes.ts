import { SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME } from '@timbre/contract'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import * as s from './auth.schemas.js'
import type { AuthService } from './auth.service.js'

const tags = ['auth']
const publicCall = { auth: 'public' as const }
// Guessable endpoints get a per-address rate limit on top of the per-account-and-address
// sign-in throttle.
const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } })

export function authRoutes(
  auth: AuthService,
  options: { secureCookies: boolean; site: SiteAddress },
): FastifyPluginAsyncZod {
  const site = (request: FastifyRequest) => options.site.contextFor(request)
  // The cookie carries the refresh token and lives no longer than the session it names.
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(SESSION_COOKIE_NAME, refreshToken, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: options.secureCookies || request.protocol === 'https',
      maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
    })

  return async (app) => {
    app.post(
      '/v1/auth/sign-up',
      {
        config: { ...publicCall, ...limited(20) },
        schema: {
          tags,
          summary: 'Create an account',
          body: s.signUpBody,
          response: { 201: z.object({ user_id: z.string(), email: z.string() }) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await auth.signUp(request.body, site(request), request.ip)),
    )

    app.post(
      '/v1/auth/sign-in',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Sign in with email and password (answers a second-step token when two-factor is on)',
          body: s.signInBody,
          response: { 200: z.union([s.tokenPair, s.secondStepRequired]) },
        },
      },
      async (request, reply) => {
        const result = await auth.signIn(request.body.email, request.body.password, {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        })
        if ('refresh_token' in result) setSessionCookie(request, reply, result.refresh_token)
        return result
      },
    )

    app.post(
      '/v1/auth/sign-in/code',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Second sign-in step: an authenticator or backup code for the token sign-in gave',
          body: s.signInCodeBody,
          response: { 200: s.tokenPair },
        },
      },
      async (request, reply) => {
        const tokens = await auth.signInWithCode(request.body.mfa_token, request.body.code, {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        })
        setSessionCookie(request, reply, tokens.refresh_token)
        return tokens
      },
    )

    app.post(
      '/v1/auth/refresh',
      {
        config: { ...publicCall, ...limited(60) },
        schema: {
          tags,
          summary: 'Exchange a refresh token for new tokens',
          body: s.refreshBody,
          response: { 200: s.tokenPair },
        },
      },
      async (request, reply) => {
        const fromCookie = request.cookies[SESSION_COOKIE_NAME]
        const token = request.body.refresh_token ?? fromCookie
        if (!token) throw new AppError('invalid_refresh_token')
        const tokens = await auth.refresh(token)
        if (!request.body.refresh_token && fromCookie) setSessionCookie(request, reply, tokens.refresh_token)
        return tokens
      },
    )

    app.post(
      '/v1/auth/sign-out',
      {
        config: { apiKeys: false, mfaSetup: true },
        schema: { tags, summary: 'End this session', response: { 204: z.null() } },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request)
        if (principal.sessionId) await auth.signOut(principal.sessionId)
        reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' })
        return reply.status(204).send(null)
      },
    )
  }
}
