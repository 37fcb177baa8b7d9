import type { CompositionPlan, MusicStem } from '@timbre/contract'
import { DRUM } from './gm.js'
import { degreeToNote, pickProgression, raiseLeadingTone, voiceChord } from './harmony.js'
import { type MotifNote, makeMotif, snapToChord, varyMotif } from './melody.js'
import {
  barCount,
  chordAt,
  playBass,
  playDrums,
  playHarmony,
  type SectionContext,
  stepMs,
  stepsPerBar,
  timeOf,
} from './parts.js'
import { styleOfPlan } from './plan.js'
import { createRandom, hashText } from './random.js'
import {
  CHANNEL,
  type ChannelSetup,
  type NoteEvent,
  type Score,
  type ScoreSection,
  type VocalPhrase,
} from './score.js'
import { type SectionKind, sectionIntent } from './sections.js'
import type { MusicStyle } from './style.js'

const SEVENTH_GENRES = new Set(['jazz', 'soul', 'lofi', 'blues', 'bossa', 'hiphop', 'house'])

/** How long the final chord rings: about a bar, between 1.5 and 4 seconds. */
function endingStart(totalMs: number, lastStart: number, barMs: number): number {
  const tail = Math.min(4000, Math.max(1500, barMs))
  const bars = Math.floor((totalMs - tail - lastStart) / barMs)
  return bars > 0 ? lastStart + bars * barMs : lastStart
}

function channelsFor(style: MusicStyle, drums: boolean): ChannelSetup[] {
  const reverb = style.genre.id === 'ambient' || style.genre.id === 'cinematic' ? 90 : 50
  const setup: ChannelSetup[] = []
  const add = (channel: number, program: number | null, stem: MusicStem, volume: number, pan: number) => {
    if (program !== null) setup.push({ channel, program, stem, volume, pan, reverb })
  }
  add(CHANNEL.melody, style.lead, 'melody', 100, 70)
  add(CHANNEL.harmony, style.harmony, 'harmony', 82, 52)
  add(CHANNEL.bass, style.bass, 'bass', 104, 64)
  add(CHANNEL.extra, style.extra, 'harmony', 90, 64)
  if (drums)
    setup.push({ channel: CHANNEL.drums, program: 0, stem: 'drums', volume: 100, pan: 64, reverb: 30 })
  return setup
}

/** The melody of a section: its kind's motif, answered by a variation, snapped to the chords. */
function playMelody(
  ctx: SectionContext,
  motif: readonly MotifNote[],
  answer: readonly MotifNote[],
  out: NoteEvent[],
) {
  const { style } = ctx
  const base = 60 + style.root + 12 * style.register
  const motifBars = 2
  for (let bar = 0; bar < barCount(ctx); bar += motifBars) {
    const phrase = (bar / motifBars) % 2 === 0 ? motif : answer
    for (const note of phrase) {
      const barOf = bar + Math.floor(note.step / stepsPerBar(style))
      const step = note.step % stepsPerBar(style)
      const chord = chordAt(ctx, barOf, step)
      const degree = step % 4 === 0 ? snapToChord(note.degree, chord, ctx.sevenths) : note.degree
      const start = timeOf(ctx, barOf, step)
      const end = start + note.length * stepMs(style) * 0.92
      if (start >= ctx.endMs) continue
      out.push({
        channel: CHANNEL.melody,
        note:
          raiseLeadingTone([degreeToNote(base, style.mode, degree)], style.mode, style.root, chord)[0] ??
          base,
        velocity: Math.round(72 + 30 * ctx.level + (step % 4 === 0 ? 8 : 0)),
        startMs: start,
        endMs: Math.min(end, ctx.endMs),
      })
    }
  }
}

export interface ComposeInput {
  plan: CompositionPlan
  seed: number
  /** No sung part, whatever the plan's lines. */
  instrumental?: boolean
}

/**
 * A score from a composition plan: every section lasts exactly its `duration_ms`; its kind
 * (intro, verse, chorus, ...) and local styles set how full it is; sections of the same kind
 * share their chords and their tune; the song ends on the tonic chord.
 */
export function composeScore(input: ComposeInput): { score: Score; style: MusicStyle } {
  const style = styleOfPlan(input.plan, input.seed)
  const notes: NoteEvent[] = []
  const sections: ScoreSection[] = []
  const barMs = stepMs(style) * stepsPerBar(style)
  const totalMs = input.plan.sections.reduce((sum, s) => sum + s.duration_ms, 0)
  const lastStart = totalMs - (input.plan.sections.at(-1)?.duration_ms ?? totalMs)
  const endingMs = endingStart(totalMs, lastStart, barMs)
  const sevenths = SEVENTH_GENRES.has(style.genre.id)
  const progressions = new Map<SectionKind, number[]>()
  const motifs = new Map<SectionKind, [MotifNote[], MotifNote[]]>()
  const singing = style.vocals && !input.instrumental && input.plan.sections.some((s) => s.lines.length > 0)
  const clip: { endMs: number } = { endMs: totalMs }
  const phrases: VocalPhrase[] = []
  const add = (channel: number, note: number, velocity: number, startMs: number, endMs: number) => {
    if (startMs >= clip.endMs || endMs <= startMs) return
    notes.push({ channel, note, velocity, startMs, endMs: Math.min(endMs, clip.endMs) })
  }
  let startMs = 0
  input.plan.sections.forEach((section, index) => {
    const intent = sectionIntent(section, style.energy)
    const endMs = startMs + section.duration_ms
    clip.endMs = Math.min(endMs, endingMs > startMs ? endingMs : endMs)
    const kind = intent.kind === 'outro' || intent.kind === 'intro' ? 'chorus' : intent.kind
    if (!progressions.has(kind)) {
      progressions.set(
        kind,
        pickProgression(style.mode, style.genre.id, createRandom(hashText(`chords:${kind}`, input.seed))),
      )
    }
    const random = createRandom(hashText(`section:${index}`, input.seed))
    const drums =
      style.drums !== null && intent.drums !== 'off' && (intent.level >= 0.3 || intent.drums === 'on')
    const ctx: SectionContext = {
      style: drums && !style.drums ? { ...style, drums: 'ballad' } : style,
      random,
      startMs,
      endMs: clip.endMs,
      level: intent.level,
      progression: progressions.get(kind) ?? [0],
      sevenths,
      hasNext: index < input.plan.sections.length - 1,
      add,
    }
    sections.push({
      name: section.section_name,
      startMs,
      durationMs: section.duration_ms,
      level: intent.level,
      drums,
    })
    if (style.harmony !== null) playHarmony(ctx)
    if (style.bass !== null && intent.bass) playBass(ctx)
    if (drums) playDrums(ctx, index > 0 && intent.level >= 0.6)
    const quietIntro = intent.kind === 'intro' && input.plan.sections.length > 1
    if (style.lead !== null && intent.melody && !quietIntro) {
      if (!motifs.has(kind)) {
        const motifRandom = createRandom(hashText(`motif:${kind}`, input.seed))
        const motif = makeMotif(motifRandom, style.beatsPerBar, 0.3 + 0.55 * intent.level * style.energy)
        motifs.set(kind, [motif, varyMotif(motif, motifRandom)])
      }
      const [motif, answer] = motifs.get(kind) ?? [[], []]
      const tune: NoteEvent[] = []
      playMelody(ctx, motif, answer, tune)
      // A section with lines gives its tune to the voice; the singer decides which notes
      // carry syllables and hands the rest back to the lead instrument.
      const sung = singing && intent.vocals && section.lines.some((l) => l.trim().length > 0)
      if (sung)
        phrases.push({ lines: section.lines.filter((l) => l.trim().length > 0), startMs, endMs: clip.endMs })
      for (const note of tune) notes.push(sung ? { ...note, channel: CHANNEL.vocals } : note)
    }
    if (style.extra !== null && intent.level > 0.7) {
      for (let bar = 0; bar < barCount(ctx); bar += 2) {
        add(CHANNEL.extra, 36 + style.root, 96, timeOf(ctx, bar, 0), timeOf(ctx, bar, 8))
      }
    }
    startMs = endMs
  })
  // The ending: the tonic chord, its root in the bass and the tonic on top, rung out.
  clip.endMs = totalMs
  const tonicChord = voiceChord(48 + style.root, style.mode, [0, 2, 4], 62)
  if (style.harmony !== null) for (const n of tonicChord) add(CHANNEL.harmony, n, 78, endingMs, totalMs)
  if (style.bass !== null) add(CHANNEL.bass, 36 + style.root, 96, endingMs, totalMs)
  if (style.lead !== null) add(CHANNEL.melody, 72 + style.root + 12 * style.register, 84, endingMs, totalMs)
  if (sections.at(-1)?.drums) {
    add(CHANNEL.drums, DRUM.crash, 104, endingMs, totalMs)
    add(CHANNEL.drums, DRUM.kick, 110, endingMs, endingMs + 200)
  }
  notes.sort((a, b) => a.startMs - b.startMs || a.channel - b.channel || a.note - b.note)
  return {
    style,
    score: {
      totalMs,
      bpm: style.bpm,
      beatsPerBar: style.beatsPerBar,
      channels: channelsFor(
        style,
        sections.some((s) => s.drums),
      ),
      sections,
      notes,
      endingMs,
      vocal: phrases.length > 0 ? { voice: style.voice, language: 'en-us', phrases } : null,
    },
  }
}
