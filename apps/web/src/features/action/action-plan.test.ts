import { describe, expect, it } from 'vitest'
import { planAction, readActionParams } from './action-plan'

const origin = 'https://timbre.example.com'
const plan = (query: string) => planAction(readActionParams(new URLSearchParams(query)), origin)

describe('readActionParams', () => {
  it('reads every parameter of the spec', () => {
    const params = readActionParams(
      new URLSearchParams(
        'mode=verifyEmail&oobCode=o1&continueUrl=https%3A%2F%2Fx&lang=ja&userId=u&coupon=c&newUser=true&invite_code=i&internalCode=ic&sensitiveActionVerificationCode=s',
      ),
    )
    expect(params).toEqual({
      mode: 'verifyEmail',
      code: 'o1',
      continueUrl: 'https://x',
      lang: 'ja',
      userId: 'u',
      coupon: 'c',
      newUser: true,
      inviteCode: 'i',
      internalCode: 'ic',
      sensitiveActionVerificationCode: 's',
    })
  })

  it('prefers verificationCode over oobCode and defaults lang to en', () => {
    const params = readActionParams(new URLSearchParams('mode=x&verificationCode=v&oobCode=o'))
    expect(params.code).toBe('v')
    expect(params.lang).toBe('en')
    expect(params.newUser).toBe(false)
  })
})

describe('planAction', () => {
  it('optOutOfUpdates sends the code', () => {
    expect(plan('mode=optOutOfUpdates&oobCode=k1')).toEqual({ kind: 'optOutOfUpdates', code: 'k1' })
  })

  it('resetPassword redirects to the reset route keeping oobCode, continueUrl and lang', () => {
    expect(
      plan('mode=resetPassword&oobCode=r1&continueUrl=https%3A%2F%2Ftimbre.example.com%2Fsign-in&lang=de'),
    ).toEqual({
      kind: 'redirect',
      to: '/reset-password?oobCode=r1&continueUrl=https%3A%2F%2Ftimbre.example.com%2Fsign-in&lang=de',
    })
    expect(plan('mode=resetPassword')).toEqual({ kind: 'redirect', to: '/reset-password?lang=en' })
  })

  it('recoverEmail does nothing', () => {
    expect(plan('mode=recoverEmail&oobCode=x')).toEqual({ kind: 'nothing' })
  })

  it('verifyEmail verifies and offers sign-in with an allowed continueUrl', () => {
    expect(
      plan('mode=verifyEmail&oobCode=v1&continueUrl=https%3A%2F%2Ftimbre.example.com%2Fapp%2Fdubs'),
    ).toEqual({
      kind: 'verifyEmail',
      code: 'v1',
      signInPath: '/sign-in?redirect=%2Fapp%2Fdubs',
    })
    expect(plan('mode=verifyEmail&oobCode=v1&continueUrl=https%3A%2F%2Fevil.com%2Fapp%2Fdubs')).toEqual({
      kind: 'verifyEmail',
      code: 'v1',
      signInPath: '/sign-in',
    })
  })

  it('verifySignInRequest asks for confirmation with the code', () => {
    expect(plan('mode=verifySignInRequest&verificationCode=s1')).toEqual({
      kind: 'verifySignInRequest',
      code: 's1',
    })
  })

  it('modes that need a code fail without one', () => {
    for (const mode of ['optOutOfUpdates', 'verifyEmail', 'verifySignInRequest']) {
      expect(plan(`mode=${mode}`)).toEqual({ kind: 'error', error: 'missingCode' })
    }
  })

  it('any other mode is the unknown-mode error', () => {
    for (const query of [
      '',
      'mode=',
      'mode=deleteEverything',
      'mode=VERIFYEMAIL&oobCode=x',
      'mode=toString',
    ]) {
      expect(plan(query)).toEqual({ kind: 'error', error: 'unknownMode' })
    }
  })
})
