import { describe, expect, it } from 'vitest'
import { checkLanguage, DEFAULT_MODEL_ID, MODEL_PROFILES, modelProfileFor } from '../src/index.js'

describe('model profiles', () => {
  it('defaults to multilingual v2', () => {
    expect(DEFAULT_MODEL_ID).toBe('eleven_multilingual_v2')
    expect(modelProfileFor(undefined).model_id).toBe('eleven_multilingual_v2')
  })

  it('applies tags only on v3 and costs half on turbo and flash', () => {
    for (const profile of Object.values(MODEL_PROFILES)) {
      expect(profile.tags).toBe(profile.model_id === 'eleven_v3' ? 'apply' : 'strip')
      const cheap = /turbo|flash/.test(profile.model_id)
      expect(profile.characterCostMultiplier).toBe(cheap ? 0.5 : 1)
      expect(profile.latency).toBe(cheap ? 'low' : 'quality')
    }
  })

  it('covers the nine interface languages on the multilingual models', () => {
    for (const id of ['eleven_multilingual_v2', 'eleven_v3', 'eleven_flash_v2_5', 'eleven_turbo_v2_5']) {
      for (const language of ['de', 'en', 'es', 'fr', 'hi', 'ja', 'pl', 'pt', 'sv']) {
        expect(() => checkLanguage(MODEL_PROFILES[id]!, language)).not.toThrow()
      }
    }
  })

  it('refuses other languages on English-only models, naming one that can', () => {
    expect(() => checkLanguage(MODEL_PROFILES.eleven_flash_v2!, 'ja')).toThrow(
      /English-only.*eleven_multilingual_v2/,
    )
    expect(() => modelProfileFor('eleven_english_sts_v2')).toThrow(
      expect.objectContaining({ code: 'unsupported_model' }),
    )
  })
})
