import type { PayoutAccountState } from '@timbre/contract'

/** What the provider says of an account: its setup state, and whether the platform paused it. */
export interface ProviderAccountState {
  state: PayoutAccountState
  paused: boolean
}

/**
 * Where payout accounts live and transfers go: Stripe Connect when the operator configured
 * Stripe, else the built-in test provider.
 */
export interface PayoutProvider {
  name: 'local' | 'stripe'
  /** Opens an account for the user; returns the provider's id for it. */
  createAccount(input: { userId: string; email: string }): Promise<string>
  /** The provider's page where the user finishes (or edits) the account's setup. */
  onboardingLink(accountId: string, urls: { origin: string; returnPath: string }): Promise<string>
  /** The account's state as the provider sees it now; null: the provider keeps none (local). */
  accountState(accountId: string): Promise<ProviderAccountState | null>
  /**
   * Sends a payout to the account. The payout id is the idempotency key: sending the same
   * payout again (after a crash or a lost answer) never pays twice.
   */
  transfer(input: {
    accountId: string
    payoutId: string
    amountCents: number
  }): Promise<{ ok: true; transferId: string } | { ok: false; refused: boolean; message: string }>
}

/**
 * The built-in test provider: its onboarding page is our own, which connects the account when
 * completed, and a transfer is paid at once.
 */
export function createLocalPayoutProvider(newTransferId: () => string): PayoutProvider {
  return {
    name: 'local',
    createAccount: async () => `acct_local_${newTransferId()}`,
    onboardingLink: async (accountId, urls) => {
      const url = new URL(`/payouts/local/onboarding/${accountId}`, urls.origin)
      url.searchParams.set('return', urls.returnPath)
      return url.toString()
    },
    accountState: async () => null,
    transfer: async () => ({ ok: true, transferId: `tr_local_${newTransferId()}` }),
  }
}
