import { TERMS_VERSION_PATTERN } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { operatorTokenCheck } from '../billing/billing.module.js'
import type { ConsentService } from './consent.service.js'

const tags = ['operator']
const emailBody = z.strictObject({ email: z.email().max(254) })
const alphaEntry = z.object({
  email: z.string(),
  has_alpha_access: z.boolean(),
  removed: z.boolean().optional(),
})

/** The operator's side of consent: publishing new terms and keeping the alpha access list. */
export function consentOperatorRoutes(consent: ConsentService, token: string): FastifyPluginAsyncZod {
  const guarded = { config: { auth: 'public' as const }, preHandler: operatorTokenCheck(token) }
  return async (app) => {
    app.post(
      '/v1/operator/terms',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Publish new terms: every user meets the Updated Terms dialog until they accept',
          body: z.strictObject({
            version: z.string().regex(TERMS_VERSION_PATTERN, 'version: 1 to 40 letters, digits, . _ or -'),
          }),
          response: { 200: z.object({ version: z.string(), published: z.boolean() }) },
        },
      },
      async (request) => consent.publishTerms(request.body.version),
    )
    app.get(
      '/v1/operator/alpha-access',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'The alpha access list and the requests waiting for it',
          response: {
            200: z.object({
              emails: z.array(z.object({ email: z.string(), granted_at_unix: z.number() })),
              pending_requests: z.array(
                z.object({ user_id: z.string(), email: z.string(), requested_at_unix: z.number() }),
              ),
            }),
          },
        },
      },
      async () => consent.listAlphaAccess(),
    )
    app.post(
      '/v1/operator/alpha-access',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Open alpha features to an address',
          body: emailBody,
          response: { 200: alphaEntry },
        },
      },
      async (request) => consent.grantAlphaAccess(request.body.email),
    )
    app.delete(
      '/v1/operator/alpha-access',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Take an address off the alpha list',
          body: emailBody,
          response: { 200: alphaEntry },
        },
      },
      async (request) => consent.revokeAlphaAccess(request.body.email),
    )
  }
}
