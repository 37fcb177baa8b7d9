import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { findAudioTags } from './audio-tags.js'
import { planText } from './plan-text.js'
import { stripAudioTags } from './strip-audio-tags.js'
import { planViolations } from './testing-plan-invariants.js'
import type { NormalizationMode, PronunciationRule, TagMode } from './types.js'

const LANGUAGES = ['en', 'de', 'fr', 'es', 'pl', 'pt', 'pt-BR', 'sv', 'it', 'nl', 'hi', 'ja', 'zh', 'ru']

// Pieces that exercise every rule: numbers in many notations, tags, abbreviations,
// addresses, scripts, emoji, control characters, brackets and white space.
const PIECES = [
  'Hello',
  'world',
  'Dr.',
  'Mr.',
  'z. B.',
  'etc.',
  'e.g.',
  'np.',
  't.ex.',
  'St.',
  'No.',
  'usw.',
  '1',
  '2',
  '12',
  '1999',
  '2024',
  '3.14',
  '3,14',
  '1,234',
  '1.234',
  '1 000',
  '-5',
  '0.5',
  '007',
  '+49 30 1234567',
  '$5.50',
  '5 €',
  '€3',
  '£2',
  '5,50 zł',
  '100 kr',
  'R$ 10,00',
  '50%',
  '5 km',
  '2,5 kg',
  '30 °C',
  '120 km/h',
  '5 MB',
  '14:30',
  '2:30 pm',
  '14h30',
  '2024-03-15',
  '15.03.2024',
  '03/15/2024',
  '1st',
  '2.',
  '1er',
  '1.º',
  '2.ª',
  '3:e',
  'March 15, 2024',
  '15 marca',
  'kl. 14.30',
  'www.example.com',
  'a.b@example.org',
  '&',
  '+',
  '=',
  '@',
  '#1',
  '#tag',
  '[whispers]',
  '[laughs]',
  '[pause]',
  '[short pause]',
  '[long pause]',
  '[shouting]',
  '[sighs]',
  '[unknown tag]',
  '[a [b] c]',
  '[',
  ']',
  '[]',
  '.',
  '!',
  '?',
  '...',
  '…',
  ',',
  ';',
  ':',
  '—',
  '-',
  '"',
  '«',
  '»',
  '(',
  ')',
  '。',
  '、',
  '！',
  '।',
  '॥',
  '你好',
  '日本語',
  'नमस्ते',
  'Привет',
  'ĉu',
  'é',
  'ß',
  '😀',
  '👍🏽',
  '\uE000',
  '\u0007',
  '\u200B',
  ' ',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '\u00a0',
]

const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''))
const optionsArb = fc.record({
  language: fc.constantFrom(...LANGUAGES),
  normalization: fc.constantFrom<NormalizationMode>('auto', 'on', 'off'),
  tags: fc.constantFrom<TagMode>('apply', 'strip'),
  maxSegmentChars: fc.integer({ min: 16, max: 400 }),
})
const rulesArb = fc.constantFrom<PronunciationRule[]>(
  [],
  [{ type: 'alias', stringToReplace: 'Hello', alias: 'Hi 2' }],
  [
    { type: 'phoneme', stringToReplace: 'world', phoneme: '/wɜːld/', alphabet: 'ipa' },
    { type: 'phoneme', stringToReplace: 'Hello', phoneme: 'HH AH0 L OW1', alphabet: 'cmu-arpabet' },
  ],
)

describe('planText invariants (property)', () => {
  it('maps, covers, orders and limits every plan', () => {
    fc.assert(
      fc.property(textArb, optionsArb, rulesArb, (text, options, rules) => {
        const plan = planText(text, { ...options, rules })
        expect(planViolations(plan, options.maxSegmentChars)).toEqual([])
      }),
      { numRuns: 600 },
    )
  })

  it("keeps every letter outside tags in 'off' mode", () => {
    fc.assert(
      fc.property(
        textArb,
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom<TagMode>('apply', 'strip'),
        (text, language, tags) => {
          const plan = planText(text, { language, normalization: 'off', tags })
          let outside = ''
          let pos = 0
          for (const tag of findAudioTags(text)) {
            outside += text.slice(pos, tag.start)
            pos = tag.end
          }
          outside += text.slice(pos)
          const letters = (s: string): string => s.replace(/[^\p{L}\p{N}]/gu, '')
          expect(letters(plan.normalized)).toBe(letters(outside))
        },
      ),
      { numRuns: 400 },
    )
  })

  it("in 'strip' mode normalises to the spec's dialogue rule with white space collapsed", () => {
    const plain = fc
      .array(
        fc.constantFrom(
          'Hi',
          'there',
          '[laughs]',
          '[a [b] c]',
          ' ',
          '  ',
          '\n',
          '.',
          ',',
          '(',
          ')',
          '[x]',
          'ok',
        ),
        { maxLength: 20 },
      )
      .map((parts) => parts.join(''))
    fc.assert(
      fc.property(plain, (text) => {
        const plan = planText(text, { language: 'en', normalization: 'off', tags: 'strip' })
        expect(plan.normalized).toBe(stripAudioTags(text).replace(/\s+/g, ' ').trim())
      }),
      { numRuns: 400 },
    )
  })

  it('gives pause segments no text and puts them where the tag was', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('Wait', 'now', '[pause]', '[long pause]', '.', ' '), { maxLength: 15 }),
        (parts) => {
          const text = parts.join(' ')
          const plan = planText(text, { language: 'en', normalization: 'auto', tags: 'apply' })
          const pauses = plan.segments.filter((s) => s.kind === 'pause')
          expect(pauses.length).toBe(findAudioTags(text).length)
          for (const p of pauses) expect(p.normEnd - p.normStart).toBe(0)
        },
      ),
      { numRuns: 300 },
    )
  })
})
