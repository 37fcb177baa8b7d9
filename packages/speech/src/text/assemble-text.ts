// Joins the processed pieces into the normalised text: white space collapses to one space
// (none at the ends), tags leave a space or nothing by the same rule as stripAudioTags, tag
// effects become events at the position of the next character, phoneme pieces become atoms,
// and line breaks become sentence breaks.
import type { AudioTagEffect } from './audio-tags.js'
import type { PhonemeAtom, PlanEvent } from './build-segments.js'
import { CLOSING_PUNCTUATION, isLowercase, isWhitespace, OPENING_PUNCTUATION } from './char-classes.js'
import { MappedBuilder, type MappedText } from './mapped-text.js'

interface Gap {
  start: number
  end: number
  lineBreaks: number
}

export class TextAssembler {
  readonly out = new MappedBuilder()
  readonly events: PlanEvent[] = []
  readonly atoms: PhonemeAtom[] = []
  readonly hardBreaks = new Set<number>()
  private space: Gap | undefined
  private tagGap: Gap | undefined
  private pending: Array<Omit<PlanEvent, 'pos'>> = []
  private lastChar: string | undefined

  tag(origStart: number, origEnd: number, effect: AudioTagEffect | undefined): void {
    this.tagGap = this.tagGap
      ? { ...this.tagGap, end: origEnd }
      : { start: origStart, end: origEnd, lineBreaks: 0 }
    if (effect) this.pending.push({ effect, origStart, origEnd })
  }

  text(mapped: MappedText): void {
    const { text, starts, ends } = mapped
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? ''
      const start = starts[i] ?? 0
      const end = ends[i] ?? start
      if (isWhitespace(ch)) this.whitespace(ch, start, end)
      else this.char(ch, start, end)
    }
  }

  phoneme(mapped: MappedText, info: Omit<PhonemeAtom, 'start' | 'end'>): void {
    const before = this.out.length
    let first = -1
    const { text, starts, ends } = mapped
    for (let i = 0; i < text.length; i++) {
      const ch = text[i] ?? ''
      const start = starts[i] ?? 0
      if (isWhitespace(ch)) {
        this.whitespace(ch, start, ends[i] ?? start)
        continue
      }
      this.char(ch, start, ends[i] ?? start)
      if (first < 0) first = this.out.length - 1
    }
    if (first >= before) this.atoms.push({ ...info, start: first, end: this.out.length })
  }

  /** Events of tags after the last character sit at the end of the text. */
  finish(): void {
    for (const event of this.pending) this.events.push({ ...event, pos: this.out.length })
    this.pending = []
  }

  private whitespace(ch: string, start: number, end: number): void {
    const lineBreaks = ch === '\n' ? 1 : 0
    this.space = this.space
      ? { start: this.space.start, end, lineBreaks: this.space.lineBreaks + lineBreaks }
      : { start, end, lineBreaks }
  }

  private char(ch: string, start: number, end: number): void {
    const gap = this.space ?? this.tagGap
    if (this.out.length > 0 && gap) {
      const tight =
        this.tagGap !== undefined &&
        (CLOSING_PUNCTUATION.has(ch) ||
          (this.lastChar !== undefined && OPENING_PUNCTUATION.has(this.lastChar)))
      if (!tight) this.out.push(' ', gap.start, gap.end)
      const breaks = this.space?.lineBreaks ?? 0
      if (breaks >= 2 || (breaks === 1 && !isLowercase(ch))) this.hardBreaks.add(this.out.length)
    }
    for (const event of this.pending) this.events.push({ ...event, pos: this.out.length })
    this.pending = []
    this.space = undefined
    this.tagGap = undefined
    this.out.push(ch, start, end)
    this.lastChar = ch
  }
}
