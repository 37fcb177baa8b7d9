import { bindUseCases } from '../../platform/use-cases.js'
import type { AuthDeps } from './auth-deps.js'
import { refresh, reissue } from './auth-sessions.js'
import {
  optOutOfUpdates,
  sendVerificationEmail,
  verifyEmail,
  verifySignInRequest,
} from './email-verification.js'
import { checkPasswordResetCode, confirmPasswordReset, sendPasswordResetEmail } from './password-reset.js'
import { signIn, signInWithCode, startSsoSession } from './sign-in.js'
import { signUp } from './sign-up.js'

export * from './auth-deps.js'

/**
 * Sign-up, sign-in, sessions and the mailed codes (verification, password reset), each a use
 * case in its own file, bound here to the repositories and the mail they share.
 */
export function createAuthService(deps: AuthDeps) {
  return {
    ...bindUseCases(deps, {
      signUp,
      signIn,
      signInWithCode,
      startSsoSession,
      refresh,
      reissue,
      sendVerificationEmail,
      verifyEmail,
      verifySignInRequest,
      optOutOfUpdates,
      sendPasswordResetEmail,
      checkPasswordResetCode,
      confirmPasswordReset,
    }),
    signOut: (sessionId: string) => deps.sessions.delete(sessionId),
  }
}

export type AuthService = ReturnType<typeof createAuthService>
