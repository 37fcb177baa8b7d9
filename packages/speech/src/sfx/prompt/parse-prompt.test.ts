import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { VOCABULARY } from '../vocabulary/index.js'
import { parsePrompt, typeOfPhrase } from './parse-prompt.js'
import { takeCount, takeDuration } from './quantities.js'

const brief = (text: string) => {
  const parsed = parsePrompt(text)
  return {
    sequence: parsed.sequence.map(
      (p) => `${p.typeId}×${p.count}${p.seconds !== null ? `@${p.seconds}s` : ''}`,
    ),
    beds: parsed.beds.map((p) => p.typeId),
  }
}

describe('counts and durations', () => {
  it.each([
    ['twice', 2],
    ['barks three times', 3],
    ['3 barks', 3],
    ['a couple of knocks', 2],
    ['a pair of beeps', 2],
    ['a few claps', 3],
    ['once', 1],
    ['several honks', 4],
    ['twelve ticks', 12],
    ['a dog barks', null],
  ])('"%s" counts %s', (text, count) => {
    expect(takeCount(text).count).toBe(count)
  })

  it.each([
    ['for 5 seconds', 5],
    ['a 2-second beep', 2],
    ['for 2.5 s', 2.5],
    ['for 500 ms', 0.5],
    ['half a second of static', 0.5],
    ['for a second', 1],
    ['ten seconds long', 10],
    ['a dog barks twice', null],
  ])('"%s" lasts %s s', (text, seconds) => {
    expect(takeDuration(text).seconds).toBe(seconds)
  })

  it('caps a count at what could ever fit', () => {
    expect(takeCount('9999 barks').count).toBe(60)
  })

  it("never reads a duration's number as a count", () => {
    const duration = takeDuration('beeping for 3 seconds')
    expect(duration.seconds).toBe(3)
    expect(takeCount(duration.rest).count).toBeNull()
  })
})

describe('parsePrompt', () => {
  it('reads the prompt that went wrong: a dog barking twice then a door slams', () => {
    expect(brief('a dog barking twice then a door slams')).toEqual({
      sequence: ['dog-bark×2', 'door-slam×1'],
      beds: [],
    })
  })

  it.each([
    ['three knocks on the door followed by footsteps', ['door-knock×3', 'footstep×6'], []],
    ['a cat meows, after that a cow moos twice', ['cat-meow×1', 'cow-moo×2'], []],
    ['a horn honks and then a car drives past', ['car-horn×1', 'car-passby×1'], []],
    ['a dog barks 3 times while it rains, then a horn honks twice', ['dog-bark×3', 'car-horn×2'], ['rain']],
    ['a couple of beeps with traffic in the background', ['beep×2'], ['car-engine']],
    ['thunder over heavy rain', ['thunder×1'], ['rain']],
    ['rain and thunder', ['thunder×1'], ['rain']],
    ['heavy rain on a tin roof', [], ['rain']],
    ['an engine idling for 5 seconds then a horn', ['car-engine×1@5s', 'car-horn×1'], []],
    ['a 2-second beep then a click', ['beep×1@2s', 'ui-click×1'], []],
    ['a helicopter flies over the house', [], ['helicopter']],
    ['a door creaks open and slams shut', ['door-creak×1', 'door-slam×1'], []],
    ['somebody coughs. a baby cries', ['cough×1', 'baby-cry×1'], []],
    ['a glass shatters before a scream', ['glass-break×1', 'scream×1'], []],
  ])('%s', (text, sequence, beds) => {
    expect(brief(text)).toEqual({ sequence, beds })
  })

  it('keeps loudness and distance with their own part', () => {
    const parsed = parsePrompt('a distant dog barks then a loud door slam, then a soft beep')
    expect(parsed.sequence.map((p) => [p.mods.distance > 0, p.mods.intensity])).toEqual([
      [true, 1],
      [false, 1.5],
      [false, 0.6],
    ])
  })

  it('reads nothing from a prompt naming no sound', () => {
    expect(parsePrompt('something indescribable')).toEqual({ sequence: [], beds: [] })
  })
})

// Event types with a word that names that type alone: the phrases the property builds from.
const NAMED = VOCABULARY.filter((t) => t.kind === 'event')
  .map((type) => ({ type, word: type.words.find((w) => typeOfPhrase(`a ${w}`)?.id === type.id) }))
  .filter((n): n is { type: (typeof VOCABULARY)[number]; word: string } => n.word !== undefined)

const COUNT_FORMS: Array<(n: number, word: string) => string> = [
  (n, w) => `a ${w} ${n} times`,
  (n, w) => `${n} ${w}`,
  (n, w) => `${['', 'one', 'two', 'three', 'four'][n]} ${w}`,
  (n, w) => `a ${w} ${['', 'once', 'twice', 'three times', 'four times'][n]}`,
]
const SEPARATORS = [' then ', ', then ', ' followed by ', ' and then ', '. after that ', '. ']

describe('parsePrompt, for any sequence of named sounds with counts 1 to 4', () => {
  it('names every vocabulary event in at least one phrase', () => {
    expect(NAMED.length).toBeGreaterThanOrEqual(45)
  })

  it('reads back the same types, counts and order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            named: fc.constantFrom(...NAMED),
            count: fc.integer({ min: 1, max: 4 }),
            form: fc.integer({ min: 0, max: COUNT_FORMS.length - 1 }),
            separator: fc.constantFrom(...SEPARATORS),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        (steps) => {
          const text = steps
            .map((s, k) => `${k > 0 ? s.separator : ''}${COUNT_FORMS[s.form]!(s.count, s.named.word)}`)
            .join('')
          const parsed = parsePrompt(text)
          expect(parsed.sequence.map((p) => [p.typeId, p.count])).toEqual(
            steps.map((s) => [s.named.type.id, s.count]),
          )
        },
      ),
      { numRuns: 300 },
    )
  })

  it('reads "for N seconds" on any part', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMED), fc.integer({ min: 1, max: 20 }), (named, seconds) => {
        const [part] = parsePrompt(`a ${named.word} for ${seconds} seconds`).sequence
        expect(part?.seconds).toBe(seconds)
        expect(part?.typeId).toBe(named.type.id)
      }),
    )
  })
})
