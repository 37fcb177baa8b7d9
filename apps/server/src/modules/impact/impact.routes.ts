import {
  IMPACT_BENEFIT_MAX_MONTHS,
  IMPACT_BENEFIT_TIERS,
  IMPACT_DECISIONS,
  IMPACT_LIMITS,
  IMPACT_PARTNER_CATEGORIES,
} from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { operatorTokenCheck } from '../billing/billing.module.js'
import type { ImpactService } from './impact.service.js'

const tags = ['impact-program']
const user = { scope: 'user' as const }
const userOnly = { scope: 'user' as const, apiKeys: false as const }

const application = z.object({
  application_id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  organisation: z.string(),
  statement: z.string(),
  status: z.string(),
  review_message: z.string().nullable(),
  grant_code: z.string().nullable(),
  applicant_email: z.string().nullable(),
  created_at_unix: z.number(),
  updated_at_unix: z.number(),
})
const applications = z.object({ applications: z.array(application) })
const decided = z.object({ application_id: z.string(), status: z.string() })

/** The five impact program calls. */
export function impactRoutes(service: ImpactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/impact-program/partners',
      {
        config: user,
        schema: {
          tags,
          summary: 'Partners of the impact program',
          response: {
            200: z.object({
              partners: z.array(
                z.object({
                  partner_id: z.string(),
                  name: z.string(),
                  description: z.string(),
                  category: z.string(),
                  benefit: z.object({ tier: z.string(), duration_months: z.number() }),
                }),
              ),
            }),
          },
        },
      },
      async () => service.listPartners(),
    )
    app.post(
      '/v1/impact-program/apply',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Apply to a partner (or answer its request for more)',
          body: z.strictObject({
            partner_id: z.string().min(1).max(64),
            organisation: z.string().trim().min(1).max(IMPACT_LIMITS.organisationMax),
            statement: z.string().trim().min(IMPACT_LIMITS.statementMin).max(IMPACT_LIMITS.statementMax),
          }),
          response: { 200: decided },
        },
      },
      async (request) => service.apply(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/impact-program/user-applications',
      { config: user, schema: { tags, summary: "The user's applications", response: { 200: applications } } },
      async (request) => service.userApplications(requirePrincipal(request)),
    )
    app.get(
      '/v1/impact-program/partner-applications',
      {
        config: user,
        schema: {
          tags,
          summary: 'Applications to the partners the user reviews for',
          response: { 200: applications },
        },
      },
      async (request) => service.partnerApplications(requirePrincipal(request)),
    )
    app.post(
      '/v1/impact-program/applications/:applicationId/review',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Decide an application: approve (grants the benefit), reject, or ask for more',
          params: z.object({ applicationId: z.string().max(64) }),
          body: z.strictObject({
            decision: z.enum(IMPACT_DECISIONS),
            message: z.string().max(IMPACT_LIMITS.reviewMessageMax).optional(),
          }),
          response: { 200: decided },
        },
      },
      async (request) =>
        service.review(requirePrincipal(request), request.params.applicationId, request.body),
    )
  }
}

/** The operator lists partners. */
export function impactOperatorRoutes(service: ImpactService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/operator/impact-partners',
      {
        config: { auth: 'public' },
        preHandler: operatorTokenCheck(token),
        schema: {
          tags: ['operator'],
          summary: 'List a partner of the impact program',
          body: z.strictObject({
            name: z.string().trim().min(1).max(IMPACT_LIMITS.partnerNameMax),
            description: z.string().trim().max(IMPACT_LIMITS.partnerDescriptionMax),
            category: z.enum(IMPACT_PARTNER_CATEGORIES),
            reviewer_email: z.email().max(254),
            benefit: z.strictObject({
              tier: z.enum(IMPACT_BENEFIT_TIERS),
              duration_months: z.number().int().min(1).max(IMPACT_BENEFIT_MAX_MONTHS),
            }),
          }),
          response: { 201: z.object({ partner_id: z.string() }) },
        },
      },
      async (request, reply) => reply.code(201).send(await service.createPartner(request.body)),
    )
  }
}
