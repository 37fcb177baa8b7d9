import { AFFILIATE_LIMITS } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { ReferralsService } from './referrals.service.js'

const tags = ['referrals']
const user = { scope: 'user' as const }
const userOnly = { scope: 'user' as const, apiKeys: false as const }
// Paths outside /v1 are public unless a route says otherwise.
const userOnlyOutsideApi = { ...userOnly, auth: 'required' as const }
const param = z.string().max(200).optional()
const referral = z.object({ value: z.string(), expiresTimestamp: z.number() }).nullable()

/** Referral links, visits and claims, and the Google Ads landing. */
export function referralsRoutes(service: ReferralsService, site: SiteAddress): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/user/referral-link',
      {
        config: user,
        schema: {
          tags,
          summary: "The user's referral link",
          response: { 200: z.object({ referral_link: z.string(), code: z.string() }) },
        },
      },
      async (request) => service.referralLink(requirePrincipal(request), site.originFor(request)),
    )
    app.post(
      '/v1/referrals/visit',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Record a visit that carried ?from=<code> (not with gclid or ps_partner_key)',
          body: z.strictObject({ from: z.string().min(1).max(64), gclid: param, ps_partner_key: param }),
          response: { 200: z.object({ stored: z.boolean(), referral }) },
        },
      },
      async (request) => service.recordVisit(request.body),
    )
    app.post(
      '/v1/referrals/claim',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'A new account takes the referral its browser kept (expiry checked here)',
          body: z.strictObject({ value: z.string().min(1).max(64) }),
          response: { 200: z.object({ referred: z.boolean() }) },
        },
      },
      async (request) => service.claimReferral(requirePrincipal(request), request.body.value),
    )
    app.post(
      '/v1/google-ads-visit',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'Keep the campaign parameters of a Google Ads landing',
          body: z.strictObject({
            email: z.email().max(254).optional(),
            event_type: z.string().min(1).max(64),
            gclid: z.string().min(1).max(200),
            utm_source: param,
            utm_medium: param,
            utm_campaign: param,
            utm_term: param,
            utm_content: param,
          }),
          response: { 200: z.object({ stored: z.boolean() }) },
        },
      },
      async (request) => service.googleAdsVisit(request.body),
    )
  }
}

const payoutAccount = z.object({
  payout_account: z.object({ state: z.string(), paused: z.boolean() }),
  balance_cents: z.number(),
  payout_minimum_cents: z.number(),
  payouts: z.array(
    z.object({
      payout_id: z.string(),
      amount_cents: z.number(),
      status: z.string(),
      created_at_unix: z.number(),
    }),
  ),
})
const dashboard = payoutAccount
  .extend({
    joined: z.boolean(),
    affiliate: z.object({ website: z.string(), audience: z.string(), joined_at_unix: z.number() }).nullable(),
    referral_link: z.string(),
    code: z.string(),
    totals: z.object({
      clicks: z.number(),
      sign_ups: z.number(),
      conversions: z.number(),
      commission_cents: z.number(),
    }),
    series: z.array(
      z.object({
        date: z.string(),
        clicks: z.number(),
        sign_ups: z.number(),
        conversions: z.number(),
        commission_cents: z.number(),
      }),
    ),
    commission_percent: z.number(),
  })
  .meta({ id: 'AffiliateDashboard' })

/** The affiliates page and the payout account (built-in test provider). */
export function affiliatesRoutes(service: ReferralsService, site: SiteAddress): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/affiliates',
      { config: user, schema: { tags, summary: 'The affiliates page', response: { 200: dashboard } } },
      async (request) => service.affiliateDashboard(requirePrincipal(request), site.originFor(request)),
    )
    app.post(
      '/v1/affiliates/join',
      {
        config: userOnly,
        schema: {
          tags,
          summary: 'Join the affiliate programme',
          body: z.strictObject({
            website: z.url().max(AFFILIATE_LIMITS.websiteMax),
            audience: z.string().trim().min(AFFILIATE_LIMITS.audienceMin).max(AFFILIATE_LIMITS.audienceMax),
          }),
          response: { 200: dashboard },
        },
      },
      async (request) =>
        service.joinAffiliates(requirePrincipal(request), request.body, site.originFor(request)),
    )
    app.post(
      '/create-connect-account',
      {
        config: userOnlyOutsideApi,
        schema: {
          tags,
          summary: 'Create the payout account',
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => service.createConnectAccount(requirePrincipal(request), site.originFor(request)),
    )
    app.post(
      '/create-connect-account-management-link',
      {
        config: userOnlyOutsideApi,
        schema: {
          tags,
          summary: "The payout provider's page for the account",
          body: z.strictObject({ relative_redirect_path: z.string().max(300) }),
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) =>
        service.managementLink(
          requirePrincipal(request),
          site.originFor(request),
          request.body.relative_redirect_path,
        ),
    )
    app.post(
      '/v1/payouts/local/complete-onboarding',
      {
        config: userOnly,
        schema: {
          tags,
          summary: "The test provider's onboarding finished",
          response: { 200: payoutAccount },
        },
      },
      async (request) => service.completeLocalOnboarding(requirePrincipal(request)),
    )
    app.post(
      '/v1/affiliates/payouts',
      {
        config: userOnly,
        schema: { tags, summary: 'Pay the balance out', response: { 200: payoutAccount } },
      },
      async (request) => service.requestPayout(requirePrincipal(request)),
    )
  }
}
