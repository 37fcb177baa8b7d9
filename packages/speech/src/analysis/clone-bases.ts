// The voices an instant clone may start from: the premade voices of its language (English when
// a language has none) and a spread of eSpeak NG vocal tracts for that language, so the base
// nearest a sample's spectral envelope can be a larger or smaller tract than the premade ones
// offer. The eSpeak bases are never listed as voices; a clone only copies their parameters.
import type { VoiceDefinition } from '../types.js'
import { espeakVoiceFor, isEspeakLanguage } from '../voices/languages.js'
import { PREMADE_VOICES } from '../voices/premade-voices.js'
import { voice } from '../voices/voice-builder.js'

/** eSpeak NG variants with distinct vocal tracts: two male, two female. */
const TRACTS = [
  { variant: 'm1', gender: 'male', pitch: 45 },
  { variant: 'm3', gender: 'male', pitch: 40 },
  { variant: 'f2', gender: 'female', pitch: 60 },
  { variant: 'f4', gender: 'female', pitch: 65 },
] as const

/** eSpeak's own default pace, words per minute. */
const ESPEAK_RATE = 175

export function cloneBaseVoices(language: string): VoiceDefinition[] {
  let premade = PREMADE_VOICES.filter((v) => v.language === language)
  if (!premade.length) premade = PREMADE_VOICES.filter((v) => v.language === 'en')
  const spoken = premade[0]?.language ?? 'en'
  if (!isEspeakLanguage(spoken)) return premade
  const template = premade[0]!
  const tracts = TRACTS.map((tract) =>
    voice({
      id: `clonebase${spoken}${tract.variant}`.padEnd(20, '0').slice(0, 20),
      name: `eSpeak ${tract.variant}`,
      locale: template.locale,
      gender: tract.gender,
      age: 'middle_aged',
      accent: template.labels.accent,
      useCase: 'cloning',
      descriptive: 'base',
      description: 'A base vocal tract for instant cloning.',
      preview: template.preview_text,
      engine: {
        engine: 'espeak',
        voice: espeakVoiceFor(spoken),
        variant: tract.variant,
        rate: ESPEAK_RATE,
        pitch: tract.pitch,
        range: 50,
      },
    }),
  )
  return [...premade, ...tracts]
}
