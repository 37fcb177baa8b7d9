import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import type { SignUpInput } from './auth-deps.js'

/** What a sign-up rule sees: the form and where the request came from. */
export interface SignUpAttempt {
  input: SignUpInput
  /** The peer's address, or the client address a trusted proxy reported. */
  clientAddress: string | null
}

/**
 * A rule another domain adds to sign-up (the terms a location requires, for one): `check` runs
 * before anything is written and may refuse; `record` runs inside the sign-up transaction, so
 * what it stores exists exactly when the account does.
 */
export interface SignUpRule {
  check?(attempt: SignUpAttempt): Promise<void>
  record?(trx: Transaction<DB>, attempt: SignUpAttempt & { userId: string }): Promise<void>
}

export interface SignUpRules {
  add(rule: SignUpRule): void
}

export function createSignUpRules() {
  const rules: SignUpRule[] = []
  return {
    registry: { add: (rule: SignUpRule) => void rules.push(rule) } satisfies SignUpRules,
    async check(attempt: SignUpAttempt): Promise<void> {
      for (const rule of rules) await rule.check?.(attempt)
    },
    async record(trx: Transaction<DB>, attempt: SignUpAttempt & { userId: string }): Promise<void> {
      for (const rule of rules) await rule.record?.(trx, attempt)
    },
  }
}

export type SignUpRuleRunner = Omit<ReturnType<typeof createSignUpRules>, 'registry'>
