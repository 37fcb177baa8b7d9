import { describe, expect, it } from 'vitest'
import { DIALOGUE_MAX_ROWS, dialogueInputs, parseDialogue, stripAudioTags } from './dialogue'
import {
  characterCount,
  creditCost,
  creditsRemaining,
  generateBlocker,
  maxCharacters,
  stabilityWarning,
} from './tts-rules'

const quota = { character_count: 9_990, character_limit: 10_000, can_extend_character_limit: false }
const model = { max_characters_request_free_user: 2500, max_characters_request_subscribed_user: 5000 }

describe('cost and limits', () => {
  it('counts code points and prices them with the model multiplier', () => {
    expect(characterCount('héllo😀')).toBe(6)
    expect(creditCost(10, 1)).toBe(10)
    expect(creditCost(11, 0.5)).toBe(6)
  })

  it('takes the per-request maximum of the plan', () => {
    expect(maxCharacters(model, false)).toBe(2500)
    expect(maxCharacters(model, true)).toBe(5000)
    expect(maxCharacters(null, false)).toBe(2500)
  })

  it('blocks Generate for empty text, no voice, too long, or not enough credits', () => {
    const base = { characters: 5, max: 2500, cost: 5, quota, hasVoice: true }
    expect(creditsRemaining(quota)).toBe(10)
    expect(generateBlocker(base)).toBeNull()
    expect(generateBlocker({ ...base, characters: 0 })).toBe('empty')
    expect(generateBlocker({ ...base, hasVoice: false })).toBe('noVoice')
    expect(generateBlocker({ ...base, characters: 2501 })).toBe('tooLong')
    expect(generateBlocker({ ...base, cost: 11 })).toBe('noCredits')
    expect(
      generateBlocker({ ...base, cost: 11, quota: { ...quota, can_extend_character_limit: true } }),
    ).toBeNull()
  })

  it('warns about stability under 30% or over 50%', () => {
    expect(stabilityWarning(0.29)).toBe('low')
    expect(stabilityWarning(0.3)).toBeNull()
    expect(stabilityWarning(0.5)).toBeNull()
    expect(stabilityWarning(0.51)).toBe('high')
  })
})

describe('dialogue', () => {
  it('restores at most 50 well-formed rows', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ voice_id: 'v', text: `line ${i}` }))
    expect(parseDialogue(JSON.stringify(rows))).toHaveLength(DIALOGUE_MAX_ROWS)
    expect(parseDialogue('{"not":"a list"}')).toEqual([])
    expect(parseDialogue('not json')).toEqual([])
    expect(
      parseDialogue(
        JSON.stringify([
          { voice_id: 1, text: 'x' },
          { voice_id: 'a', text: 'b', extra: 1 },
        ]),
      ),
    ).toEqual([{ voice_id: 'a', text: 'b' }])
  })

  it('drops empty rows and rows without a voice', () => {
    expect(
      dialogueInputs([
        { voice_id: 'a', text: 'hi' },
        { voice_id: 'a', text: '' },
        { voice_id: '', text: 'x' },
        { voice_id: 'b', text: '   ' },
      ]),
    ).toEqual([{ voice_id: 'a', text: 'hi' }])
  })

  it('strips audio tags, keeps nested brackets and whitespace-only text', () => {
    expect(stripAudioTags('[whispers]  Hello   [laughs] there')).toBe('Hello there')
    expect(stripAudioTags('a [[nested]] b')).toBe('a [[nested]] b')
    expect(stripAudioTags('   ')).toBe('   ')
  })
})
