import { describe, expect, it } from 'vitest'
import { emptyKeyForm, formFromKey, validateKeyForm } from './key-form'
import { API_KEY_SCOPES } from './scopes'

describe('API key scopes', () => {
  it('lists the 19 endpoint groups of the spec once each', () => {
    expect(API_KEY_SCOPES).toHaveLength(19)
    expect(new Set(API_KEY_SCOPES).size).toBe(19)
  })
})

describe('validateKeyForm', () => {
  it('requires a name', () => {
    expect(validateKeyForm({ ...emptyKeyForm, name: '   ' })).toEqual({
      errors: { name: 'required' },
      body: null,
    })
  })

  it('builds an all-scopes key without a limit', () => {
    expect(validateKeyForm({ ...emptyKeyForm, name: ' CI ' }).body).toEqual({
      name: 'CI',
      permissions: null,
      character_limit: null,
    })
  })

  it('needs at least one scope when restricted and keeps the spec order', () => {
    expect(validateKeyForm({ ...emptyKeyForm, name: 'a', restricted: true }).errors).toEqual({
      scopes: 'pickOne',
    })
    expect(
      validateKeyForm({ ...emptyKeyForm, name: 'a', restricted: true, scopes: ['history', 'text-to-speech'] })
        .body?.permissions,
    ).toEqual(['text-to-speech', 'history'])
  })

  it('accepts a positive whole credit limit only', () => {
    expect(validateKeyForm({ ...emptyKeyForm, name: 'a', creditLimit: '5000' }).body?.character_limit).toBe(
      5000,
    )
    for (const bad of ['0', '-5', '1.5', '1e3', 'abc', '99999999999999999999']) {
      expect(validateKeyForm({ ...emptyKeyForm, name: 'a', creditLimit: bad }).errors.creditLimit).toBe(
        'invalid',
      )
    }
  })
})

describe('formFromKey', () => {
  it('reads a key back into the form', () => {
    expect(
      formFromKey({
        key_id: 'k',
        name: 'Prod',
        hint: 'sk_…ab12',
        permissions: ['voices', 'unknown-scope'],
        character_limit: 1000,
        character_count: 10,
        is_disabled: false,
        created_at_unix: 0,
      }),
    ).toEqual({ name: 'Prod', restricted: true, scopes: ['voices'], creditLimit: '1000' })
  })
})
