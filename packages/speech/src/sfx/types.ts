// The shapes shared by the sound-effect vocabulary, the prompt parser and the renderer.
import type { Random } from './kit.js'

export const SOUND_FAMILIES = [
  'animals',
  'vehicles',
  'weather',
  'household',
  'crowds',
  'machines',
  'interface',
  'impacts',
] as const
export type SoundFamily = (typeof SOUND_FAMILIES)[number]

export interface Modifiers {
  /** Bigger, heavier, deeper > 1; smaller, lighter, higher < 1. */
  size: number
  /** Faster, quicker > 1; slower < 1. */
  speed: number
  /** Louder, stronger > 1; softer, gentler < 1. */
  intensity: number
  /** Far away, distant, muffled: 0..1. */
  distance: number
  /** Metal, metallic: inharmonic ringing on hits. */
  metallic: boolean
}

export const NEUTRAL_MODIFIERS: Modifiers = { size: 1, speed: 1, intensity: 1, distance: 0, metallic: false }

export interface RenderContext {
  sampleRate: number
  rnd: Random
  mods: Modifiers
  /** 0..1: how far parameters may wander from the type's own (low prompt influence wanders more). */
  variation: number
  /** Seconds wanted: a sustained sound fills exactly this; an event may ignore it. */
  seconds: number
}

/**
 * What a rendered sound must measure like, so tests can recognise it without knowing how it was
 * made. Ranges are inclusive; a missing feature is not checked.
 */
export interface Signature {
  /** Length of the sound above the detector's threshold. */
  durationMs: [number, number]
  /** Power-weighted mean frequency. */
  centroidHz?: [number, number]
  /** Strength of periodicity (normalised autocorrelation at the pitch lag), 0..1. */
  voicing?: [number, number]
  /** Fundamental frequency of the voiced part. */
  pitchHz?: [number, number]
  /** Peaks in the envelope of the harmonics between 200 and 4000 Hz (vowel-like resonances). */
  formantsAtLeast?: number
  /** Octaves between the frequencies under which 10% and 90% of the power lie. */
  bandwidthOctaves?: [number, number]
  /** Onset to the loudest 10 ms. */
  attackMs?: [number, number]
  /** Loudest 10 ms to 20 dB below it. */
  decayMs?: [number, number]
  /** Spread of the 100 ms loudness in dB (standard deviation): low for steady beds. */
  unsteadinessDb?: [number, number]
  /** Centroid of the first 15 ms over the whole's: a bright transient before a darker body. */
  onsetBrightness?: [number, number]
}

export type SoundKind = 'event' | 'sustained'

export interface SoundType {
  id: string
  family: SoundFamily
  /** An event is one separate sound (a bark); a sustained sound runs as long as asked (rain). */
  kind: SoundKind
  /** Words that name it; a type wins a phrase by matching the most of them. */
  words: string[]
  /** Natural length: one event, or a sustained stretch when nothing sets it. */
  seconds: number
  /** How many events a phrase without a count asks for (footsteps come in a run). */
  defaultCount?: number
  /** Silence after each repeat, when a run sounds more natural tighter or looser than usual. */
  gapSeconds?: number
  signature: Signature
  render(ctx: RenderContext): Float32Array
}
