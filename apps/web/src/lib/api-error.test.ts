import { describe, expect, it } from 'vitest'
import { toApiError } from './api-error'

describe('toApiError', () => {
  it('reads detail.message and detail.code', () => {
    const error = toApiError(429, {
      detail: {
        type: 'rate_limited',
        code: 'too_many_attempts',
        status: 'too_many_attempts',
        message: 'Too many attempts, please try again in a few minutes',
      },
    })
    expect(error.status).toBe(429)
    expect(error.code).toBe('too_many_attempts')
    expect(error.message).toBe('Too many attempts, please try again in a few minutes')
    expect(error.isGeneric).toBe(false)
  })

  it('reads the first msg of a 422 list', () => {
    const error = toApiError(422, {
      detail: [{ loc: ['body', 'email'], msg: 'Invalid email', type: 'x' }, { msg: 'b' }],
    })
    expect(error.message).toBe('Invalid email')
    expect(error.code).toBe('validation_error')
  })

  it('falls back to status when code is missing', () => {
    expect(toApiError(404, { detail: { status: 'voice_not_found', message: 'm' } }).code).toBe(
      'voice_not_found',
    )
  })

  it('marks 5xx and network failures as generic', () => {
    expect(toApiError(500, { detail: { message: 'boom' } }).isGeneric).toBe(true)
    expect(toApiError(0, null).isGeneric).toBe(true)
  })

  it('survives bodies that are not JSON objects', () => {
    expect(toApiError(400, 'nope').message).toBe('')
    expect(toApiError(400, { detail: 'plain text' }).message).toBe('plain text')
  })
})
