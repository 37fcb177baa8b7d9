// Languages the engines speak. eSpeak NG's list is what `list_voices()` of the packaged
// build reports (ISO 639-1 codes only); Flite speaks English.
import { SpeechError } from '../errors.js'

/** ISO 639-1 code -> eSpeak NG voice identifier (what `set_voice` loads reliably). */
const ESPEAK_VOICE: Record<string, string> = {
  af: 'gmw/af',
  am: 'sem/am',
  an: 'roa/an',
  ar: 'sem/ar',
  as: 'inc/as',
  az: 'trk/az',
  ba: 'trk/ba',
  be: 'zle/be',
  bg: 'zls/bg',
  bn: 'inc/bn',
  bs: 'zls/bs',
  ca: 'roa/ca',
  cs: 'zlw/cs',
  cv: 'trk/cv',
  cy: 'cel/cy',
  da: 'gmq/da',
  de: 'gmw/de',
  el: 'grk/el',
  en: 'gmw/en-US',
  eo: 'art/eo',
  es: 'roa/es',
  et: 'urj/et',
  eu: 'eu',
  fa: 'ira/fa',
  fi: 'urj/fi',
  fo: 'gmq/fo',
  fr: 'roa/fr',
  ga: 'cel/ga',
  gd: 'cel/gd',
  gn: 'sai/gn',
  gu: 'inc/gu',
  he: 'sem/he',
  hi: 'inc/hi',
  hr: 'zls/hr',
  ht: 'roa/ht',
  hu: 'urj/hu',
  hy: 'ine/hy',
  ia: 'art/ia',
  id: 'poz/id',
  io: 'art/io',
  is: 'gmq/is',
  it: 'roa/it',
  ja: 'jpx/ja',
  ka: 'ccs/ka',
  kk: 'trk/kk',
  kl: 'esx/kl',
  kn: 'dra/kn',
  ko: 'ko',
  ku: 'ira/ku',
  ky: 'trk/ky',
  la: 'itc/la',
  lb: 'gmw/lb',
  lt: 'bat/lt',
  lv: 'bat/lv',
  mi: 'poz/mi',
  mk: 'zls/mk',
  ml: 'dra/ml',
  mr: 'inc/mr',
  ms: 'poz/ms',
  mt: 'sem/mt',
  my: 'sit/my',
  nb: 'gmq/nb',
  ne: 'inc/ne',
  nl: 'gmw/nl',
  no: 'gmq/nb',
  om: 'cus/om',
  or: 'inc/or',
  pa: 'inc/pa',
  pl: 'zlw/pl',
  pt: 'roa/pt',
  ro: 'roa/ro',
  ru: 'zle/ru',
  sd: 'inc/sd',
  si: 'inc/si',
  sk: 'zlw/sk',
  sl: 'zls/sl',
  sq: 'ine/sq',
  sr: 'zls/sr',
  sv: 'gmq/sv',
  sw: 'bnt/sw',
  ta: 'dra/ta',
  te: 'dra/te',
  th: 'tai/th',
  ti: 'sem/ti',
  tk: 'trk/tk',
  tn: 'bnt/tn',
  tr: 'trk/tr',
  tt: 'trk/tt',
  ug: 'trk/ug',
  uk: 'zle/uk',
  ur: 'inc/ur',
  uz: 'trk/uz',
  vi: 'aav/vi',
  zh: 'sit/cmn',
}

export const ESPEAK_LANGUAGES: readonly string[] = Object.freeze(Object.keys(ESPEAK_VOICE).sort())

const VOICE_IDS = new Set(Object.values(ESPEAK_VOICE))

/** True for an eSpeak voice identifier that one of our languages maps to. */
export function isEspeakVoiceId(id: string): boolean {
  return VOICE_IDS.has(id)
}

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
