import { describe, expect, it } from 'vitest'
import { linkify } from './linkify'

describe('linkify', () => {
  it('finds links between text', () => {
    expect(linkify('Open http://localhost:8080/action?mode=verifyEmail&oobCode=abc to verify.')).toEqual([
      { kind: 'text', value: 'Open ', at: 0 },
      { kind: 'link', href: 'http://localhost:8080/action?mode=verifyEmail&oobCode=abc', at: 5 },
      { kind: 'text', value: ' to verify.', at: 62 },
    ])
  })

  it('leaves trailing punctuation out of the link', () => {
    expect(linkify('(see https://x.example/a).')).toEqual([
      { kind: 'text', value: '(see ', at: 0 },
      { kind: 'link', href: 'https://x.example/a', at: 5 },
      { kind: 'text', value: ').', at: 24 },
    ])
  })

  it('ignores other schemes and plain text', () => {
    expect(linkify('javascript:alert(1) ftp://x')).toEqual([
      { kind: 'text', value: 'javascript:alert(1) ftp://x', at: 0 },
    ])
    expect(linkify('')).toEqual([])
  })

  it('handles several links', () => {
    expect(linkify('https://a.example\nhttps://b.example').filter((p) => p.kind === 'link')).toHaveLength(2)
  })
})
