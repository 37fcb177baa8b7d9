import { TIERS } from '@timbre/contract'
import i18next, { type TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import deDE from '../../i18n/locales/de-DE.json'
import enUS from '../../i18n/locales/en-US.json'
import { planName } from './format'

async function translator(lng: string, messages: object): Promise<TFunction> {
  const instance = i18next.createInstance()
  await instance.init({ lng, resources: { [lng]: { translation: messages } } })
  return instance.t
}

describe('plan names', () => {
  it('come from the locale files, never the internal tier code', async () => {
    const t = await translator('en-US', enUS)
    for (const tier of TIERS) {
      const name = planName(t, tier)
      expect(name, tier).not.toMatch(/_|billing\.|tier \d/)
    }
    expect(planName(t, 'growing_business')).toBe('Scale')
    expect(planName(t, 'scale_2024_08_10')).toBe('Business')
    expect(planName(t, 'grant_tier_1')).toBe('Grant')
    expect(planName(t, 'trial')).toBe('Enterprise')
  })

  it('are translated where they are not product names', async () => {
    const t = await translator('de-DE', deDE)
    expect(planName(t, 'free')).toBe('Kostenlos')
    expect(planName(t, 'pro')).toBe('Pro')
  })
})

describe('plan cards', () => {
  it('advertise only what this server does (no conversational AI minutes)', async () => {
    const { planFeatures } = await import('./plan-card')
    const { planOffer } = await import('@timbre/contract')
    const t = await translator('en-US', enUS)
    for (const tier of ['starter', 'creator', 'pro', 'growing_business', 'scale_2024_08_10'] as const) {
      const lines = planFeatures(t, 'en-US', planOffer(tier, 'usd') as never)
      expect(lines.length, tier).toBeGreaterThan(3)
      expect(lines.join(' '), tier).not.toMatch(/conversational|billing\./i)
    }
  })
})
