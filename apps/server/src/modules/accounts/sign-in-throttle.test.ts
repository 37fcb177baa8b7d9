import { SIGN_IN_BACKOFF_MAX_SECONDS, SIGN_IN_MAX_FAILURES } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { signInWaitSeconds } from './sign-in-throttle.js'

describe('signInWaitSeconds', () => {
  it('lets the first failures through, then doubles the wait up to the cap', () => {
    expect(signInWaitSeconds(0)).toBe(0)
    expect(signInWaitSeconds(SIGN_IN_MAX_FAILURES - 1)).toBe(0)
    const first = signInWaitSeconds(SIGN_IN_MAX_FAILURES)
    expect(first).toBeGreaterThan(0)
    expect(signInWaitSeconds(SIGN_IN_MAX_FAILURES + 1)).toBe(first * 2)
    expect(signInWaitSeconds(SIGN_IN_MAX_FAILURES + 2)).toBe(first * 4)
    expect(signInWaitSeconds(SIGN_IN_MAX_FAILURES + 100)).toBe(SIGN_IN_BACKOFF_MAX_SECONDS)
  })
})
