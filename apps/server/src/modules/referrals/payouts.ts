import { PAYOUT_MINIMUM_CENTS, type PayoutAccountState } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ReferralsDeps } from './referrals-deps.js'
import { collectRewards } from './rewards.js'

// The payout account lives at the payout provider (Stripe Connect, or the built-in test
// provider): creating it opens the provider's onboarding page; its state is read back from the
// provider; a payout is written as pending first, then sent with its id as the idempotency key,
// so a crash or a lost answer is sent again later and never paid twice.

/** Where the provider's pages send the user back to. */
const AFFILIATES_PATH = '/app/affiliates'

type Account = NonNullable<Awaited<ReturnType<ReferralsDeps['affiliates']['payoutAccount']>>>

/** The user's account at the current provider (one at another provider counts as none). */
async function accountOf(deps: ReferralsDeps, userId: string): Promise<Account | undefined> {
  const account = await deps.affiliates.payoutAccount(userId)
  return account?.provider === deps.payoutProvider.name ? account : undefined
}

/** Takes the provider's word for the account's state, keeping ours when it keeps none. */
async function refreshed(deps: ReferralsDeps, account: Account): Promise<Account> {
  const seen = await deps.payoutProvider.accountState(account.provider_account_id)
  if (!seen || (seen.state === account.state && seen.paused === account.paused)) return account
  const next = { ...account, state: seen.state, paused: seen.paused, updated_at: deps.now() }
  await deps.affiliates.saveAccount(next)
  return next
}

/** The payout account, the balance and past payouts. */
export async function payoutView(deps: ReferralsDeps, principal: Principal) {
  const stored = await accountOf(deps, principal.userId)
  const [account, totals, payouts] = await Promise.all([
    stored ? refreshed(deps, stored) : undefined,
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
  const existing = await accountOf(deps, principal.userId)
  const accountId =
    existing?.provider_account_id ??
    (await deps.payoutProvider.createAccount({ userId: principal.userId, email: principal.email }))
  if (!existing)
    await deps.affiliates.saveAccount({
      user_id: principal.userId,
      provider: deps.payoutProvider.name,
      state: 'incomplete_setup',
      paused: false,
      provider_account_id: accountId,
      updated_at: deps.now(),
    })
  return { url: await deps.payoutProvider.onboardingLink(accountId, { origin, returnPath: AFFILIATES_PATH }) }
}

/** POST /create-connect-account-management-link: the provider's page for an existing account. */
export async function managementLink(
  deps: ReferralsDeps,
  principal: Principal,
  origin: string,
  back: string,
) {
  const account = await accountOf(deps, principal.userId)
  if (!account) throw new AppError('payout_account_missing')
  const returnPath = back.startsWith('/') && !back.startsWith('//') ? back : AFFILIATES_PATH
  return {
    url: await deps.payoutProvider.onboardingLink(account.provider_account_id, { origin, returnPath }),
  }
}

/** The test provider's onboarding page finished: the account is connected. */
export async function completeLocalOnboarding(deps: ReferralsDeps, principal: Principal) {
  if (deps.payoutProvider.name !== 'local') throw new AppError('payout_account_missing')
  const account = await accountOf(deps, principal.userId)
  if (!account) throw new AppError('payout_account_missing')
  await deps.affiliates.saveAccount({ ...account, state: 'connected', updated_at: deps.now() })
  return payoutView(deps, principal)
}

/** Sends one pending payout; a refusal gives the amount back to the balance. */
async function send(deps: ReferralsDeps, account: Account, payout: { id: string; amount_cents: number }) {
  const result = await deps.payoutProvider.transfer({
    accountId: account.provider_account_id,
    payoutId: payout.id,
    amountCents: payout.amount_cents,
  })
  if (result.ok) return deps.affiliates.settlePayout(payout.id, 'paid', result.transferId)
  // Not refused: the transfer may have happened; it stays pending and is sent again (same key).
  if (result.refused) await deps.affiliates.settlePayout(payout.id, 'failed', null)
  throw new AppError('payment_provider_failed', { message: result.message })
}

/** Pays the whole balance to the connected account, from the minimum up. */
export async function requestPayout(deps: ReferralsDeps, principal: Principal) {
  const stored = await accountOf(deps, principal.userId)
  if (!stored) throw new AppError('payout_account_missing')
  const account = await refreshed(deps, stored)
  if (account.paused) throw new AppError('payouts_paused')
  if (account.state !== 'connected') throw new AppError('payout_account_not_connected')
  // A payout whose answer was lost (or whose process died) goes first, under its own key.
  for (const pending of await deps.affiliates.pendingPayouts(principal.userId))
    await send(deps, account, pending)
  await collectRewards(deps, principal.userId)
  const result = await deps.affiliates.payBalance(
    principal.userId,
    `po_${newId(16)}`,
    PAYOUT_MINIMUM_CENTS,
    deps.now(),
  )
  if (!result.paid) throw new AppError('payout_below_minimum')
  await send(deps, account, result.paid)
  return payoutView(deps, principal)
}

/**
 * The provider says an account changed (Stripe's `account.updated`): its state is kept, and
 * payouts left pending (a crash or a lost answer) are sent again once it can take them, rather
 * than waiting for the affiliate's next request. A refused or failed send stays as it was.
 */
export async function payoutAccountChanged(
  deps: ReferralsDeps,
  providerAccountId: string,
  seen: { state: string; paused: boolean },
): Promise<void> {
  const stored = await deps.affiliates.payoutAccountAt(deps.payoutProvider.name, providerAccountId)
  if (!stored) return
  const account = { ...stored, state: seen.state, paused: seen.paused, updated_at: deps.now() }
  await deps.affiliates.saveAccount(account)
  if (account.state !== 'connected' || account.paused) return
  for (const pending of await deps.affiliates.pendingPayouts(account.user_id))
    await send(deps, account, pending).catch(() => undefined)
}
