import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets at rest: AES-256-GCM under a key derived from SECRET_KEY with HKDF, one key per
 * purpose so a value sealed for one use cannot be opened as another. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function createSecretBox(secretKey: string, purpose: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'timbre-secret-box', purpose, 32))
  return {
    seal(plain: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.')
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>
