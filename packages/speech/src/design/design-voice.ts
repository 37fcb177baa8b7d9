// Voice design on the engines we have: the traits of a description pick a premade base voice
// (language, gender, age, accent) and set its pitch, pitch range and pace, a formant shift
// (vocal-tract size) and an EQ (timbre words). Each request gives several variations of the
// design that differ measurably in pitch, formants and pace, seeded for reproducibility.
// A remix applies a description of a change to an existing voice the same way, relative to
// where the voice already is.
import { createRandom } from '../dsp/prng.js'
import { FLITE_F0 } from '../synthesis/engine-params.js'
import type { EngineParams, KokoroParams, PiperParams, VoiceDefinition, VoiceDsp } from '../types.js'
import { PREMADE_VOICES } from '../voices/premade-voices.js'
import type { Age, Gender, Timbre, VoiceTraits } from './describe-voice.js'

/** Semitones per pitch step of a description ("deep" is one step, "very deep" two). */
const SEMITONES_PER_STEP = 3
/** Pace ratio per step ("fast" is one step). */
const PACE_PER_STEP = 1.15
/** How far apart the variations of one design are: pitch (semitones), formant scale, pace. */
const VARIATIONS = [
  { pitch: 0, formant: 1, pace: 1 },
  { pitch: -2, formant: 0.95, pace: 0.95 },
  { pitch: 2, formant: 1.05, pace: 1.06 },
]

/** The speaking pitch a design aims at before the pitch words move it, by gender and age. */
const BASE_F0: Record<Gender, Record<Age, number>> = {
  female: { child: 290, young: 225, middle_aged: 200, old: 180 },
  male: { child: 250, young: 125, middle_aged: 110, old: 96 },
  neutral: { child: 270, young: 170, middle_aged: 160, old: 145 },
}
/** eSpeak NG's 0-99 pitch scale moves a voice by about a semitone per 4 steps. */
const ESPEAK_STEPS_PER_SEMITONE = 4

interface TimbreDsp {
  formant: number
  lowShelfDb: number
  presenceDb: number
  highShelfDb: number
  gainDb: number
}

const TIMBRE: Record<Timbre, Partial<TimbreDsp>> = {
  deep: { formant: 0.93, lowShelfDb: 3 },
  bright: { formant: 1.03, presenceDb: 2, highShelfDb: 3 },
  warm: { lowShelfDb: 3, highShelfDb: -2 },
  breathy: { highShelfDb: 4, presenceDb: -1, gainDb: -2 },
  raspy: { presenceDb: 4, lowShelfDb: 1 },
  nasal: { presenceDb: 3, lowShelfDb: -2 },
  soft: { highShelfDb: -2, gainDb: -3 },
  powerful: { presenceDb: 2, gainDb: 3, lowShelfDb: 1 },
  whisper: { highShelfDb: 2, gainDb: -3 },
  thin: { formant: 1.05, lowShelfDb: -4 },
}
const AGE_FORMANT: Record<Age, number> = { child: 1.12, young: 1.02, middle_aged: 1, old: 0.97 }
const AGE_PACE: Record<Age, number> = { child: 1.05, young: 1.04, middle_aged: 1, old: 0.9 }

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits

function timbreDsp(timbre: readonly Timbre[]): TimbreDsp {
  const out: TimbreDsp = { formant: 1, lowShelfDb: 0, presenceDb: 0, highShelfDb: 0, gainDb: 0 }
  for (const word of timbre) {
    const t = TIMBRE[word]
    out.formant *= t.formant ?? 1
    out.lowShelfDb += t.lowShelfDb ?? 0
    out.presenceDb += t.presenceDb ?? 0
    out.highShelfDb += t.highShelfDb ?? 0
    out.gainDb += t.gainDb ?? 0
  }
  return out
}

/** Premade voices of the language (English when it has none), best match for the traits first. */
export function baseVoicesFor(traits: VoiceTraits, language: string): VoiceDefinition[] {
  let voices = PREMADE_VOICES.filter((v) => v.language === language)
  if (!voices.length) voices = PREMADE_VOICES.filter((v) => v.language === 'en')
  const gender = traits.gender === 'neutral' ? 'female' : traits.gender
  const score = (v: VoiceDefinition) =>
    (gender && v.labels.gender === gender ? 8 : 0) +
    (traits.accent && v.labels.accent === traits.accent ? 4 : 0) +
    (traits.age && v.labels.age === traits.age ? 2 : 0) +
    (traits.timbre.some((t) => v.labels.descriptive === t) ? 1 : 0)
  const ranked = [...voices].sort((a, b) => score(b) - score(a))
  const best = score(ranked[0]!)
  // Only the voices as good as the best on gender: a variation never swaps a man for a woman.
  return ranked.filter((v) => score(v) >= best - 7 && (!gender || v.labels.gender === gender || best < 8))
}

function genderOf(traits: VoiceTraits, base: VoiceDefinition): Gender {
  if (traits.gender) return traits.gender
  if (traits.pitch > 0) return 'female'
  if (traits.pitch < 0) return 'male'
  return base.labels.gender === 'male' ? 'male' : 'female'
}

/** A neural voice at another pace: Piper stretches its lengths, Kokoro speeds up (> 1 is faster). */
function paced(engine: PiperParams | KokoroParams, pace: number): EngineParams {
  return engine.engine === 'kokoro'
    ? { ...engine, speed: round(clamp(engine.speed * pace, 0.5, 2), 3) }
    : { ...engine, lengthScale: round(clamp(engine.lengthScale / pace, 0.5, 2), 3) }
}

/** Sets a voice's speaking pitch (Hz), range factor and pace ratio on its engine. */
function tune(
  base: VoiceDefinition,
  f0: number,
  rangeFactor: number,
  pace: number,
  nominalF0: number,
): { engine: EngineParams; pitchSemitones: number } {
  const engine = base.engine
  if (engine.engine === 'flite') {
    const mean = clamp(f0, 60, 400)
    return {
      engine: {
        ...engine,
        durationStretch: round(clamp(engine.durationStretch / pace, 0.5, 2), 3),
        f0Mean: Math.round(mean),
        f0Stddev: Math.round(clamp(mean * 0.12 * rangeFactor, 3, 90)),
      },
      pitchSemitones: 0,
    }
  }
  const shift = 12 * Math.log2(f0 / nominalF0)
  if (engine.engine === 'espeak') {
    const pitch = clamp(Math.round(engine.pitch + shift * ESPEAK_STEPS_PER_SEMITONE), 0, 99)
    return {
      engine: {
        ...engine,
        pitch,
        range: clamp(Math.round(engine.range * rangeFactor), 0, 99),
        rate: clamp(Math.round(engine.rate * pace), 80, 450),
      },
      pitchSemitones: round(clamp(shift - (pitch - engine.pitch) / ESPEAK_STEPS_PER_SEMITONE, -12, 12), 1),
    }
  }
  return {
    engine: paced(engine, pace),
    pitchSemitones: round(clamp(shift, -12, 12), 1),
  }
}

/** Moves a voice's pitch by a ratio, its range by a factor and its pace, from where it is now. */
function retune(
  voice: VoiceDefinition,
  pitchRatio: number,
  rangeFactor: number,
  pace: number,
): { engine: EngineParams; pitchSemitones: number } {
  const engine = voice.engine
  if (engine.engine === 'flite') {
    // Flite's pitch target is absolute: the whole move goes there, and the DSP shift is folded in.
    const now = nominalF0(voice) * 2 ** (voice.dsp.pitchSemitones / 12)
    const mean = clamp(now * pitchRatio, 60, 400)
    const spread = (engine.f0Stddev ?? now * 0.12) * (mean / now) * rangeFactor
    return {
      engine: {
        ...engine,
        durationStretch: round(clamp(engine.durationStretch / pace, 0.5, 2), 3),
        f0Mean: Math.round(mean),
        f0Stddev: Math.round(clamp(spread, 3, 90)),
      },
      pitchSemitones: 0,
    }
  }
  const pitchSemitones = round(clamp(voice.dsp.pitchSemitones + 12 * Math.log2(pitchRatio), -12, 12), 1)
  if (engine.engine === 'espeak') {
    return {
      engine: {
        ...engine,
        range: clamp(Math.round(engine.range * rangeFactor), 0, 99),
        rate: clamp(Math.round(engine.rate * pace), 80, 450),
      },
      pitchSemitones,
    }
  }
  return {
    engine: paced(engine, pace),
    pitchSemitones,
  }
}

/**
 * The pitch a voice speaks at before any shift: its Flite target (the same default the engine is
 * given, so a remix moves from where the voice really is), or the usual pitch of its gender.
 */
function nominalF0(voice: VoiceDefinition): number {
  if (voice.engine.engine === 'flite') return voice.engine.f0Mean ?? FLITE_F0[voice.engine.voice] ?? 110
  return voice.labels.gender === 'male' ? 115 : 200
}

export interface DesignOptions {
  /** Voice ids of the designs. */
  voiceIds: string[]
  name: string
  description: string
  /** The language to speak; else the one the description names or is written in, else English. */
  language?: string
  seed: number
  /** 0-100 (default 50): how closely the variations keep to the description. */
  guidance?: number
}

/** Several designs of one description, each measurably different from the others. */
export function designVoices(traits: VoiceTraits, options: DesignOptions): VoiceDefinition[] {
  const language = options.language ?? traits.language ?? 'en'
  const bases = baseVoicesFor(traits, language)
  const random = createRandom(options.seed)
  // Lower guidance lets the variations spread further from the described voice.
  const spread = 1 + (50 - clamp(options.guidance ?? 50, 0, 100)) / 100
  return options.voiceIds.map((voiceId, index) => {
    const base = bases[index % bases.length]!
    const variation = VARIATIONS[index % VARIATIONS.length]!
    const gender = genderOf(traits, base)
    const age = traits.age ?? (base.labels.age as Age)
    const jitter = (random() - 0.5) * 0.6
    const semitones = traits.pitch * SEMITONES_PER_STEP + (variation.pitch + jitter) * spread
    const f0 = (BASE_F0[gender][age] ?? BASE_F0[gender].middle_aged) * 2 ** (semitones / 12)
    const pace = PACE_PER_STEP ** traits.pace * (AGE_PACE[age] ?? 1) * variation.pace ** spread
    const range = traits.intonation < 0 ? 0.5 : traits.intonation > 0 ? 1.6 : 1
    const { engine, pitchSemitones } = tune(base, f0, range, pace, nominalF0(base))
    const colour = timbreDsp(traits.timbre)
    // A voice of another gender than its base gets the vocal-tract size of that gender too.
    const genderFormant =
      base.labels.gender === gender || gender === 'neutral' ? 1 : gender === 'female' ? 1.1 : 0.9
    const dsp: VoiceDsp = {
      pitchSemitones,
      formantScale: round(
        clamp(
          colour.formant * (AGE_FORMANT[age] ?? 1) * genderFormant * variation.formant ** spread,
          0.8,
          1.25,
        ),
        3,
      ),
      lowShelfDb: round(clamp(colour.lowShelfDb, -12, 12), 1),
      presenceDb: round(clamp(colour.presenceDb, -12, 12), 1),
      highShelfDb: round(clamp(colour.highShelfDb, -12, 12), 1),
      gainDb: round(clamp(colour.gainDb, -12, 12), 1),
    }
    return {
      ...base,
      voice_id: voiceId,
      name: options.name,
      description: options.description,
      labels: {
        ...base.labels,
        gender,
        age,
        accent: traits.accent ?? base.labels.accent,
        descriptive: traits.timbre[0] ?? base.labels.descriptive,
        use_case: 'generated',
      },
      engine,
      dsp,
    }
  })
}

/** A change asked of an existing voice, applied on top of what it already does. */
export function remixVoice(
  voice: VoiceDefinition,
  change: VoiceTraits,
  options: { voiceIds: string[]; seed: number },
): VoiceDefinition[] {
  const random = createRandom(options.seed)
  const currentGender = voice.labels.gender as Gender
  const towardsGender =
    change.gender && change.gender !== currentGender ? (change.gender === 'female' ? 7 : -7) : 0
  const towardsAge = change.age === 'old' ? -1 : change.age === 'young' ? 1 : change.age === 'child' ? 4 : 0
  const colour = timbreDsp(change.timbre)
  return options.voiceIds.map((voiceId, index) => {
    const variation = VARIATIONS[index % VARIATIONS.length]!
    // Variations of a remix stay well on the asked side of the voice: a quarter of the design spread.
    const semitones =
      change.pitch * SEMITONES_PER_STEP +
      towardsGender +
      towardsAge +
      variation.pitch / 4 +
      (random() - 0.5) * 0.3
    const pace =
      PACE_PER_STEP ** change.pace *
      (change.age ? (AGE_PACE[change.age] ?? 1) : 1) *
      Math.sqrt(variation.pace)
    const range = change.intonation < 0 ? 0.6 : change.intonation > 0 ? 1.5 : 1
    const { engine, pitchSemitones } = retune(voice, 2 ** (semitones / 12), range, pace)
    const genderFormant = towardsGender > 0 ? 1.1 : towardsGender < 0 ? 0.9 : 1
    const ageFormant = change.age ? (AGE_FORMANT[change.age] ?? 1) : 1
    return {
      ...voice,
      voice_id: voiceId,
      labels: {
        ...voice.labels,
        ...(change.gender ? { gender: change.gender } : {}),
        ...(change.age ? { age: change.age } : {}),
        ...(change.accent ? { accent: change.accent } : {}),
      },
      engine,
      dsp: {
        pitchSemitones,
        formantScale: round(
          clamp(
            voice.dsp.formantScale *
              colour.formant *
              genderFormant *
              ageFormant *
              Math.sqrt(variation.formant),
            0.75,
            1.3,
          ),
          3,
        ),
        lowShelfDb: round(clamp(voice.dsp.lowShelfDb + colour.lowShelfDb, -12, 12), 1),
        presenceDb: round(clamp(voice.dsp.presenceDb + colour.presenceDb, -12, 12), 1),
        highShelfDb: round(clamp(voice.dsp.highShelfDb + colour.highShelfDb, -12, 12), 1),
        gainDb: round(clamp(voice.dsp.gainDb + colour.gainDb, -12, 12), 1),
      },
    }
  })
}
