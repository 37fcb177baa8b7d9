import { CONSENT_TEXTS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import * as s from './consent.schemas.js'
import type { ConsentService } from './consent.service.js'
import { signUpTerms } from './location-rules.js'
import { generateName } from './public-name.js'

const tags = ['consent']
const user = { scope: 'user' as const }
const userOnly = { scope: 'user' as const, apiKeys: false as const }

/** The Global Privacy Control signal a browser sends: Sec-GPC: 1. */
const gpcOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.trim() === '1'

/** Terms by location, the consent dialogs, and the user's privacy choices. */
export function consentRoutes(consent: ConsentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/consent/sign-up-terms',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Which terms checkboxes the sign-up form shows a visitor from this address',
          response: { 200: s.signUpTerms },
        },
      },
      async (request) => signUpTerms(request.ip),
    )
    app.get(
      '/v1/consent',
      {
        config: user,
        schema: {
          tags,
          summary: 'Consent state: location, owed dialogs (BIPA, updated terms), CCPA opt-out',
          description: 'A Sec-GPC: 1 header is stored as the CCPA opt-out.',
          response: { 200: s.consentStatus },
        },
      },
      async (request) => consent.consentStatus(requirePrincipal(request), gpcOf(request.headers['sec-gpc'])),
    )
    app.post(
      '/v1/user/accept-terms',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Accept the newest published terms (the Updated Terms dialog)',
          body: z.strictObject({ version: s.termsVersion }),
          response: { 200: z.object({ version: z.string(), accepted: z.boolean() }) },
        },
      },
      async (request) => consent.acceptTerms(requirePrincipal(request), request.body.version),
    )
    app.post(
      '/v1/user/accept-bipa-terms',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Accept the biometric data (BIPA) terms',
          response: { 200: z.object({ accepted_bipa_terms: z.boolean() }) },
        },
      },
      async (request) => consent.acceptBipaTerms(requirePrincipal(request)),
    )
    app.post(
      '/v1/user/ccpa-opt-out',
      {
        config: userOnly,
        schema: {
          tags,
          summary: CONSENT_TEXTS.ccpaTitle,
          body: z.strictObject({ ccpa_opt_out: z.boolean() }),
          response: { 200: z.object({ ccpa_opt_out: z.boolean() }) },
        },
      },
      async (request) => consent.setCcpaOptOut(requirePrincipal(request), request.body.ccpa_opt_out),
    )
    app.get(
      '/v1/workspace/training-opt-out',
      {
        config: user,
        schema: {
          tags,
          summary: "The workspace's model-training opt-out",
          response: { 200: s.trainingOptOut },
        },
      },
      async (request) => consent.trainingOptOut(requirePrincipal(request)),
    )
    app.put(
      '/v1/workspace/update-workspace',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Change the workspace training opt-out (admins only)',
          querystring: z.strictObject({ training_opt_out: s.boolQuery }),
          response: { 200: s.trainingOptOut },
        },
      },
      async (request) =>
        consent.updateTrainingOptOut(requirePrincipal(request), request.query.training_opt_out),
    )
  }
}

/** Email change, public name and alpha access. */
export function accountPrivacyRoutes(consent: ConsentService, site: SiteAddress): FastifyPluginAsyncZod {
  return async (app) => {
    const mailContext = (request: Parameters<SiteAddress['contextFor']>[0]) => {
      const context = site.contextFor(request)
      return { origin: context.origin, locale: context.locale }
    }
    app.post(
      '/v1/user/send-email-change-verification',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Mail a code to the new address (step one of an email change)',
          body: s.newEmailBody,
          response: { 200: z.object({ status: z.literal('success'), new_email: z.string() }) },
        },
      },
      async (request) =>
        consent.sendEmailChangeCode(requirePrincipal(request), request.body.new_email, mailContext(request)),
    )
    app.put(
      '/v1/user/email',
      {
        config: { auth: 'optional', apiKeys: false },
        schema: {
          tags,
          summary: 'Confirm an email change with its code, or undo one (is_reverting) from the old address',
          querystring: s.emailQuery,
          response: { 200: s.emailResult },
        },
      },
      async (request) => {
        const { verification_code: code, is_reverting: reverting } = request.query
        if (reverting) return consent.revertEmailChange(code)
        return consent.confirmEmailChange(requirePrincipal(request), code, mailContext(request))
      },
    )
    app.post(
      '/v1/user/generate-name',
      {
        config: user,
        schema: { tags, summary: 'Suggest a public name', response: { 200: z.object({ name: z.string() }) } },
      },
      async () => generateName(),
    )
    app.get(
      '/v1/user/public-user-name',
      { config: user, schema: { tags, summary: 'The public user name', response: { 200: s.publicName } } },
      async (request) => consent.publicUserName(requirePrincipal(request)),
    )
    app.post(
      '/v1/user/update-public-user-name',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Set the public user name',
          body: z.strictObject({ public_user_name: z.string().max(100) }),
          response: { 200: s.publicName },
        },
      },
      async (request) =>
        consent.updatePublicUserName(requirePrincipal(request), request.body.public_user_name),
    )
    app.get(
      '/v1/user/has-alpha-access',
      {
        config: user,
        schema: {
          tags,
          summary: 'Whether alpha features are open to the user',
          response: { 200: s.alphaAccess },
        },
      },
      async (request) => consent.hasAlphaAccess(requirePrincipal(request)),
    )
    app.post(
      '/v1/user/request-alpha-access',
      {
        config: userOnly,
        schema: { tags, summary: 'Ask the operator for alpha access', response: { 200: s.alphaAccess } },
      },
      async (request) => consent.requestAlphaAccess(requirePrincipal(request)),
    )
  }
}
