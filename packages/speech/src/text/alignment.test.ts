import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { alignNormalized, alignOriginal, type CharacterAlignment } from './alignment.js'
import { planText } from './plan-text.js'

function problems(a: CharacterAlignment, maxTime: number): string[] {
  const out: string[] = []
  const { characterStartTimesSeconds: s, characterEndTimesSeconds: e } = a
  if (s.length !== a.characters.length || e.length !== a.characters.length) out.push('lengths differ')
  for (let i = 0; i < s.length; i++) {
    const start = s[i] ?? Number.NaN
    const end = e[i] ?? Number.NaN
    if (!(start >= 0 && start <= end && end <= maxTime)) out.push(`char ${i}: [${start}, ${end}]`)
    if (i > 0 && (start < (s[i - 1] ?? 0) || end < (e[i - 1] ?? 0))) out.push(`char ${i} goes back in time`)
  }
  return out
}

/** Times a plan the way an engine would: each speech segment's characters evenly, gaps untimed. */
function timeSegments(text: string): {
  plan: ReturnType<typeof planText>
  starts: Float64Array
  ends: Float64Array
  total: number
} {
  const plan = planText(text, { language: 'en', normalization: 'auto', tags: 'apply' })
  const starts = new Float64Array(plan.normalized.length).fill(Number.NaN)
  const ends = new Float64Array(plan.normalized.length).fill(Number.NaN)
  let t = 0
  for (const s of plan.segments) {
    if (s.kind === 'pause') {
      t += s.seconds
      continue
    }
    for (let i = s.normStart; i < s.normEnd; i++) {
      starts[i] = t
      t += 0.05
      ends[i] = t
    }
  }
  return { plan, starts, ends, total: t }
}

describe('alignment', () => {
  it('aligns the normalised text character by character, filling the gaps between segments', () => {
    const { plan, starts, ends } = timeSegments('Hi. Yo.')
    const a = alignNormalized(plan, starts, ends)
    expect(a.characters.join('')).toBe('Hi. Yo.')
    expect(a.characterStartTimesSeconds[3]).toBeCloseTo(0.15)
    expect(a.characterEndTimesSeconds[3]).toBeCloseTo(0.15)
    expect(a.characterStartTimesSeconds[4]).toBeCloseTo(0.15)
  })

  it('aligns the original text: a number spans the time of its words, a tag gets a point in time', () => {
    const { plan, starts, ends } = timeSegments('I have 2 [laughs] cats')
    const a = alignOriginal(plan, starts, ends)
    expect(a.characters.join('')).toBe('I have 2 [laughs] cats')
    const two = plan.normalized.indexOf('two')
    expect(a.characterStartTimesSeconds[7]).toBeCloseTo(starts[two] ?? 0)
    expect(a.characterEndTimesSeconds[7]).toBeCloseTo(ends[two + 2] ?? 0)
    const tag = 9
    expect(a.characterEndTimesSeconds[tag]).toBeCloseTo(a.characterStartTimesSeconds[tag] ?? -1)
  })

  it('counts an emoji as one character', () => {
    const { plan, starts, ends } = timeSegments('Hi 😀 you')
    const a = alignOriginal(plan, starts, ends)
    expect(a.characters).toEqual([...'Hi 😀 you'])
  })

  it('is monotonic, covering and inside the audio for any text (property)', () => {
    const piece = fc.constantFrom(
      'Hi',
      'there',
      '$5.50',
      '2024-03-15',
      '[pause]',
      '[laughs]',
      '[whispers]',
      '😀',
      '.',
      ' ',
      '\n',
      'Dr.',
      '日本',
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join(' ')
        const { plan, starts, ends, total } = timeSegments(text)
        const normalized = alignNormalized(plan, starts, ends)
        const original = alignOriginal(plan, starts, ends)
        expect(normalized.characters.join('')).toBe(plan.normalized)
        expect(original.characters.join('')).toBe(text)
        expect(problems(normalized, total + 1e-9)).toEqual([])
        expect(problems(original, total + 1e-9)).toEqual([])
      }),
      { numRuns: 400 },
    )
  })
})
