import { describe, expect, it } from 'vitest'
import { SHARE_LINK_DISPLAY_MAX, truncateLink } from './share-link'

describe('truncateLink', () => {
  it('keeps links up to 38 characters and cuts longer ones', () => {
    expect(SHARE_LINK_DISPLAY_MAX).toBe(38)
    const short = 'https://timbre.test/s/abc'
    expect(truncateLink(short)).toBe(short)
    const exact = 'x'.repeat(38)
    expect(truncateLink(exact)).toBe(exact)
    expect(truncateLink('y'.repeat(60))).toBe(`${'y'.repeat(38)}…`)
  })
})
