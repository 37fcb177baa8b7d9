import { describe, expect, it } from 'vitest'
import { blockerOf, costOf, type SoundEffectForm } from './sound-effects-rules'

const form = (patch: Partial<SoundEffectForm> = {}): SoundEffectForm => ({
  text: 'rain on a roof',
  automatic: true,
  seconds: 5,
  influence: 0.3,
  loop: false,
  ...patch,
})

describe('sound effect form rules', () => {
  it('prices an automatic length at 200 credits and a set one at 40 per second, rounded up', () => {
    expect(costOf(form())).toBe(200)
    expect(costOf(form({ automatic: false, seconds: 2.5 }))).toBe(100)
    expect(costOf(form({ automatic: false, seconds: 22 }))).toBe(880)
    expect(costOf(form({ automatic: false, seconds: 0.5 }))).toBe(20)
  })

  it('blocks an empty or too long prompt', () => {
    expect(blockerOf(form({ text: '   ' }))).toBe('empty')
    expect(blockerOf(form({ text: 'x'.repeat(1001) }))).toBe('tooLong')
    expect(blockerOf(form())).toBeNull()
  })
})
