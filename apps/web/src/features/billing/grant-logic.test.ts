import { describe, expect, it } from 'vitest'
import { grantStep } from './grant-logic'

describe('grantStep', () => {
  it('accepts an open grant for a workspace that does not pay', () => {
    expect(grantStep({ status: 'open', requires_conversion: false })).toBe('accept')
  })
  it('converts a paying workspace: its paid plan follows the grant', () => {
    expect(grantStep({ status: 'open', requires_conversion: true })).toBe('convert')
  })
  it('shows the outcome of a finished session whatever the workspace pays', () => {
    expect(grantStep({ status: 'complete', requires_conversion: true })).toBe('accepted')
    expect(grantStep({ status: 'complete', requires_conversion: false })).toBe('accepted')
  })
  it('asks an expired session to start again', () => {
    expect(grantStep({ status: 'expired', requires_conversion: false })).toBe('expired')
    expect(grantStep({ status: 'expired', requires_conversion: true })).toBe('expired')
  })
})
