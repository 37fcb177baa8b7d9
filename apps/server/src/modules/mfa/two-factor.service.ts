import { MFA_CHALLENGE_TTL_SECONDS, MFA_FAILURE_WINDOW_SECONDS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { hashSecret, newSecret } from '../../lib/ids.js'
import { enrolmentDetails, matchingStep, newBackupCodes, newTotpSecret } from './totp.js'
import { createCodeChecks, type TwoFactorDeps } from './two-factor-codes.js'

export type { TwoFactorDeps } from './two-factor-codes.js'

export interface SecondStepChallenge {
  mfa_token: string
  expires_in: number
}

/**
 * Authenticator (TOTP) two-factor sign-in with single-use backup codes. The secret is sealed at
 * rest; a code is accepted once (its time step is remembered); wrong codes are counted per
 * account and, past the limit, every further try is refused for a while whatever it says.
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo, secrets } = deps
  const { now, backupHash, assertNotThrottled, refuse, useCode } = createCodeChecks(deps)

  return {
    async status(userId: string) {
      const totp = await repo.findTotp(userId)
      const enabled = Boolean(totp?.confirmed_at)
      return {
        enabled,
        enabled_at_unix: totp?.confirmed_at ? Math.floor(totp.confirmed_at.getTime() / 1000) : null,
        backup_codes_remaining: enabled ? await repo.unusedBackupCodes(userId) : 0,
      }
    },

    /** A new secret for the authenticator app; replaces an unfinished setup, never a working one. */
    async enrol(user: { userId: string; email: string }) {
      const secret = newTotpSecret()
      if (!(await repo.startTotp(user.userId, secrets.seal(secret))))
        throw new AppError('mfa_already_enabled')
      const details = await enrolmentDetails(secret, user.email)
      return { secret, otpauth_uri: details.uri, qr_code: details.qrCode }
    },

    /** The first code proves the app holds the secret: two-factor is on, backup codes shown once. */
    async confirm(userId: string, code: string): Promise<{ backup_codes: string[] }> {
      await assertNotThrottled(userId)
      const totp = await repo.findTotp(userId)
      if (!totp) throw new AppError('mfa_setup_not_started')
      if (totp.confirmed_at) throw new AppError('mfa_already_enabled')
      const step = matchingStep(secrets.open(totp.secret_sealed), code.trim(), now())
      if (step === null) return refuse(userId, 'incorrect_code')
      const codes = newBackupCodes()
      const confirmed = await repo.transaction(async (trx) => {
        if (!(await repo.useStep(userId, step, trx))) return false
        await repo.confirmTotp(trx, userId, now())
        await repo.replaceBackupCodes(
          trx,
          userId,
          codes.map((c) => backupHash(userId, c)),
        )
        return true
      })
      if (!confirmed) return refuse(userId, 'incorrect_code')
      await repo.clearFailures(userId)
      return { backup_codes: codes }
    },

    /** Turning two-factor off takes a current code (or a backup code). */
    async disable(userId: string, code: string): Promise<void> {
      await useCode(userId, code, { backupCodes: true })
      await repo.transaction((trx) => repo.removeTwoFactor(trx, userId))
    },

    /** New backup codes (the old ones stop working), for a current authenticator code. */
    async regenerateBackupCodes(userId: string, code: string): Promise<{ backup_codes: string[] }> {
      await useCode(userId, code, { backupCodes: false })
      const codes = newBackupCodes()
      await repo.transaction((trx) =>
        repo.replaceBackupCodes(
          trx,
          userId,
          codes.map((c) => backupHash(userId, c)),
        ),
      )
      return { backup_codes: codes }
    },

    /**
     * After a right password or a single sign-on: a second-step token when the account has
     * two-factor on. `workspaceId` holds the session to come to the workspace whose identity
     * provider signed the person in.
     */
    async challenge(userId: string, workspaceId: string | null = null): Promise<SecondStepChallenge | null> {
      const totp = await repo.findTotp(userId)
      if (!totp?.confirmed_at) return null
      const token = newSecret('mfa_')
      await repo.insertChallenge({
        tokenHash: hashSecret(token),
        userId,
        expiresAt: new Date(now().getTime() + MFA_CHALLENGE_TTL_SECONDS * 1000),
        workspaceId,
      })
      return { mfa_token: token, expires_in: MFA_CHALLENGE_TTL_SECONDS }
    },

    /**
     * The second step: a code for the user the token was issued to. The token is used up by the
     * first right code; wrong codes leave it (within the throttle) so a typo can be corrected.
     */
    async complete(token: string, code: string): Promise<{ userId: string; workspaceId: string | null }> {
      const hash = hashSecret(token)
      const challenge = await repo.findChallenge(hash)
      if (!challenge || challenge.expires_at.getTime() <= now().getTime())
        throw new AppError('mfa_challenge_invalid')
      await useCode(challenge.user_id, code, { backupCodes: true })
      const taken = await repo.transaction((trx) => repo.takeChallenge(trx, hash))
      if (!taken) throw new AppError('mfa_challenge_invalid')
      return { userId: challenge.user_id, workspaceId: challenge.workspace_id }
    },

    sweep: async () => {
      await repo.deleteExpiredChallenges(now())
      await repo.deleteOldFailures(new Date(now().getTime() - MFA_FAILURE_WINDOW_SECONDS * 1000))
    },
  }
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>
