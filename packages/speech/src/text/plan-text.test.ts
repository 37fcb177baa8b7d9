import { describe, expect, it } from 'vitest'
import { DEFAULT_STYLE } from './audio-tags.js'
import { planText } from './plan-text.js'
import { planViolations } from './testing-plan-invariants.js'
import type { PlanOptions, Segment, TextPlan } from './types.js'

const apply: PlanOptions = { language: 'en', normalization: 'auto', tags: 'apply' }

function describeSegments(plan: TextPlan): string[] {
  return plan.segments.map((s: Segment) => {
    if (s.kind === 'pause') return `pause ${s.seconds}`
    const style = s.style
    const marks = [
      style.whisper ? 'whisper' : '',
      style.volume !== 1 ? `vol ${style.volume.toFixed(2)}` : '',
      style.rate !== 1 ? `rate ${style.rate.toFixed(2)}` : '',
      style.vocalization ? `+${style.vocalization}` : '',
    ].filter((m) => m !== '')
    return `${s.text}${marks.length > 0 ? ` {${marks.join(', ')}}` : ''}`
  })
}

describe('planText: segments', () => {
  it('splits sentences and keeps the sentence boundary', () => {
    const plan = planText('Hello there. How are you? Fine!', apply)
    expect(describeSegments(plan)).toEqual(['Hello there.', 'How are you?', 'Fine!'])
    expect(plan.segments.map((s) => (s.kind === 'speech' ? s.boundary : 'pause'))).toEqual([
      'sentence',
      'sentence',
      'sentence',
    ])
  })

  it('applies a style tag until the end of the sentence', () => {
    const plan = planText('[whispers] This is secret. This is not.', apply)
    expect(describeSegments(plan)).toEqual(['This is secret. {whisper, vol 0.55, rate 0.95}', 'This is not.'])
  })

  it('changes style in the middle of a sentence and at another tag', () => {
    const plan = planText('I was [shouting] so angry [slowly] but calm now.', apply)
    expect(describeSegments(plan)).toEqual([
      'I was',
      'so angry {vol 1.80, rate 1.05}',
      'but calm now. {rate 0.75}',
    ])
    expect(plan.segments.map((s) => (s.kind === 'speech' ? s.boundary : ''))).toEqual([
      'clause',
      'clause',
      'sentence',
    ])
  })

  it('combines style tags written together', () => {
    const plan = planText('[whispers] [slowly] Hi.', apply)
    const first = plan.segments[0]
    expect(first?.kind === 'speech' && first.style).toMatchObject({ whisper: true, rate: 0.95 * 0.75 })
  })

  it('turns pause tags into pause segments of 0.3, 0.6 and 1.2 seconds', () => {
    const plan = planText('One [short pause] two [pause] three [long pause] four.', apply)
    expect(describeSegments(plan)).toEqual([
      'One',
      'pause 0.3',
      'two',
      'pause 0.6',
      'three',
      'pause 1.2',
      'four.',
    ])
  })

  it('gives a pause segment the original range of its tag and no text', () => {
    const text = 'Hello [pause] world'
    const plan = planText(text, apply)
    const pause = plan.segments[1]
    expect(pause).toMatchObject({ kind: 'pause', normStart: 6, normEnd: 6 })
    expect(text.slice(pause?.origStart, pause?.origEnd)).toBe('[pause]')
  })

  it('puts a vocalisation on the following segment', () => {
    expect(describeSegments(planText('Hello. [laughs] That is funny.', apply))).toEqual([
      'Hello.',
      'That is funny. {+laugh}',
    ])
    expect(describeSegments(planText('That is [chuckles] funny.', apply))).toEqual([
      'That is',
      'funny. {+chuckle}',
    ])
  })

  it('moves a tag with nothing speakable after it in its sentence to the sentence end', () => {
    expect(describeSegments(planText('Hello [laughs]. Bye.', apply))).toEqual(['Hello.', 'Bye. {+laugh}'])
    expect(describeSegments(planText('Wait [pause]. Go.', apply))).toEqual(['Wait.', 'pause 0.6', 'Go.'])
  })

  it('gives a vocalisation with nothing after it a segment without text', () => {
    const plan = planText('Hello [sighs]', apply)
    expect(describeSegments(plan)).toEqual(['Hello', ' {+sigh}'])
    expect(plan.segments[1]).toMatchObject({ kind: 'speech', text: '', pieces: [], normStart: 5, normEnd: 5 })
    expect(describeSegments(planText('[laughs]', apply))).toEqual([' {+laugh}'])
    expect(describeSegments(planText('[laughs] [pause] Hi', apply))).toEqual([' {+laugh}', 'pause 0.6', 'Hi'])
  })

  it('removes unknown tags and all tags in strip mode', () => {
    expect(describeSegments(planText('[dances wildly] Hi there.', apply))).toEqual(['Hi there.'])
    const stripped = planText('[whispers] Hi [pause] there [laughs].', { ...apply, tags: 'strip' })
    expect(describeSegments(stripped)).toEqual(['Hi there.'])
    expect(stripped.segments[0]).toMatchObject({ style: DEFAULT_STYLE })
  })

  it('splits a long sentence at clause boundaries under the limit', () => {
    const clause = 'this clause is about forty characters'
    const text = `${Array.from({ length: 12 }, () => clause).join(', ')}.`
    const plan = planText(text, { ...apply, maxSegmentChars: 100 })
    const speech = plan.segments.filter((s) => s.kind === 'speech')
    expect(speech.length).toBeGreaterThan(4)
    expect(speech.every((s) => s.text.length <= 100)).toBe(true)
    expect(speech.slice(0, -1).every((s) => s.text.endsWith(',') && s.boundary === 'clause')).toBe(true)
    expect(speech.at(-1)?.boundary).toBe('sentence')
    expect(planViolations(plan, 100)).toEqual([])
  })

  it('uses 300 characters as the default limit', () => {
    const plan = planText(`${'word '.repeat(200)}end.`, apply)
    const lengths = plan.segments.map((s) => (s.kind === 'speech' ? s.text.length : 0))
    expect(Math.max(...lengths)).toBeLessThanOrEqual(300)
    expect(Math.max(...lengths)).toBeGreaterThan(250)
  })
})

describe('planText: text safety', () => {
  it('keeps <, > and & as text, reading & between words', () => {
    const plan = planText('<speak>Tom & Jerry</speak> a<b', apply)
    expect(plan.normalized).toBe('<speak>Tom and Jerry</speak> a<b')
  })

  it('removes control characters and drops emoji and private-use characters but keeps the mapping', () => {
    const text = 'Hi\u0007 there😀friend\uE000!\u200B'
    const plan = planText(text, { ...apply, normalization: 'off' })
    expect(plan.normalized).toBe('Hi there friend !')
    expect(planViolations(plan, 300)).toEqual([])
    const f = plan.normalized.indexOf('friend')
    expect(text.slice(plan.normToOrig[2 * f], plan.normToOrig[2 * f + 1])).toBe('f')
  })

  it('plans mixed scripts', () => {
    const plan = planText('Hello 世界. Привет мир! नमस्ते।', apply)
    expect(describeSegments(plan)).toEqual(['Hello 世界.', 'Привет мир!', 'नमस्ते।'])
  })

  it('plans empty, white space and tag-only text to nothing speakable', () => {
    expect(planText('', apply).segments).toEqual([])
    expect(planText('  \n\t ', apply)).toMatchObject({ normalized: '', segments: [] })
    expect(planText('[whispers]', apply)).toMatchObject({ normalized: '', segments: [] })
  })

  it('plans 50,000 characters with sound segments', () => {
    const sentence = 'On 2024-03-15, Dr. Smith paid $5.50 for 3 kg of apples [laughs] and said: "Thanks!" '
    const text = sentence.repeat(Math.ceil(50_000 / sentence.length)).slice(0, 50_000)
    const plan = planText(text, {
      ...apply,
      rules: [{ type: 'phoneme', stringToReplace: 'apples', phoneme: 'ˈæpəlz', alphabet: 'ipa' }],
    })
    expect(plan.original.length).toBe(50_000)
    expect(plan.segments.length).toBeGreaterThan(500)
    expect(planViolations(plan, 300)).toEqual([])
  })
})

describe('planText: options', () => {
  it('reports the base language of a regional code', () => {
    expect(planText('Hi', { ...apply, language: 'EN-us' }).language).toBe('en')
    expect(planText('16', { ...apply, language: 'pt-BR' }).normalized).toBe('Dezesseis')
  })

  it('does not normalise languages without a normaliser', () => {
    expect(planText('Ho 5 anni, 3,5 kg.', { ...apply, language: 'it' }).normalized).toBe('Ho 5 anni, 3,5 kg.')
  })

  it('raises a tiny segment limit to 16 characters', () => {
    const plan = planText('one two three four five six seven', { ...apply, maxSegmentChars: 1 })
    expect(plan.segments.every((s) => s.kind !== 'speech' || s.text.length <= 16)).toBe(true)
    expect(planViolations(plan, 16)).toEqual([])
  })
})
