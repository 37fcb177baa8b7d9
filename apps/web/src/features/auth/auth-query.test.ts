import { describe, expect, it } from 'vitest'
import { authLink, isEmail, meetsPasswordRule, readAuthQuery } from './auth-query'

describe('readAuthQuery', () => {
  it('reads email, invite_code, use_sso and redirect', () => {
    expect(
      readAuthQuery(
        new URLSearchParams('email=a%40b.co&invite_code=INV1&use_sso=true&redirect=%2Fapp%2Fdubs'),
      ),
    ).toEqual({
      email: 'a@b.co',
      inviteCode: 'INV1',
      useSso: true,
      redirect: '/app/dubs',
    })
  })
  it('has empty defaults and only accepts use_sso=true', () => {
    expect(readAuthQuery(new URLSearchParams('use_sso=1'))).toEqual({
      email: '',
      inviteCode: null,
      useSso: false,
      redirect: null,
    })
  })
})

describe('authLink', () => {
  it('keeps the query between auth pages', () => {
    expect(authLink('/sign-up', { email: 'a@b.co', inviteCode: 'X', redirect: null })).toBe(
      '/sign-up?email=a%40b.co&invite_code=X',
    )
    expect(authLink('/sign-in', {})).toBe('/sign-in')
  })
})

describe('validation', () => {
  it('checks the email shape', () => {
    expect(isEmail('person@example.com')).toBe(true)
    expect(isEmail('person@example')).toBe(false)
    expect(isEmail('a b@example.com')).toBe(false)
  })
  it('checks the password rule', () => {
    expect(meetsPasswordRule('abcdefg1')).toBe(true)
    expect(meetsPasswordRule('abcdefgh')).toBe(false)
    expect(meetsPasswordRule('12345678')).toBe(false)
    expect(meetsPasswordRule('abc1')).toBe(false)
    expect(meetsPasswordRule('pässwört7')).toBe(true)
  })
})
