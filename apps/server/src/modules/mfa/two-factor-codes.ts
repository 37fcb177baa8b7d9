import { createHmac, hkdfSync } from 'node:crypto'
import { MFA_FAILURE_WINDOW_SECONDS, MFA_MAX_FAILURES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { SecretBox } from '../../lib/secret-box.js'
import type { MfaRepository } from './mfa.repository.js'
import { isAuthenticatorCode, matchingStep, normaliseBackupCode } from './totp.js'

export interface TwoFactorDeps {
  repo: MfaRepository
  secrets: SecretBox
  secretKey: string
  now?: () => Date
}

/**
 * Checking a code: the throttle on wrong codes, authenticator codes used once, and backup
 * codes hashed with a key derived from the server secret.
 */
export function createCodeChecks(deps: TwoFactorDeps) {
  const { repo, secrets } = deps
  const now = deps.now ?? (() => new Date())
  // Backup codes are short: keyed with the server secret, a copied table alone cannot be searched.
  const backupKey = Buffer.from(hkdfSync('sha256', deps.secretKey, 'timbre-backup-codes', 'v1', 32))
  const backupHash = (userId: string, code: string) =>
    createHmac('sha256', backupKey)
      .update(`${userId}:${normaliseBackupCode(code)}`)
      .digest('hex')

  async function assertNotThrottled(userId: string): Promise<void> {
    const since = new Date(now().getTime() - MFA_FAILURE_WINDOW_SECONDS * 1000)
    const failures = await repo.recentFailures(userId, since)
    if (failures.count < MFA_MAX_FAILURES || !failures.first) return
    const retryAfter = Math.max(
      1,
      Math.ceil((failures.first.getTime() + MFA_FAILURE_WINDOW_SECONDS * 1000 - now().getTime()) / 1000),
    )
    throw new AppError('too_many_attempts', { headers: { 'retry-after': String(retryAfter) } })
  }

  async function refuse(userId: string, code: 'incorrect_code' | 'invalid_backup_code'): Promise<never> {
    await repo.recordFailure(userId)
    throw new AppError(code, { param: 'code' })
  }

  /** Checks and uses an authenticator code (or, when allowed, a backup code) of a confirmed user. */
  async function useCode(userId: string, code: string, options: { backupCodes: boolean }): Promise<void> {
    await assertNotThrottled(userId)
    const totp = await repo.findTotp(userId)
    if (!totp?.confirmed_at) throw new AppError('mfa_not_enabled')
    const typed = code.trim()
    if (!isAuthenticatorCode(typed)) {
      if (!options.backupCodes) return refuse(userId, 'incorrect_code')
      const used = await repo.useBackupCode(userId, backupHash(userId, typed), now())
      if (!used) return refuse(userId, 'invalid_backup_code')
      await repo.clearFailures(userId)
      return
    }
    const step = matchingStep(secrets.open(totp.secret_sealed), typed, now())
    if (step === null || !(await repo.useStep(userId, step))) return refuse(userId, 'incorrect_code')
    await repo.clearFailures(userId)
  }

  return { now, backupHash, assertNotThrottled, refuse, useCode }
}
