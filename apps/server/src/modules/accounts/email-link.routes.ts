import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress, SiteContext } from '../../plugins/site-address.js'
import * as s from './auth.schemas.js'
import type { AuthService } from './auth.service.js'

const tags = ['auth']
const publicCall = { auth: 'public' as const }
// Codes are long random secrets; the per-address limit stops mail floods and slow guessing.
const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } })

/** The calls behind the links in account emails: send them, then apply their codes. */
export function emailLinkRoutes(
  auth: AuthService,
  options: {
    site: SiteAddress
    resend: (input: {
      userId: string
      site: SiteContext
      continueUrl?: string | undefined
      lang?: string | undefined
    }) => Promise<void>
  },
): FastifyPluginAsyncZod {
  const site = (request: FastifyRequest) => options.site.contextFor(request)
  return async (app) => {
    // Both links are mailed the same way: to an address, with where to go afterwards.
    const mailedLinks = [
      [
        '/v1/auth/send-verification-email',
        'Send the email verification link again',
        auth.sendVerificationEmail,
      ],
      ['/v1/auth/send-password-reset-email', 'Send a password reset link', auth.sendPasswordResetEmail],
    ] as const
    for (const [path, summary, send] of mailedLinks) {
      app.post(
        path,
        {
          config: { ...publicCall, ...limited(10) },
          schema: { tags, summary, body: s.emailLinkBody, response: { 200: s.empty } },
        },
        async (request) => {
          await send(site(request), request.body.email, request.body.continue_url, request.body.lang)
          return {}
        },
      )
    }

    app.post(
      '/v1/user/send-verification-email',
      {
        // The signed-in person's own address; the account is limited too (once a minute).
        config: { apiKeys: false, ...limited(5) },
        schema: {
          tags: ['user'],
          summary: 'Send the signed-in account another email verification link',
          body: s.resendVerificationBody,
          response: { 200: s.empty },
        },
      },
      async (request) => {
        await options.resend({
          userId: requirePrincipal(request).userId,
          site: site(request),
          continueUrl: request.body.continue_url,
          lang: request.body.lang,
        })
        return {}
      },
    )

    app.post(
      '/v1/auth/verify-email',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Apply an email verification code',
          body: s.oobCodeBody,
          response: { 200: s.statusWithEmail },
        },
      },
      async (request) => ({ status: 'success' as const, ...(await auth.verifyEmail(request.body.oob_code)) }),
    )

    app.post(
      '/v1/auth/check-password-reset-code',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Check a password reset code',
          body: s.oobCodeBody,
          response: { 200: s.statusWithEmail },
        },
      },
      async (request) => ({
        status: 'success' as const,
        ...(await auth.checkPasswordResetCode(request.body.oob_code)),
      }),
    )

    app.post(
      '/v1/auth/confirm-password-reset',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Set a new password with a reset code',
          body: s.confirmResetBody,
          response: { 200: s.statusOnly },
        },
      },
      async (request) => {
        await auth.confirmPasswordReset(request.body.oob_code, request.body.new_password)
        return { status: 'success' as const }
      },
    )

    app.post(
      '/v1/auth/opt-out-of-updates',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Stop product update emails',
          body: s.optOutBody,
          response: { 200: s.statusOnly },
        },
      },
      async (request) => {
        await auth.optOutOfUpdates(request.body.opt_out_updates_key)
        return { status: 'success' as const }
      },
    )

    app.post(
      '/v1/auth/sign-in-requests/verify',
      {
        config: { ...publicCall, ...limited(30) },
        schema: {
          tags,
          summary: 'Confirm a sign-in request',
          body: s.signInRequestBody,
          response: { 200: s.statusOnly },
        },
      },
      async (request) => {
        await auth.verifySignInRequest(request.body.sign_in_request_verification_code)
        return { status: 'success' as const }
      },
    )
  }
}
