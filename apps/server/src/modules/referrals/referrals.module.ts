import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { StripeConfig } from '../../config.js'
import type { Database } from '../../db/database.js'
import { newId } from '../../lib/ids.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import type { BillingPorts } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import { createAffiliatesRepository } from './affiliates.repository.js'
import { createLocalPayoutProvider } from './payout-provider.js'
import { payoutAccountChanged } from './payouts.js'
import { createReferralsRepository } from './referrals.repository.js'
import { affiliatesRoutes, referralsRoutes } from './referrals.routes.js'
import { createReferralsService } from './referrals.service.js'
import type { ReferralsDeps } from './referrals-deps.js'
import { createStripeConnectProvider, stateOfStripeAccount } from './stripe-connect-provider.js'

export interface ReferralsPorts {
  /** Whether the user joined the affiliate programme (the onboarding checklist's step). */
  joinedAffiliates(userId: string): Promise<boolean>
}

/**
 * Referrals and affiliates: each user's referral link, visits that carry it (90 days), the
 * referral a new account takes, the reward when it pays, the affiliates page with its figures
 * and the payout account: Stripe Connect when Stripe is configured, else the built-in test provider.
 */
export function createReferralsModule(deps: {
  db: Database
  site: SiteAddress
  billing: Pick<BillingPorts, 'subscription' | 'connectAccounts'>
  stripe?: StripeConfig | null
  now?: () => Date
}): DomainModule<ReferralsPorts> {
  const affiliates = createAffiliatesRepository(deps.db)
  const referralsDeps: ReferralsDeps = {
    referrals: createReferralsRepository(deps.db),
    affiliates,
    subscription: deps.billing.subscription,
    payoutProvider: deps.stripe
      ? createStripeConnectProvider(deps.stripe)
      : createLocalPayoutProvider(() => newId(16)),
    now: deps.now ?? (() => new Date()),
  }
  const service = createReferralsService(referralsDeps)
  // Stripe tells of a connected account's changes through billing's signed webhook.
  deps.billing.connectAccounts.subscribe((account) =>
    payoutAccountChanged(referralsDeps, account.id, stateOfStripeAccount(account)),
  )
  const routes: FastifyPluginAsyncZod = async (app) => {
    await app.register(referralsRoutes(service, deps.site))
    await app.register(affiliatesRoutes(service, deps.site))
  }
  return {
    name: 'referrals',
    routes,
    ports: { joinedAffiliates: async (userId) => (await affiliates.affiliate(userId)) !== undefined },
  }
}
