import { describe, expect, it } from 'vitest'
import { type PostLoginInput, postLoginTarget, signInPathAfterEmailLink } from './post-login-redirect'

const origin = 'https://timbre.example.com'
const base: PostLoginInput = {
  origin,
  redirectParam: null,
  storedRedirect: null,
  productPreference: null,
  user: { is_onboarding_completed: true },
}

describe('postLoginTarget', () => {
  it('goes home by default', () => {
    expect(postLoginTarget(base)).toEqual({ kind: 'home', path: '/app/home' })
  })

  it('honours an allowed redirect parameter', () => {
    expect(postLoginTarget({ ...base, redirectParam: '/app/studio/7' })).toEqual({
      kind: 'redirect',
      path: '/app/studio/7',
    })
  })

  it('ignores a refused redirect parameter and falls back to the default', () => {
    expect(postLoginTarget({ ...base, redirectParam: 'https://evil.com/app/home' })).toEqual({
      kind: 'home',
      path: '/app/home',
    })
    expect(postLoginTarget({ ...base, redirectParam: '//evil.com', productPreference: 'convai' }).kind).toBe(
      'convai',
    )
  })

  it('uses the stored target after the parameter', () => {
    expect(postLoginTarget({ ...base, storedRedirect: '/app/dubs' })).toEqual({
      kind: 'stored',
      path: '/app/dubs',
    })
    expect(postLoginTarget({ ...base, storedRedirect: '/app/dubs', redirectParam: '/app/usage' }).path).toBe(
      '/app/usage',
    )
    expect(postLoginTarget({ ...base, storedRedirect: 'https://evil.com' }).kind).toBe('home')
  })

  it('goes to the convai dashboard when that is the stored preference', () => {
    expect(postLoginTarget({ ...base, productPreference: 'convai' })).toEqual({
      kind: 'convai',
      path: '/app/conversational-ai',
    })
  })

  it('sends users who have not finished onboarding to onboarding first', () => {
    const user = { is_onboarding_completed: false }
    expect(postLoginTarget({ ...base, user })).toEqual({ kind: 'onboarding', path: '/app/onboarding' })
    expect(postLoginTarget({ ...base, user, productPreference: 'assistant' })).toEqual({
      kind: 'onboarding',
      path: '/app/onboarding?finalRedirect=%2Fapp%2Fassistant',
    })
    expect(postLoginTarget({ ...base, user, redirectParam: '/app/dubs' }).path).toBe(
      '/app/onboarding?finalRedirect=%2Fapp%2Fdubs',
    )
    expect(postLoginTarget({ ...base, user, redirectParam: '//evil.com' }).path).toBe('/app/onboarding')
  })
})

describe('signInPathAfterEmailLink', () => {
  it('keeps the redirect carried by a sign-in continueUrl', () => {
    expect(signInPathAfterEmailLink(`${origin}/sign-in?redirect=%2Fapp%2Fdubs`, origin)).toBe(
      '/sign-in?redirect=%2Fapp%2Fdubs',
    )
  })

  it('turns an allowed continueUrl into the redirect', () => {
    expect(signInPathAfterEmailLink(`${origin}/app/history`, origin)).toBe(
      '/sign-in?redirect=%2Fapp%2Fhistory',
    )
  })

  it('drops continueUrls that are not allowed', () => {
    expect(signInPathAfterEmailLink('https://evil.com/app/history', origin)).toBe('/sign-in')
    expect(signInPathAfterEmailLink(`${origin}/sign-in?redirect=https://evil.com`, origin)).toBe('/sign-in')
    expect(signInPathAfterEmailLink(`${origin}/sign-in`, origin)).toBe('/sign-in')
    expect(signInPathAfterEmailLink(null, origin)).toBe('/sign-in')
    expect(signInPathAfterEmailLink('::::', origin)).toBe('/sign-in')
  })
})
