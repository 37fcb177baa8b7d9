import { randomUUID } from 'node:crypto'
import {
  type BillingPeriod,
  billingCurrency,
  isGrantTier,
  type PaidPurchasableTier,
  recommendedGrantUpgrade,
  siteLink,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from './billing.tables.js'
import { planCredits } from './credit-periods.js'
import { createGrantAcceptance } from './grant-acceptance.js'
import { type GrantsDeps, isPaying, SESSION_LIFETIME_MS, usableOffer } from './grants-deps.js'
import { tierOf } from './plan-rules.js'
import { billingPeriodOf } from './subscription-state.js'

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

/**
 * Grants: an operator offers a grant tier with a code (table grant_offers); the workspace
 * accepts it on an acceptance page, or converts its paid subscription to it. A grant lasts its
 * months (twelve by default) with all its credits at once; at its end the workspace moves to the
 * subscription it chose for afterwards (paid by the card on file) or to free.
 */
export function createGrantsService(deps: GrantsDeps) {
  const { subscriptions, payments, provider } = deps
  const accept = createGrantAcceptance(deps)

  return {
    async createAcceptanceSession(
      caller: { workspaceId: string; userId: string },
      origin: string,
      grantCode: string,
    ) {
      const now = deps.now()
      const offer = usableOffer(await payments.findGrantOffer(grantCode.trim()), caller.workspaceId, now)
      const row = await subscriptions.find(caller.workspaceId)
      const session = await payments.openSession({
        id: `gs_${randomUUID().replaceAll('-', '')}`,
        workspace_id: caller.workspaceId,
        user_id: caller.userId,
        idempotency_key: null,
        provider: provider.name,
        kind: 'grant',
        grant_code: offer.code,
        tier: offer.tier,
        billing_period: 'monthly_period',
        currency: billingCurrency(row.currency),
        promocode: null,
        list_price_cents: 0,
        amount_due_cents: 0,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      })
      return {
        url: siteLink(origin, `/billing/grant/${encodeURIComponent(session.id)}`),
        session_id: session.id,
      }
    },

    /** The acceptance page: what the grant gives and whether this workspace must convert. */
    async describeSession(workspaceId: string, sessionId: string) {
      const session = await payments.findSession(workspaceId, sessionId)
      if (session?.kind !== 'grant' || !session.grant_code) throw new AppError('checkout_session_not_found')
      const offer = await payments.findGrantOffer(session.grant_code)
      const row = await subscriptions.find(workspaceId)
      const expired = session.status === 'open' && session.expires_at <= deps.now()
      return {
        session_id: session.id,
        status: expired ? ('expired' as const) : session.status,
        grant_tier: session.tier,
        character_limit: planCredits(tierOf(session.tier)),
        duration_months: offer?.duration_months ?? 12,
        requires_conversion: isPaying(row),
        current_tier: tierOf(row.tier),
      }
    },

    accept: (workspaceId: string, sessionId: string) => accept(workspaceId, sessionId, false),

    convertPayingWorkspace: (workspaceId: string, sessionId: string) => accept(workspaceId, sessionId, true),

    /** The subscription that follows the grant: a paid plan (needs a card on file) or free. */
    async setPostGrantSubscription(
      workspaceId: string,
      input: { subscription_type: PaidPurchasableTier | 'free'; billing_period: BillingPeriod },
    ) {
      return payments.transaction(async (trx) => {
        const row = await subscriptions.lockForChange(trx, workspaceId)
        if (!row || !isGrantTier(tierOf(row.tier))) throw new AppError('not_on_grant')
        const free = input.subscription_type === 'free'
        if (!free && !(await payments.findCard(workspaceId, trx))) throw new AppError('no_payment_method')
        await subscriptions.update(trx, workspaceId, {
          post_grant_tier: free ? null : input.subscription_type,
          post_grant_billing_period: free ? null : input.billing_period,
        })
        return settingsOf(
          await subscriptions.lockForChange(trx, workspaceId),
          Boolean(await payments.findCard(workspaceId, trx)),
        )
      })
    },

    async endSettings(workspaceId: string) {
      const row = await subscriptions.find(workspaceId)
      return settingsOf(row, Boolean(await payments.findCard(workspaceId)))
    },
  }
}

function settingsOf(row: SubscriptionRow | undefined, hasCard: boolean) {
  if (!row) throw new AppError('no_subscription')
  const tier = tierOf(row.tier)
  const postTier = row.post_grant_tier ? tierOf(row.post_grant_tier) : null
  const onGrant = isGrantTier(tier)
  return {
    is_on_grant: onGrant,
    grant_tier: onGrant ? tier : null,
    grant_end_unix: onGrant ? unix(row.grant_ends_at) : null,
    post_grant_subscription_type: postTier,
    post_grant_billing_period: postTier ? billingPeriodOf(row.post_grant_billing_period) : null,
    recommended_tier: recommendedGrantUpgrade(postTier),
    has_payment_method: hasCard,
  }
}

export type GrantsService = ReturnType<typeof createGrantsService>
