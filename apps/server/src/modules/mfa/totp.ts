import { randomInt } from 'node:crypto'
import {
  BACKUP_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '@timbre/contract'
import { Secret, TOTP } from 'otpauth'

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  })
}

/** A new 160-bit authenticator secret in base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

/** The otpauth:// URI and its QR code (an SVG data URL) for an authenticator app to scan. */
export async function enrolmentDetails(secretBase32: string, email: string) {
  const uri = totpFor(secretBase32, email).toString()
  // Only enrolment draws a QR code: the library is loaded then, not at start.
  const { default: QRCode } = await import('qrcode')
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
}

/**
 * The time step a code belongs to, when it matches the secret at `at` within the allowed drift;
 * null otherwise. The caller refuses steps that were already used.
 */
export function matchingStep(secretBase32: string, code: string, at: Date): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null
  const totp = totpFor(secretBase32, 'check')
  const timestamp = at.getTime()
  const delta = totp.validate({ token: code, timestamp, window: TOTP_WINDOW_STEPS })
  if (delta === null) return null
  return totp.counter({ timestamp }) + delta
}

/** Looks like an authenticator code rather than a backup code. */
export function isAuthenticatorCode(code: string): boolean {
  return /^\d+$/.test(code)
}

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** Backup codes such as `k7m2-x9pq`: 40 bits each, easy to copy from paper. */
export function newBackupCodes(): string[] {
  const half = () =>
    Array.from({ length: 4 }, () => BACKUP_ALPHABET[randomInt(BACKUP_ALPHABET.length)]).join('')
  return Array.from({ length: BACKUP_CODE_COUNT }, () => `${half()}-${half()}`)
}

/** How a typed backup code is compared: case, spaces and the dash do not matter. */
export function normaliseBackupCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '')
}
