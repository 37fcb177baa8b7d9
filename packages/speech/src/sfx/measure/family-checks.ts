// What every sound of a family must measure like, on top of its own type's signature: the
// family's defining trait (calls are voiced or tonal, beds are steady, impacts start hard...).
import type { SoundFamily, SoundType } from '../types.js'
import { type SoundFeatures, signatureDistance, signatureMisses } from './features.js'

type Check = (f: SoundFeatures, type: SoundType) => string | null

const steady =
  (maxDb: number): Check =>
  (f) =>
    f.unsteadinessDb <= maxDb ? null : `not steady: ${f.unsteadinessDb.toFixed(1)} dB > ${maxDb}`

const FAMILY_RULES: Record<SoundFamily, Check> = {
  // A call is voiced (a throat's buzz) or a pure whistled tone (a bird's chirp).
  animals: (f, t) =>
    t.kind === 'sustained'
      ? steady(6)(f, t)
      : f.voicing >= 0.2 || f.bandwidthOctaves <= 1.6
        ? null
        : `neither voiced nor tonal (voicing ${f.voicing.toFixed(2)}, ${f.bandwidthOctaves.toFixed(1)} octaves)`,
  // Engines hum at a low firing rate, aircraft roar broadband, sirens hold a tone; all steadily.
  vehicles: (f, t) => {
    if (t.kind === 'event')
      return f.durationMs >= 150 ? null : `too short for a vehicle: ${f.durationMs.toFixed(0)} ms`
    const kind =
      (f.voicing >= 0.35 && f.pitchHz <= 150) || f.bandwidthOctaves >= 2.5 || f.voicing >= 0.5
        ? null
        : 'neither a low periodic hum, a broadband roar nor a tone'
    return kind ?? steady(4)(f, t)
  },
  // Weather beds are steady noise (not a single tone); its events are low rumbles or small drips.
  weather: (f, t) =>
    t.kind === 'sustained'
      ? (steady(5)(f, t) ??
        (f.bandwidthOctaves >= 0.8 ? null : `too narrow for noise: ${f.bandwidthOctaves.toFixed(1)} octaves`))
      : f.centroidHz <= 3000
        ? null
        : `too bright for thunder or a drip: ${f.centroidHz.toFixed(0)} Hz`,
  // Things struck start hard; things that creak, ring or zip last.
  household: (f, t) =>
    t.kind === 'sustained'
      ? steady(3)(f, t)
      : f.attackMs <= 30 || f.durationMs >= 400
        ? null
        : `neither a transient nor a sustained event (attack ${f.attackMs} ms, ${f.durationMs.toFixed(0)} ms)`,
  // Crowds are steady; single voices last at least a syllable.
  crowds: (f, t) =>
    t.kind === 'sustained'
      ? steady(4)(f, t)
      : f.durationMs >= 100
        ? null
        : `too short for a voice: ${f.durationMs.toFixed(0)} ms`,
  machines: (f, t) => steady(3)(f, t),
  // Interface sounds are short: under 1.6 s, or a steady alarm or typing bed.
  interface: (f, t) =>
    t.kind === 'sustained'
      ? steady(5)(f, t)
      : f.durationMs <= 1600
        ? null
        : `too long for an interface sound: ${f.durationMs.toFixed(0)} ms`,
  // An impact reaches its loudest within 100 ms and then decays.
  impacts: (f) => (f.attackMs <= 100 ? null : `attack too slow for an impact: ${f.attackMs} ms`),
}

/** Everything about `features` that does not fit `type`: its family's trait and its signature. */
export function typeMisses(features: SoundFeatures, type: SoundType): string[] {
  const family = FAMILY_RULES[type.family](features, type)
  return [...(family ? [family] : []), ...signatureMisses(features, type.signature)]
}

/**
 * Which of `candidates` a detected sound is: among the types it fits entirely, the one whose
 * ranges it sits most centrally in. Null when it fits none, or two fit it equally well.
 */
export function identify(features: SoundFeatures, candidates: readonly SoundType[]): SoundType | null {
  const ranked = candidates
    .filter((type) => typeMisses(features, type).length === 0)
    .map((type) => ({ type, distance: signatureDistance(features, type.signature) }))
    .sort((a, b) => a.distance - b.distance)
  const best = ranked[0]
  if (!best) return null
  if (ranked[1] && ranked[1].distance - best.distance < 0.01) return null
  return best.type
}
