// Languages the engines speak. eSpeak NG's list is what `list_voices()` of the packaged
// build reports (ISO 639-1 codes only); Flite speaks English.
import { SpeechError } from '../errors.js'

/** ISO 639-1 code -> eSpeak NG voice (language name as eSpeak spells it). */
const ESPEAK_VOICE: Record<string, string> = {
  ...Object.fromEntries(
    (
      'af am an ar as az ba be bg bn bs ca cs cv cy da de el eo es et eu fa fi fo ga gd gn gu he hi hr ht hu hy ' +
      'ia id io is it ja ka kk kl kn ko ku ky la lb lt lv mi mk ml mr ms mt my nb ne nl om or pa pl pt ro ru ' +
      'sd si sk sl sq sr sv sw ta te th ti tk tn tr tt ug uk ur uz vi'
    )
      .split(' ')
      .map((code) => [code, code]),
  ),
  en: 'en-us',
  fr: 'fr-fr',
  zh: 'cmn',
  no: 'nb',
}

export const ESPEAK_LANGUAGES: readonly string[] = Object.freeze(Object.keys(ESPEAK_VOICE).sort())

export function isEspeakLanguage(code: string): boolean {
  return code in ESPEAK_VOICE
}

export function espeakVoiceFor(code: string): string {
  const voice = ESPEAK_VOICE[code]
  if (!voice)
    throw new SpeechError(
      'unsupported_language',
      `No engine here speaks language '${code}'.`,
      'language_code',
    )
  return voice
}

/** English names of the languages, for messages and listings. */
export const LANGUAGE_NAMES: Record<string, string> = {
  de: 'German',
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  hi: 'Hindi',
  ja: 'Japanese',
  pl: 'Polish',
  pt: 'Portuguese',
  sv: 'Swedish',
  it: 'Italian',
  nl: 'Dutch',
  zh: 'Chinese',
  ko: 'Korean',
  ru: 'Russian',
  ar: 'Arabic',
  tr: 'Turkish',
  cs: 'Czech',
  da: 'Danish',
  fi: 'Finnish',
  el: 'Greek',
}
