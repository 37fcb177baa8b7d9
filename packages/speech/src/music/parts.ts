import { DRUM_PATTERNS, type DrumPattern, FILL } from './drum-patterns.js'
import { DRUM, type DrumVoice } from './gm.js'
import { chordDegrees, degreeToNote, raiseLeadingTone, voiceChord } from './harmony.js'
import type { Random } from './random.js'
import { CHANNEL } from './score.js'
import type { MusicStyle } from './style.js'

/** One section being written: its time span, its chords and where its notes go. */
export interface SectionContext {
  style: MusicStyle
  random: Random
  startMs: number
  /** Regular parts stop here (the section's end, or where the final chord begins). */
  endMs: number
  level: number
  progression: readonly number[]
  sevenths: boolean
  hasNext: boolean
  add(channel: number, note: number, velocity: number, startMs: number, endMs: number): void
}

export function stepMs(style: MusicStyle): number {
  return 60_000 / style.bpm / 4
}

export function stepsPerBar(style: MusicStyle): number {
  return style.beatsPerBar * 4
}

export function barCount(ctx: SectionContext): number {
  return Math.ceil((ctx.endMs - ctx.startMs) / (stepMs(ctx.style) * stepsPerBar(ctx.style)) - 1e-9)
}

/** The time of a step; swing delays the off-beat eighths towards the triplet. */
export function timeOf(ctx: SectionContext, bar: number, step: number): number {
  const unit = stepMs(ctx.style)
  const swing = step % 4 === 2 ? ctx.style.swing * (unit * 4) * (1 / 6) : 0
  return ctx.startMs + (bar * stepsPerBar(ctx.style) + step) * unit + swing
}

export function chordAt(ctx: SectionContext, bar: number, step: number): number {
  const perChord = stepsPerBar(ctx.style) / ctx.style.chordsPerBar
  const slot = bar * ctx.style.chordsPerBar + Math.floor(step / perChord)
  return ctx.progression[slot % ctx.progression.length] ?? 0
}

function velocity(ctx: SectionContext, base: number): number {
  const v = base * (0.72 + 0.28 * ctx.level) + ctx.random.int(-5, 5)
  return Math.max(20, Math.min(127, Math.round(v)))
}

/** Chords in the harmony part, in the genre's manner (held, comped, arpeggiated, strummed, stabbed). */
export function playHarmony(ctx: SectionContext): void {
  const { style } = ctx
  const tonic = 48 + style.root
  const unit = stepMs(style)
  const perChord = stepsPerBar(style) / style.chordsPerBar
  const manner = ctx.level < 0.3 && style.harmonyStyle !== 'arp' ? 'pad' : style.harmonyStyle
  const power = manner === 'strum' && ['rock', 'metal', 'punk'].includes(style.genre.id)
  for (let bar = 0; bar < barCount(ctx); bar++) {
    for (let chordStep = 0; chordStep < stepsPerBar(style); chordStep += perChord) {
      const chord = chordAt(ctx, bar, chordStep)
      const degrees = power ? [chord, chord + 4, chord + 7] : chordDegrees(chord, ctx.sevenths)
      const notes = raiseLeadingTone(
        voiceChord(tonic, style.mode, degrees, power ? 52 : 62),
        style.mode,
        style.root,
        chord,
      )
      const at = (step: number) => timeOf(ctx, bar, chordStep + step)
      if (manner === 'pad') {
        for (const n of notes) ctx.add(CHANNEL.harmony, n, velocity(ctx, 70), at(0), at(perChord))
      } else if (manner === 'arp') {
        const every = style.energy < 0.35 ? 4 : style.energy > 0.8 && ctx.level > 0.7 ? 1 : 2
        const cycle = [...notes, (notes[0] ?? 60) + 12, ...notes.slice(1).reverse()]
        for (let s = 0, i = 0; s < perChord; s += every, i++) {
          const n = cycle[i % cycle.length] ?? 60
          ctx.add(CHANNEL.harmony, n, velocity(ctx, s === 0 ? 82 : 68), at(s), at(s + every * 1.8))
        }
      } else if (manner === 'strum') {
        const every = ctx.level > 0.7 ? 2 : 4
        for (let s = 0; s < perChord; s += every) {
          notes.forEach((n, i) => {
            ctx.add(
              CHANNEL.harmony,
              n,
              velocity(ctx, s % 8 === 0 ? 92 : 78),
              at(s) + i * 8,
              at(s + every) - 5,
            )
          })
        }
      } else if (manner === 'comp') {
        const hits = style.beatsPerBar === 3 ? [4, 8] : ctx.level > 0.75 ? [0, 6, 10, 14] : [4, 12]
        for (const s of hits.filter((h) => h < perChord || style.chordsPerBar === 1)) {
          if (s >= perChord) continue
          for (const n of notes) ctx.add(CHANNEL.harmony, n, velocity(ctx, 76), at(s), at(s + 3))
        }
      } else {
        for (let s = 2; s < perChord; s += 4) {
          for (const n of notes) ctx.add(CHANNEL.harmony, n, velocity(ctx, 84), at(s), at(s) + unit * 1.5)
        }
      }
    }
  }
}

const BASS_RHYTHMS: Record<string, string> = {
  root8: 'x-x-x-x-x-x-x-x-',
  octave: 'x-o-x-o-x-o-x-o-',
  syncopated: 'x--x--f---x-o---',
  pulse: 'x-x---x---x---x-',
}

/** The bass line: chord roots, in the genre's rhythm; a walking line for jazz and blues. */
export function playBass(ctx: SectionContext): void {
  const { style } = ctx
  const base = 36 + style.root
  const fold = (n: number) => {
    let note = n
    while (note > 47) note -= 12
    while (note < 28) note += 12
    return note
  }
  const manner = ctx.level < 0.3 ? 'whole' : style.bassStyle
  const perChord = stepsPerBar(style) / style.chordsPerBar
  for (let bar = 0; bar < barCount(ctx); bar++) {
    for (let chordStep = 0; chordStep < stepsPerBar(style); chordStep += perChord) {
      const chord = chordAt(ctx, bar, chordStep)
      const root = fold(degreeToNote(base, style.mode, chord))
      const fifth = fold(degreeToNote(base, style.mode, chord + 4))
      const at = (step: number) => timeOf(ctx, bar, chordStep + step)
      if (manner === 'whole') {
        ctx.add(CHANNEL.bass, root, velocity(ctx, 92), at(0), at(perChord) - 10)
      } else if (manner === 'walking') {
        const next = fold(degreeToNote(base, style.mode, chordAt(ctx, bar, chordStep + perChord)))
        const line = [root, fold(degreeToNote(base, style.mode, chord + 2)), fifth, next - 1]
        for (let s = 0, i = 0; s < perChord; s += 4, i++) {
          ctx.add(CHANNEL.bass, line[i % line.length] ?? root, velocity(ctx, 90), at(s), at(s + 4) - 15)
        }
      } else {
        const rhythm = BASS_RHYTHMS[manner] ?? BASS_RHYTHMS.root8 ?? ''
        for (let s = 0; s < perChord; s++) {
          const mark = rhythm[s % rhythm.length]
          if (mark === '-' || mark === undefined) continue
          const note = mark === 'o' ? root + 12 : mark === 'f' ? fifth : root
          ctx.add(CHANNEL.bass, note, velocity(ctx, s % 4 === 0 ? 100 : 86), at(s), at(s + 1.8))
        }
      }
    }
  }
}

function hits(ctx: SectionContext, pattern: DrumPattern, bar: number, fromStep: number, thin: boolean): void {
  for (const [voice, line] of Object.entries(pattern) as [DrumVoice, string][]) {
    for (let s = fromStep; s < stepsPerBar(ctx.style); s++) {
      const mark = line[s % line.length]
      if (mark !== 'x' && mark !== 'o') continue
      // A quiet section keeps the accents and the quarter-note time.
      if (thin && mark !== 'o' && s % 4 !== 0) continue
      const at = timeOf(ctx, bar, s)
      ctx.add(CHANNEL.drums, DRUM[voice], velocity(ctx, mark === 'o' ? 114 : 88), at, at + stepMs(ctx.style))
    }
  }
}

/** The groove, thinned when quiet, a crash on a loud section's first beat, a fill before the next. */
export function playDrums(ctx: SectionContext, crash: boolean): void {
  const pattern = DRUM_PATTERNS[ctx.style.drums ?? 'pop']
  const bars = barCount(ctx)
  const thin = ctx.level < 0.45
  const fillBar = ctx.hasNext && ctx.level >= 0.5 && bars >= 2 ? bars - 1 : -1
  const fillFrom = stepsPerBar(ctx.style) - 4
  for (let bar = 0; bar < bars; bar++) {
    if (bar === fillBar) {
      const groove = Object.fromEntries(
        Object.entries(pattern).map(([voice, line]) => [
          voice,
          line.repeat(2).slice(0, fillFrom).padEnd(stepsPerBar(ctx.style), '-'),
        ]),
      ) as DrumPattern
      hits(ctx, groove, bar, 0, thin)
      const fill = Object.fromEntries(
        Object.entries(FILL).map(([voice, line]) => [voice, '-'.repeat(fillFrom) + line.slice(12)]),
      ) as DrumPattern
      hits(ctx, fill, bar, fillFrom, false)
    } else hits(ctx, pattern, bar, 0, thin)
  }
  if (crash) ctx.add(CHANNEL.drums, DRUM.crash, velocity(ctx, 110), ctx.startMs, ctx.startMs + 400)
}
