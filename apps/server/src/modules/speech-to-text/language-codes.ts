import { iso6393 } from 'iso-639-3'

// Language codes as requests give them (ISO 639-1 or 639-3, any case) and as transcripts
// answer them (639-3, as the public API does). Recognisers name their languages in 639-1.

export interface LanguageCode {
  /** The two-letter code, where the language has one. */
  iso1: string | null
  iso3: string
}

const byCode = new Map<string, LanguageCode>()
for (const language of iso6393) {
  const code = { iso1: language.iso6391 ?? null, iso3: language.iso6393 }
  byCode.set(language.iso6393, code)
  if (language.iso6391) byCode.set(language.iso6391, code)
}
// Whisper names Javanese by its old code and Cantonese, which has no two-letter code, by its three.
byCode.set('jw', { iso1: 'jv', iso3: 'jav' })
byCode.set('yue', { iso1: 'yue', iso3: 'yue' })

/** The language a code names, or undefined when it names none. */
export function languageCode(code: string): LanguageCode | undefined {
  return byCode.get(code.trim().toLowerCase())
}

/** Whether a recogniser that names its languages in 639-1 understands this one. */
export function understands(languages: readonly string[], code: LanguageCode): boolean {
  return languages.includes(code.iso1 ?? code.iso3) || (code.iso1 === 'jv' && languages.includes('jw'))
}
