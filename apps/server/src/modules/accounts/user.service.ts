import { isLocale } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SubscriptionRow } from '../billing/billing.module.js'
import type { AccountsRepository } from './accounts.repository.js'
import { type SubscriptionBillingFields, subscriptionView } from './subscription.view.js'

const NEW_USER_SECONDS = 24 * 60 * 60

export function createUserService(deps: {
  accounts: AccountsRepository
  /** The workspace's subscription row; the billing domain owns it. */
  subscription: (workspaceId: string) => Promise<SubscriptionRow>
  /** The billing fields (scheduled change, invoices, overage); the billing domain computes them. */
  subscriptionBilling?: (row: SubscriptionRow) => Promise<SubscriptionBillingFields>
  /** How many voice slots the workspace uses (the voices domain counts them). */
  voiceSlotsUsed: (workspaceId: string) => Promise<number>
  /** Voice additions and edits this month (the voices domain counts them). */
  voiceAddEdits?: (workspaceId: string) => Promise<number>
  now?: () => Date
}) {
  const { accounts } = deps
  const now = deps.now ?? (() => new Date())

  async function loadSubscription(workspaceId: string) {
    const row = await deps.subscription(workspaceId)
    return subscriptionView(
      row,
      {
        voiceSlotsUsed: await deps.voiceSlotsUsed(workspaceId),
        professionalVoiceSlotsUsed: 0,
        voiceAddEdits: deps.voiceAddEdits ? await deps.voiceAddEdits(workspaceId) : 0,
      },
      deps.subscriptionBilling ? await deps.subscriptionBilling(row) : null,
    )
  }

  async function requireUser(userId: string) {
    const user = await accounts.findUserById(userId)
    if (!user) throw new AppError('account_deleted')
    return user
  }

  return {
    loadSubscription,

    /** GET /v1/user: the product's user fields and the public API's. */
    async getUser(userId: string) {
      const user = await requireUser(userId)
      const auth = await accounts.findAuthAccount(userId)
      const createdAt = Math.floor(user.created_at.getTime() / 1000)
      return {
        user_id: user.id,
        workspace_id: user.workspace_id,
        email: user.email,
        first_name: user.first_name,
        is_email_verified: user.email_verified_at !== null,
        is_new_user: now().getTime() / 1000 - createdAt < NEW_USER_SECONDS,
        created_at: createdAt,
        created_at_unix: createdAt,
        public_user_id: user.public_user_id,
        xi_api_key: null,
        xi_api_key_preview: null,
        is_api_key_hashed: true,
        is_onboarding_completed: user.is_onboarding_completed,
        is_onboarding_checklist_completed: user.is_onboarding_checklist_completed,
        is_producer: user.is_producer,
        seat_type: 'workspace_admin' as const,
        locale: auth?.locale ?? null,
        can_use_delayed_payment_methods: false,
        subscription: await loadSubscription(user.workspace_id),
      }
    },

    /** GET /v1/auth-account: the sign-in account behind the user. */
    async getAuthAccount(userId: string) {
      const user = await requireUser(userId)
      const auth = await accounts.findAuthAccount(userId)
      const meta = await accounts.findAccountMetadata(userId)
      return {
        auth_account_id: auth?.id ?? '',
        email: user.email,
        email_verified: user.email_verified_at !== null,
        locale: auth?.locale ?? null,
        ccpa_opt_out: auth?.ccpa_opt_out ?? false,
        account_metadata: {
          agrees_to_product_updates: meta?.agrees_to_product_updates ?? false,
          accepted_bipa_terms: meta?.accepted_bipa_terms ?? false,
        },
      }
    },

    async setLocale(userId: string, locale: string): Promise<void> {
      // A locale the app does not ship is refused, never stored.
      if (!isLocale(locale)) {
        throw new AppError('validation_error', {
          message: `Unsupported locale '${locale}'.`,
          param: 'locale',
        })
      }
      await accounts.setLocale(userId, locale)
    },

    async editMetadata(
      userId: string,
      patch: {
        first_name?: string | null | undefined
        agrees_to_product_updates?: boolean | undefined
        accepted_bipa_terms?: boolean | undefined
      },
    ): Promise<void> {
      if (patch.first_name !== undefined)
        await accounts.setFirstName(userId, patch.first_name?.trim() || null)
      await accounts.updateAccountMetadata(userId, {
        ...(patch.agrees_to_product_updates === undefined
          ? {}
          : { agrees_to_product_updates: patch.agrees_to_product_updates }),
        ...(patch.accepted_bipa_terms === undefined
          ? {}
          : { accepted_bipa_terms: patch.accepted_bipa_terms }),
      })
    },

    /**
     * Deleting the account needs the user to type their own email, so it is never an accident,
     * and an owner of a workspace with other members must hand it over first.
     */
    async deleteAccount(userId: string, typedEmail: string): Promise<void> {
      const user = await requireUser(userId)
      if (typedEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('email_mismatch', { param: 'email' })
      }
      const outcome = await accounts.deleteAccount(userId)
      if (outcome === 'owns_shared_workspace') throw new AppError('owner_must_transfer_workspace')
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
