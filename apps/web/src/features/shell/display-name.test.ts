import { describe, expect, it } from 'vitest'
import { displayName } from './display-name'

describe('displayName', () => {
  it('prefers the first name and falls back to the email', () => {
    expect(displayName({ first_name: 'Ada', email: 'ada@example.com' })).toBe('Ada')
    expect(displayName({ first_name: '  ', email: 'ada@example.com' })).toBe('ada@example.com')
    expect(displayName({ first_name: null, email: 'ada@example.com' })).toBe('ada@example.com')
  })
})
