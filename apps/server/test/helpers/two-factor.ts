import type { FastifyInstance } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import type { TestUser } from './factories.js'

/** What an authenticator app shows for a secret, `stepsAhead` 30-second periods from `from`. */
export function codeFor(secret: string, stepsAhead = 0, from = Date.now()): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  return totp.generate({ timestamp: from + stepsAhead * 30_000 })
}

/** Turns two-factor on for a user through the API; answers the secret and the backup codes. */
export async function enrolTwoFactor(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ secret: string; backupCodes: string[] }> {
  const started = await app.inject({ method: 'POST', url: '/v1/user/mfa/totp/enroll', headers: user.auth })
  if (started.statusCode !== 200) throw new Error(`enrol failed: ${started.body}`)
  const secret = started.json().secret as string
  const confirmed = await app.inject({
    method: 'POST',
    url: '/v1/user/mfa/totp/confirm',
    headers: user.auth,
    payload: { code: codeFor(secret) },
  })
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.body}`)
  return { secret, backupCodes: confirmed.json().backup_codes }
}
