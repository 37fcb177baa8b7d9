import { describe, expect, it } from 'vitest'
import { createSecretBox } from './secret-box.js'

describe('secret box', () => {
  const box = createSecretBox('k'.repeat(32), 'webhook-secrets')

  it('seals so that only the same key and purpose open it', () => {
    const sealed = box.seal('wsec_abc')
    expect(sealed).not.toContain('wsec_abc')
    expect(box.seal('wsec_abc')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('wsec_abc')
    expect(() => createSecretBox('k'.repeat(32), 'other').open(sealed)).toThrow()
    expect(() => createSecretBox('j'.repeat(32), 'webhook-secrets').open(sealed)).toThrow()
  })

  it('refuses a tampered value', () => {
    const [v, iv, tag, data] = box.seal('wsec_abc').split('.')
    const flipped = Buffer.from(data as string, 'base64url')
    flipped[0] = (flipped[0] as number) ^ 1
    expect(() => box.open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow()
  })
})
