// The sung part: each line spoken by eSpeak NG on one pitch, cut into syllables at its
// phonemes, each syllable laid on its note(s) by TD-PSOLA (the pitch moved to the note and
// held, the vowel stretched to the note's length, consonants kept short). The result is the
// vocal stem; the notes no syllable took go back to the lead instrument.
import { resample } from '../dsp/resample.js'
import { EspeakEngine } from '../engines/espeak-engine.js'
import { assignSyllables, type TuneNote } from './lyric-notes.js'
import { findPitchMarks, measurePeriod, type PitchMarks, singSpan } from './psola.js'
import { CHANNEL, type NoteEvent, type Score, type VocalPart } from './score.js'
import { type SpokenSyllable, syllabify } from './syllables.js'
import type { SingingVoice } from './voices.js'

interface VoiceSetup {
  /** eSpeak NG variant. */
  variant: string
  /** eSpeak NG pitch setting, and the monotone it gives (Hz, measured). */
  pitch: number
  monotoneHz: number
  /** MIDI key the sung line's middle is moved near (by octaves). */
  centre: number
}

const VOICES: Record<SingingVoice, VoiceSetup> = {
  female: { variant: 'f3', pitch: 99, monotoneHz: 305, centre: 67 },
  male: { variant: 'm3', pitch: 99, monotoneHz: 160, centre: 55 },
}
/** Words a minute eSpeak NG speaks the lines at: consonants at a natural length. */
const SPEAKING_RATE = 175
/** The vocal stem's loudness while singing (RMS of its sung stretches, before the mix gain). */
const VOCAL_RMS = 0.07

interface SpokenLine {
  speech: Float32Array
  marks: PitchMarks
  syllables: SpokenSyllable[]
}

function speakLine(
  engine: EspeakEngine,
  line: string,
  vocal: VocalPart,
  sampleRate: number,
): Promise<SpokenLine> {
  const setup = VOICES[vocal.voice]
  const spoken = engine.speakPhonemes(line, `${vocal.language}+${setup.variant}`, {
    rate: SPEAKING_RATE,
    pitch: setup.pitch,
    range: 0,
  })
  const syllables = syllabify(spoken.phonemes, spoken.samples.length / spoken.sampleRate)
  return resample(spoken.samples, spoken.sampleRate, sampleRate).then((speech) => ({
    speech,
    marks: findPitchMarks(speech, measurePeriod(speech, sampleRate / setup.monotoneHz)),
    syllables,
  }))
}

/** The speech engine a singer uses: one that can be put back as it was made, song after song. */
export function createSinger(): Promise<EspeakEngine> {
  return EspeakEngine.create({ repeatable: true })
}

/** Octaves that bring the sung notes' middle nearest the voice's comfortable centre. */
function octaveShift(notes: readonly NoteEvent[], centre: number): number {
  const sorted = notes.map((n) => n.note).sort((a, b) => a - b)
  const middle = sorted[sorted.length >> 1] ?? centre
  return 12 * Math.round((centre - middle) / 12)
}

/** A note the voice sings: its key as sung, and whether a syllable starts on it. */
export interface SungNote {
  note: number
  startMs: number
  endMs: number
  syllableStart: boolean
}

export interface SungPart {
  /** What the synthesizer plays: the sung notes taken out, the spare ones on the lead. */
  score: Score
  /** The vocal stem at the render's rate, the score's length; null when nothing is sung. */
  vocals: Float32Array | null
  sung: SungNote[]
}

const hzOf = (note: number) => 440 * 2 ** ((note - 69) / 12)

/**
 * Sings the score's lines with an engine made `repeatable`. Returns the score the synthesizer
 * plays (the sung notes taken out, the spare ones back on the lead) and the vocal stem, exactly
 * the score's length.
 */
export async function singVocals(score: Score, engine: EspeakEngine, sampleRate: number): Promise<SungPart> {
  const vocal = score.vocal
  if (!vocal) return { score, vocals: null, sung: [] }
  // The same song sings the same samples, whatever the engine spoke before.
  engine.restoreInitialState()
  const total = Math.round((score.totalMs * sampleRate) / 1000)
  const stem = new Float32Array(total)
  const tune = score.notes.filter((n) => n.channel === CHANNEL.vocals)
  const shift = octaveShift(tune, VOICES[vocal.voice].centre)
  const unsung = new Set<TuneNote>()
  const sung: SungNote[] = []
  const at = (ms: number) => Math.round((ms * sampleRate) / 1000)
  for (const phrase of vocal.phrases) {
    const notes = tune.filter((n) => n.startMs >= phrase.startMs && n.startMs < phrase.endMs)
    const lines: SpokenLine[] = []
    for (const text of phrase.lines) lines.push(await speakLine(engine, text, vocal, sampleRate))
    const assigned = assignSyllables(
      lines.map((l) => l.syllables.map((s) => ({ seconds: s.end - s.start, stressed: s.stressed }))),
      notes,
    )
    for (const note of assigned.unsung) unsung.add(note)
    for (const unit of assigned.units) {
      const line = lines[unit.line] as SpokenLine
      const first = line.syllables[unit.first] as SpokenSyllable
      const last = line.syllables[unit.last] as SpokenSyllable
      const start = at((unit.notes[0] as TuneNote).startMs)
      const end = Math.min(at(phrase.endMs), at((unit.notes.at(-1) as TuneNote).endMs))
      if (end <= start) continue
      unit.notes.forEach((n, i) => {
        sung.push({ note: n.note + shift, startMs: n.startMs, endMs: n.endMs, syllableStart: i === 0 })
      })
      singSpan({
        speech: line.speech,
        marks: line.marks,
        span: {
          start: Math.round(first.start * sampleRate),
          end: Math.round(last.end * sampleRate),
          vowelStart: Math.round(first.vowelStart * sampleRate),
          vowelEnd: Math.round(last.vowelEnd * sampleRate),
        },
        pitches: unit.notes.map((n) => ({ from: at(n.startMs) - start, hz: hzOf(n.note + shift) })),
        sampleRate,
        out: stem,
        at: start,
        length: end - start,
        gain: 1,
      })
    }
  }
  normalise(stem, sampleRate)
  const notes = score.notes.flatMap((n) => {
    if (n.channel !== CHANNEL.vocals) return [n]
    return unsung.has(n) ? [{ ...n, channel: CHANNEL.melody }] : []
  })
  return { score: { ...score, notes }, vocals: stem, sung }
}

/** Scales the stem so its sung stretches (10 ms blocks with sound) have the vocal loudness. */
function normalise(stem: Float32Array, sampleRate: number): void {
  const block = Math.round(sampleRate / 100)
  let sum = 0
  let count = 0
  for (let start = 0; start < stem.length; start += block) {
    let energy = 0
    const end = Math.min(stem.length, start + block)
    for (let i = start; i < end; i++) energy += (stem[i] as number) ** 2
    if (energy / (end - start) > 1e-7) {
      sum += energy
      count += end - start
    }
  }
  if (count === 0) return
  const gain = VOCAL_RMS / Math.sqrt(sum / count)
  for (let i = 0; i < stem.length; i++) stem[i] = (stem[i] as number) * gain
}
