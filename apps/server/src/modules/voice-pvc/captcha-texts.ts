import { PREMADE_VOICES } from '@timbre/speech'

// What a captcha asks the speaker to read: two sentences picked at random, so a recording
// made for an earlier captcha does not fit a new one. Languages without their own sentences
// here read a premade voice's sentence in their language.

const ENGLISH = [
  'The orange kite drifted over the harbour before the evening rain.',
  'Seven quiet sailors counted the lanterns along the narrow bridge.',
  'A careful gardener planted tulips beside the old stone wall.',
  'My neighbour bakes bread every Thursday and shares it with the street.',
  'The train to the mountains leaves at twenty past nine.',
  'Bright copper pans hung above the kitchen window all winter.',
  'We walked along the river and watched the swans glide past.',
  'The library closes early on holidays, so bring your books back soon.',
]

export function captchaText(language: string, random: () => number = Math.random): string {
  if (language !== 'en') {
    const own = PREMADE_VOICES.filter((v) => v.language === language && v.preview_text)
    if (own.length) return own[Math.floor(random() * own.length)]!.preview_text
  }
  const first = Math.floor(random() * ENGLISH.length)
  const second = (first + 1 + Math.floor(random() * (ENGLISH.length - 1))) % ENGLISH.length
  return `${ENGLISH[first]} ${ENGLISH[second]}`
}
