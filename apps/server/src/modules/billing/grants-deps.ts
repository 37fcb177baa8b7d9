import { AppError } from '../../errors.js'
import type { GrantOfferRow, SubscriptionRow } from './billing.tables.js'
import type { PaymentProvider } from './payment-provider.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

export interface GrantsDeps {
  subscriptions: SubscriptionsRepository
  payments: PaymentsRepository
  provider: PaymentProvider
  now: () => Date
}

/** An acceptance session stays open for a day, like a checkout session. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000

/** A workspace that pays for a plan right now (a paid period that is not being cancelled). */
export function isPaying(row: SubscriptionRow): boolean {
  return (
    row.current_period_end !== null && row.status !== 'free' && row.pending_change_kind !== 'cancellation'
  )
}

/** The offer a code names, if this workspace may still redeem it. */
export function usableOffer(offer: GrantOfferRow | undefined, workspaceId: string, now: Date): GrantOfferRow {
  if (!offer || (offer.expires_at && offer.expires_at.getTime() <= now.getTime()))
    throw new AppError('grant_offer_invalid', { param: 'grant_code' })
  if (offer.redeemed_workspace_id && offer.redeemed_workspace_id !== workspaceId)
    throw new AppError('grant_offer_redeemed')
  return offer
}
