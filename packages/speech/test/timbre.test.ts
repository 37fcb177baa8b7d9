// Voice timbre is made inside the engines: no premade voice needs Rubber Band (the costliest
// stage) with default settings on any model, and eSpeak NG's derived variant files really move
// the formants and the pitch.
import { describe, expect, it } from 'vitest'
import { needsTimePitch } from '../src/dsp/time-pitch.js'
import { scaleVariant } from '../src/engines/espeak-engine.js'
import { DEFAULT_VOICE_SETTINGS, MODEL_PROFILES, PREMADE_VOICES, type VoiceDefinition } from '../src/index.js'
import { engineParamsFor, scaledDsp, splitTimbre } from '../src/synthesis/engine-params.js'
import { renderSegment } from '../src/synthesis/render-segment.js'
import { DEFAULT_STYLE } from '../src/text/audio-tags.js'
import { medianPitch, spectralCentroid } from './helpers/audio-analysis.js'
import { voiceNamed } from './helpers/fixtures.js'

describe('timbre inside the engine', () => {
  it('needs no Rubber Band for any premade voice with default settings on any model', () => {
    for (const voice of PREMADE_VOICES) {
      for (const model of Object.values(MODEL_PROFILES)) {
        if (!model.can_do_text_to_speech || !model.languages.includes(voice.language)) continue
        const settings = { ...DEFAULT_VOICE_SETTINGS }
        const params = engineParamsFor(voice, voice.language, settings, DEFAULT_STYLE, { rate: 1, pitch: 1 })
        const { formantShift, pitchShift } = splitTimbre(
          params,
          scaledDsp(voice.dsp, settings.similarity_boost),
        )
        const quality = model.latency === 'low' ? 'fast' : 'high'
        expect(
          needsTimePitch({ timeRatio: 1, pitchScale: pitchShift ?? 1, formantScale: formantShift, quality }),
          voice.name,
        ).toBe(false)
      }
    }
  })

  it('moves Flite rms only for an audible pitch change, not for the seeded wobble', () => {
    const noah = voiceNamed('Noah')
    const settings = { ...DEFAULT_VOICE_SETTINGS }
    const dsp = scaledDsp(noah.dsp, settings.similarity_boost)
    const wobble = engineParamsFor(noah, 'en', settings, DEFAULT_STYLE, { rate: 1, pitch: 1.04 })
    expect(splitTimbre(wobble, dsp).pitchShift).toBeUndefined()
    const happy = engineParamsFor(
      noah,
      'en',
      settings,
      { ...DEFAULT_STYLE, pitch: 1.1 },
      { rate: 1, pitch: 1 },
    )
    expect(splitTimbre(happy, dsp).pitchShift).toBeCloseTo(1.1, 3)
  })

  it('scales every formant frequency and the pitch line of a variant file', () => {
    const variant = 'language variant\nname female3\npitch 140 240\nformant 1 120  75 150 -50\n'
    const scaled = scaleVariant(variant, 1.1, 0.5)
    expect(scaled).toContain('pitch 70 120')
    expect(scaled).toContain('formant 1 132 75 150 -50')
    expect(scaled).toContain('formant 0 110 100 100')
    expect(scaled).not.toContain('name female3')
  })

  async function render(voice: VoiceDefinition) {
    const text = 'Der alte Leuchtturmwärter stieg jeden Abend die Treppe hinauf und zählte jede Stufe.'
    const audio = await renderSegment({
      pieces: [{ kind: 'text', text, normStart: 0, normEnd: text.length }],
      style: { ...DEFAULT_STYLE },
      language: 'de',
      voice,
      settings: { ...DEFAULT_VOICE_SETTINGS },
      seed: 1,
      outputRate: 16000,
      quality: 'high',
    })
    return { pitch: medianPitch(audio.samples, 16000), centroid: spectralCentroid(audio.samples, 16000) }
  }

  it('makes eSpeak NG voices brighter with a larger formant scale and higher with a pitch shift', async () => {
    const lena = voiceNamed('Lena')
    const flat = await render({ ...lena, dsp: { ...lena.dsp, formantScale: 1, pitchSemitones: 0 } })
    const bright = await render({ ...lena, dsp: { ...lena.dsp, formantScale: 1.2, pitchSemitones: 0 } })
    const higher = await render({ ...lena, dsp: { ...lena.dsp, formantScale: 1, pitchSemitones: 4 } })
    expect(bright.centroid).toBeGreaterThan(flat.centroid * 1.08)
    // Four semitones up is a quarter higher; allow for the pitch tracker.
    expect(higher.pitch / flat.pitch).toBeGreaterThan(1.15)
    expect(higher.pitch / flat.pitch).toBeLessThan(1.4)
  }, 30_000)
})
