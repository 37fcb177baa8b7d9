import type { SecondFactor } from './auth.service.js'

/**
 * Rules other domains add to password sign-in when they are built (after this domain): single
 * sign-on may forbid passwords for a user, and the two-factor domain supplies the second step.
 * Accounts asks them at sign-in without knowing which domains they come from.
 */
export interface SignInPolicies {
  /** A check asked after the password matched; any false refuses the password sign-in. */
  addPasswordCheck(allowed: (userId: string) => Promise<boolean>): void
  /** The one second sign-in step. */
  useSecondFactor(secondFactor: SecondFactor): void
}

export function createSignInPolicies() {
  const checks: Array<(userId: string) => Promise<boolean>> = []
  let second: SecondFactor | undefined
  const policies: SignInPolicies = {
    addPasswordCheck: (allowed) => {
      checks.push(allowed)
    },
    useSecondFactor: (secondFactor) => {
      if (second) throw new Error('a second sign-in factor is already in use')
      second = secondFactor
    },
  }
  return {
    policies,
    async passwordSignInAllowed(userId: string): Promise<boolean> {
      for (const allowed of checks) if (!(await allowed(userId))) return false
      return true
    },
    secondFactor: (): SecondFactor | undefined => second,
  }
}
