import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { MailService } from '../mail/mail.module.js'
import type { AccountsRepository } from './accounts.repository.js'
import type { SessionsRepository } from './sessions.repository.js'
import type { SignUpRuleRunner } from './sign-up-rules.js'

export interface SignUpInput {
  email: string
  password: string
  first_name?: string | undefined
  invite_code?: string | undefined
  account_metadata?:
    | {
        agrees_to_product_updates?: boolean | undefined
        accepted_bipa_terms?: boolean | undefined
        accepted_terms?: boolean | undefined
      }
    | undefined
  continue_url?: string | undefined
  lang?: string | undefined
  locale?: string | undefined
}

export interface TokenPair {
  access_token: string
  refresh_token: string
  expires_in: number
  token_type: 'bearer'
  user_id: string
}

/** The password was right and the account has two-factor on: a code is still owed. */
export interface SecondStepRequired {
  two_factor_required: true
  mfa_token: string
  expires_in: number
}

/** The second sign-in step (built by the two-factor domain, after this one). */
export interface SecondFactor {
  challenge(
    userId: string,
    workspaceId?: string | null,
  ): Promise<{ mfa_token: string; expires_in: number } | null>
  /** The user the code proved, and the workspace the session is held to (single sign-on). */
  complete(token: string, code: string): Promise<{ userId: string; workspaceId: string | null }>
}

/** Where a sign-in attempt comes from: the client address is what failures are counted by. */
export interface SignInClient {
  address: string
  userAgent: string | null
}

/** The subscriptions table belongs to billing; sign-up asks it for the new workspace's free plan. */
export interface FreeSubscriptionWriter {
  insertFreeSubscription(
    trx: Transaction<DB>,
    input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
  ): Promise<void>
}

export interface AuthDeps {
  accounts: AccountsRepository
  sessions: SessionsRepository
  mail: MailService
  billing: FreeSubscriptionWriter
  /** Other domains' first steps for a new account, inside the sign-up transaction. */
  onSignUp?: SignUpHook | undefined
  /**
   * False when a workspace of the user forbids email-and-password sign-in (single sign-on
   * required). Asked only after the password matched, so it tells a guesser nothing.
   */
  passwordSignInAllowed?: ((userId: string) => Promise<boolean>) | undefined
  /** Asked after a right password; absent, a password alone signs in. */
  secondFactor?: () => SecondFactor | undefined
  /** Rules other domains add to sign-up (the terms a location requires). */
  signUpRules?: SignUpRuleRunner | undefined
  now?: () => Date
}

export type SignUpHook = (
  trx: Transaction<DB>,
  user: { userId: string; workspaceId: string; email: string; firstName: string | null },
) => Promise<void>

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'
}
