import { afterAll, describe, expect, it } from 'vitest'
import {
  createSpeechService,
  type PronunciationRule,
  type SpeechRequest,
  type VoiceDefinition,
} from '../src/index.js'
import { voiceNamed } from './helpers/fixtures.js'

// Phoneme rules reach both engines as phonemes: eSpeak NG reads `[[...]]` mnemonics converted
// from IPA or Arpabet, Flite an addendum entry in Arpabet. A rule that turns a one-syllable
// word into a long one must make the audio clearly longer, and aliases change the text spoken.

const service = createSpeechService({ workers: 2 })
afterAll(() => service.close())

const emma = voiceNamed('Emma')
const lena = voiceNamed('Lena')
// An English eSpeak NG voice: Lena's engine settings with eSpeak's American English.
const espeakEnglish: VoiceDefinition = {
  ...lena,
  language: 'en',
  engine: {
    ...(lena.engine as Extract<VoiceDefinition['engine'], { engine: 'espeak' }>),
    voice: 'gmw/en-US',
  },
}

const LONG_IPA: PronunciationRule = {
  type: 'phoneme',
  stringToReplace: 'cat',
  phoneme: '/ˌsupɚˌkælɪˌfrædʒəˌlɪstɪkˌɛkspiˌæliˈdoʊʃəs/',
  alphabet: 'ipa',
}
const LONG_CMU: PronunciationRule = {
  type: 'phoneme',
  stringToReplace: 'cat',
  phoneme: '/HH IH2 P AH0 P AA1 T AH0 M AH0 S/',
  alphabet: 'cmu-arpabet',
}

async function seconds(voice: VoiceDefinition, rules?: PronunciationRule[]): Promise<number> {
  const request: SpeechRequest = {
    text: 'The cat sat.',
    voice,
    modelId: 'eleven_flash_v2',
    seed: 1,
    ...(rules ? { pronunciationRules: rules } : {}),
  }
  const result = await service.synthesize(request, 'pcm_16000')
  return result.durationSeconds
}

describe.each([
  ['eSpeak NG', espeakEnglish],
  ['Flite', emma],
])('%s speaks phoneme rules', (_engine, voice) => {
  it('IPA and CMU Arpabet rules make the word as long as its phonemes', async () => {
    const plain = await seconds(voice)
    const ipa = await seconds(voice, [LONG_IPA])
    const cmu = await seconds(voice, [LONG_CMU])
    expect(ipa - plain).toBeGreaterThan(1)
    expect(cmu - plain).toBeGreaterThan(0.3)
    expect(ipa).toBeGreaterThan(cmu)
  })

  it('an alias changes the normalised text', async () => {
    const result = await service.synthesize(
      {
        text: 'NYC is big.',
        voice,
        modelId: 'eleven_flash_v2',
        pronunciationRules: [{ type: 'alias', stringToReplace: 'NYC', alias: 'New York City' }],
      },
      'pcm_16000',
    )
    expect(result.normalizedText).toContain('New York City')
  })
})
