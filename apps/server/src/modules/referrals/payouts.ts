import { PAYOUT_MINIMUM_CENTS, type PayoutAccountState } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ReferralsDeps } from './referrals-deps.js'
import { collectRewards } from './rewards.js'

// The payout account runs on the built-in test provider: creating it opens the provider's
// onboarding page, which connects the account when completed; payouts are paid at once.

/** The payout account, the balance and past payouts. */
export async function payoutView(deps: ReferralsDeps, principal: Principal) {
  const [account, totals, payouts] = await Promise.all([
    deps.affiliates.payoutAccount(principal.userId),
    deps.referrals.totals(principal.userId),
    deps.affiliates.payouts(principal.userId),
  ])
  return {
    payout_account: {
      state: (account?.state ?? 'not_created') as PayoutAccountState,
      paused: account?.paused ?? false,
    },
    balance_cents: totals.commissionCents - totals.paidOutCents,
    payout_minimum_cents: PAYOUT_MINIMUM_CENTS,
    payouts: payouts.map((p) => ({
      payout_id: p.id,
      amount_cents: p.amount_cents,
      status: p.status,
      created_at_unix: Math.floor(p.created_at.getTime() / 1000),
    })),
  }
}

/** POST /create-connect-account: the account starts with its setup incomplete. */
export async function createConnectAccount(deps: ReferralsDeps, principal: Principal, origin: string) {
  const existing = await deps.affiliates.payoutAccount(principal.userId)
  const providerId = existing?.provider_account_id ?? `acct_local_${newId(16)}`
  if (!existing)
    await deps.affiliates.saveAccount({
      user_id: principal.userId,
      state: 'incomplete_setup',
      provider_account_id: providerId,
      updated_at: deps.now(),
    })
  return { url: new URL(`/payouts/local/onboarding/${providerId}`, origin).toString() }
}

/** POST /create-connect-account-management-link: the provider's page for an existing account. */
export async function managementLink(
  deps: ReferralsDeps,
  principal: Principal,
  origin: string,
  back: string,
) {
  const account = await deps.affiliates.payoutAccount(principal.userId)
  if (!account) throw new AppError('payout_account_missing')
  const url = new URL(`/payouts/local/onboarding/${account.provider_account_id}`, origin)
  if (back.startsWith('/') && !back.startsWith('//')) url.searchParams.set('return', back)
  return { url: url.toString() }
}

/** The test provider's onboarding page finished: the account is connected. */
export async function completeLocalOnboarding(deps: ReferralsDeps, principal: Principal) {
  const account = await deps.affiliates.payoutAccount(principal.userId)
  if (!account) throw new AppError('payout_account_missing')
  await deps.affiliates.saveAccount({ ...account, state: 'connected', updated_at: deps.now() })
  return payoutView(deps, principal)
}

/** Pays the whole balance to the connected account, from the minimum up. */
export async function requestPayout(deps: ReferralsDeps, principal: Principal) {
  const account = await deps.affiliates.payoutAccount(principal.userId)
  if (!account) throw new AppError('payout_account_missing')
  if (account.paused) throw new AppError('payouts_paused')
  if (account.state !== 'connected') throw new AppError('payout_account_not_connected')
  await collectRewards(deps, principal.userId)
  const result = await deps.affiliates.payBalance(
    principal.userId,
    `po_${newId(16)}`,
    PAYOUT_MINIMUM_CENTS,
    deps.now(),
  )
  if (!result.paid) throw new AppError('payout_below_minimum')
  return payoutView(deps, principal)
}
