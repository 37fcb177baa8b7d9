import { createHash, randomBytes, randomInt } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Resource ids look like the public API's: 20 characters of [A-Za-z0-9]. */
export function newId(length = 20): string {
  let id = ''
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(ALPHABET.length)]
  return id
}

/** A bearer secret with a readable prefix (`sk_`, `at_`, ...): 256 bits of randomness. */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`
}

/**
 * Secrets with 256 bits of entropy need no slow KDF: a SHA-256 digest is enough to make
 * a stolen table useless, and it allows lookup by hash.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
