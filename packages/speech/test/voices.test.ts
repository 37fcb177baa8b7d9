// The premade voices: data shape, and a listening check of every one of them: non-silent
// speech (WebRTC VAD) of plausible length in each interface language, and voices of the
// same language measurably different (pitch, brightness, pace).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectSpeech } from '../src/dsp/vad.js'
import { int16ToFloat } from '../src/encoders/pcm16.js'
import { createSpeechService, PREMADE_VOICES, type VoiceDefinition, validateVoice } from '../src/index.js'
import { medianPitch, spectralCentroid } from './helpers/audio-analysis.js'
import { pcmSamples } from './helpers/fixtures.js'

const INTERFACE_LOCALES = ['de-DE', 'en-US', 'es-ES', 'fr-FR', 'hi-IN', 'ja-JP', 'pl-PL', 'pt-PT', 'sv-SE']

describe('premade voice data', () => {
  it('has at least 20 voices with stable public-style ids', () => {
    expect(PREMADE_VOICES.length).toBeGreaterThanOrEqual(20)
    const ids = PREMADE_VOICES.map((v) => v.voice_id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/)
  })

  it('covers every interface language, English on Flite', () => {
    for (const locale of INTERFACE_LOCALES) expect(PREMADE_VOICES.some((v) => v.locale === locale)).toBe(true)
    for (const voice of PREMADE_VOICES.filter((v) => v.language === 'en'))
      expect(voice.engine.engine).toBe('flite')
    expect(new Set(PREMADE_VOICES.map((v) => v.language)).size).toBeGreaterThanOrEqual(11)
  })

  it('is plain data that survives JSON and validates', () => {
    for (const voice of PREMADE_VOICES) {
      const copy = JSON.parse(JSON.stringify(voice)) as VoiceDefinition
      expect(copy).toEqual(voice)
      expect(validateVoice(copy)).toBe(copy)
      for (const key of ['accent', 'age', 'gender', 'use_case', 'descriptive', 'language'] as const) {
        expect(voice.labels[key]).toBeTruthy()
      }
      expect(voice.preview_text.length).toBeGreaterThan(20)
    }
  })

  it('describes voices to users without engine names or variant files', () => {
    for (const v of PREMADE_VOICES) expect(v.description, v.name).not.toMatch(/eSpeak|Flite|variant [fm]\d/i)
  })
})

interface Heard {
  voice: VoiceDefinition
  duration: number
  speechRatio: number
  pitch: number
  centroid: number
  secondsPerChar: number
}

describe('listening to every premade voice', () => {
  const service = createSpeechService({ workers: 2 })
  const heard: Heard[] = []
  beforeAll(async () => {
    const results = await Promise.all(
      PREMADE_VOICES.map(async (voice) => {
        const r = await service.synthesize(
          { text: voice.preview_text, voice, modelId: 'eleven_multilingual_v2', seed: 3 },
          'pcm_16000',
        )
        const samples = int16ToFloat(pcmSamples(r.audio))
        const vad = await detectSpeech(samples, 16000)
        return {
          voice,
          duration: r.durationSeconds,
          speechRatio: vad.speechRatio,
          pitch: medianPitch(samples, 16000),
          centroid: spectralCentroid(samples, 16000),
          secondsPerChar: r.durationSeconds / voice.preview_text.length,
        }
      }),
    )
    heard.push(...results)
  }, 120_000)
  afterAll(() => service.close())

  it('is speech, not silence, with a plausible length, in every interface language', () => {
    for (const locale of INTERFACE_LOCALES) {
      const voices = heard.filter((h) => h.voice.locale === locale)
      expect(voices.length, locale).toBeGreaterThan(0)
      for (const h of voices) {
        expect(h.speechRatio, `${h.voice.name} VAD`).toBeGreaterThan(0.6)
        expect(h.secondsPerChar, `${h.voice.name} pace`).toBeGreaterThan(0.03)
        expect(h.secondsPerChar, `${h.voice.name} pace`).toBeLessThan(0.25)
      }
    }
  })

  it('makes voices of one language clearly different', () => {
    const differs = (a: number, b: number, share: number): boolean => Math.abs(a - b) / Math.max(a, b) > share
    for (const a of heard) {
      for (const b of heard) {
        if (a === b || a.voice.language !== b.voice.language) continue
        const distinct =
          differs(a.pitch, b.pitch, 0.15) ||
          differs(a.centroid, b.centroid, 0.12) ||
          differs(a.secondsPerChar, b.secondsPerChar, 0.1)
        expect(distinct, `${a.voice.name} vs ${b.voice.name}`).toBe(true)
      }
    }
  })
})
