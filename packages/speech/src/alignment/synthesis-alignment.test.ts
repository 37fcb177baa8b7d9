import { describe, expect, it } from 'vitest'
import { resample } from '../dsp/resample.js'
import { EspeakEngine } from '../engines/espeak-engine.js'
import { espeakVoiceFor } from '../voices/languages.js'
import { alignBySynthesis, synthesisAlignsLanguage } from './synthesis-alignment.js'

// Audio spoken by a different eSpeak NG voice (another variant, rate and pitch) than the
// reference synthesis is aligned, and each word's start is compared with that voice's own
// timestamps; the even share of the time between the words is the baseline.

const SENTENCES: Record<string, string> = {
  en: 'The old lighthouse keeper walked slowly along the rocky shore every evening.',
  es: 'El viejo pescador caminaba despacio por la playa todas las tardes de verano.',
  de: 'Der alte Fischer ging jeden Abend langsam am steinigen Ufer entlang nach Hause.',
  fr: 'Le vieux pêcheur marchait lentement le long de la plage chaque soir en été.',
}

const RATE = 16_000

async function otherVoice(text: string, language: string) {
  const espeak = await EspeakEngine.create()
  const out = espeak.synthesize({
    pieces: [{ kind: 'text', text, normStart: 0, normEnd: text.length, exact: true }],
    language,
    params: {
      engine: 'espeak',
      voice: espeakVoiceFor(language),
      variant: 'f3',
      rate: 140,
      pitch: 70,
      range: 70,
    },
    whisper: false,
  })
  // Half a second of quiet before the speech, as a recording would have.
  const lead = new Float32Array(Math.round(out.sampleRate * 0.5))
  const samples = new Float32Array(lead.length + out.samples.length)
  samples.set(out.samples, lead.length)
  return {
    samples: await resample(samples, out.sampleRate, RATE),
    starts: out.words.map((w) => w.start + 0.5),
  }
}

function spans(text: string) {
  return [...text.matchAll(/\S+/g)].map((m) => ({ from: m.index, to: m.index + m[0].length }))
}

describe('alignment against our own synthesis', () => {
  for (const language of Object.keys(SENTENCES))
    it(`places the words of ${language} speech within 50 ms on average`, async () => {
      const text = SENTENCES[language]!
      const { samples, starts } = await otherVoice(text, language)
      const words = spans(text)
      expect(starts.length).toBe(words.length)
      const aligned = await alignBySynthesis({ samples, sampleRate: RATE, text, words, language })
      const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
      const error = mean(aligned.map((w, i) => Math.abs(w.start - starts[i]!)))
      const seconds = samples.length / RATE
      const even = mean(starts.map((s, i) => Math.abs((i * seconds) / words.length - s)))
      console.log(
        `synthesis alignment ${language}: mean word start error ${(error * 1000).toFixed(0)} ms (even share ${(even * 1000).toFixed(0)} ms)`,
      )
      expect(error).toBeLessThanOrEqual(0.05)
      for (const w of aligned) {
        expect(w.end).toBeGreaterThanOrEqual(w.start)
        expect(w.loss).toBeGreaterThanOrEqual(0)
        expect(w.loss).toBeLessThanOrEqual(1)
      }
    }, 20_000)

  it('knows which languages it can align', () => {
    expect(synthesisAlignsLanguage('de')).toBe(true)
    expect(synthesisAlignsLanguage('xx')).toBe(false)
  })
})
