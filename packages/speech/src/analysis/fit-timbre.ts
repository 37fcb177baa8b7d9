// Fitting a base voice's colour to a clone's samples, from their long-term spectra alone (no
// audio is filtered to fit): first a formant scale (moving the whole envelope along the
// frequency axis, as a longer or shorter vocal tract does), then EQ bands for what is left
// (octave-wide bands from 250 Hz to 4 kHz and the voice's low and high shelves).
import { ENVELOPE_BANDS_HZ, eqResponseDb } from '../dsp/biquad.js'
import { ENVELOPE_CENTRES_HZ, envelopeDistanceDb, relative } from './spectral-envelope.js'

/** Formant scales tried: about a minor third either way, the range a formant shift stays natural in. */
const FORMANT_MIN = 0.84
const FORMANT_MAX = 1.19
const FORMANT_STEP = 0.01
/** A formant move below this is not worth Rubber Band's cost on an engine that cannot scale formants. */
export const FORMANT_TOLERANCE = 0.03
/** The EQ is fitted at this rate; the engines render at 16-24 kHz, where the bands fall alike. */
const FIT_RATE = 16_000
/** The largest gain of a fitted band, dB: more colours the voice more than it matches it. */
const GAIN_MAX_DB = 10
/** The shelves reach the ends of the measured range, where an envelope is least sure: less gain. */
const SHELF_MAX_DB = 6
/**
 * Differences within this (dB) are left alone: two readings of different words by one voice
 * differ by about this much per band, so a smaller difference is not the voice's.
 */
const NOISE_DB = 2
const FIT_ROUNDS = 8
const STEP = 0.7

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/** The envelope at `hz`, interpolated on a log-frequency axis (held flat past the ends). */
function envelopeAt(bands: readonly number[], hz: number): number {
  const position = clamp(3 * Math.log2(hz / ENVELOPE_CENTRES_HZ[0]!), 0, bands.length - 1)
  const lo = Math.floor(position)
  const hi = Math.min(bands.length - 1, lo + 1)
  return bands[lo]! + (bands[hi]! - bands[lo]!) * (position - lo)
}

/** The envelope as a formant scale moves it: content at f goes to f * scale. */
export function scaledEnvelope(bands: readonly number[], scale: number): number[] {
  return relative(ENVELOPE_CENTRES_HZ.map((hz) => envelopeAt(bands, hz / scale)))
}

/** A difference with its straight-line tilt (over log frequency) taken out: what EQ cannot fix simply. */
function withoutTilt(difference: readonly number[]): number[] {
  const n = difference.length
  const mx = (n - 1) / 2
  const my = difference.reduce((s, v) => s + v, 0) / n
  let sxy = 0
  let sxx = 0
  for (let i = 0; i < n; i++) {
    sxy += (i - mx) * (difference[i]! - my)
    sxx += (i - mx) ** 2
  }
  const slope = sxx ? sxy / sxx : 0
  return difference.map((v, i) => v - my - slope * (i - mx))
}

/** The formant scale that brings `base`'s envelope nearest `target`'s shape (1 when none helps). */
export function fitFormantScale(target: readonly number[], base: readonly number[]): number {
  const cost = (scale: number) => {
    const moved = scaledEnvelope(base, scale)
    const rest = withoutTilt(target.map((v, i) => v - moved[i]!))
    return Math.sqrt(rest.reduce((s, d) => s + d * d, 0) / rest.length)
  }
  let best = 1
  let bestCost = cost(1)
  for (let scale = FORMANT_MIN; scale <= FORMANT_MAX + 1e-9; scale += FORMANT_STEP) {
    const c = cost(scale)
    if (c < bestCost - 0.05) {
      best = scale
      bestCost = c
    }
  }
  return Math.round(best * 100) / 100
}

export interface FittedEq {
  lowShelfDb: number
  highShelfDb: number
  envelopeDb: number[]
}

/** EQ gains whose response follows `difference` (target minus base, dB at ENVELOPE_CENTRES_HZ). */
export function fitEnvelopeEq(difference: readonly number[], start?: FittedEq): FittedEq {
  const eq: FittedEq = {
    lowShelfDb: start?.lowShelfDb ?? 0,
    highShelfDb: start?.highShelfDb ?? 0,
    envelopeDb: ENVELOPE_BANDS_HZ.map((_, i) => start?.envelopeDb[i] ?? 0),
  }
  const startResponse = response(start)
  const significant = relative(difference).map((d) => Math.sign(d) * Math.max(0, Math.abs(d) - NOISE_DB))
  const want = relative(significant.map((d, i) => d + startResponse[i]!))
  const centreIndex = (hz: number) => Math.round(3 * Math.log2(hz / ENVELOPE_CENTRES_HZ[0]!))
  for (let round = 0; round < FIT_ROUNDS; round++) {
    const have = relative(response(eq))
    const error = want.map((w, i) => w - have[i]!)
    eq.envelopeDb = eq.envelopeDb.map((gain, band) =>
      clamp(gain + STEP * error[centreIndex(ENVELOPE_BANDS_HZ[band]!)]!, -GAIN_MAX_DB, GAIN_MAX_DB),
    )
    eq.lowShelfDb = clamp(eq.lowShelfDb + (STEP * (error[0]! + error[1]!)) / 2, -SHELF_MAX_DB, SHELF_MAX_DB)
    const top = error.length - 1
    eq.highShelfDb = clamp(
      eq.highShelfDb + (STEP * (error[top]! + error[top - 1]!)) / 2,
      -SHELF_MAX_DB,
      SHELF_MAX_DB,
    )
  }
  const round1 = (v: number) => Math.round(v * 10) / 10
  return {
    lowShelfDb: round1(eq.lowShelfDb),
    highShelfDb: round1(eq.highShelfDb),
    envelopeDb: eq.envelopeDb.map(round1),
  }
}

function response(eq: FittedEq | undefined): number[] {
  if (!eq) return ENVELOPE_CENTRES_HZ.map(() => 0)
  const settings = {
    lowShelfDb: eq.lowShelfDb,
    presenceDb: 0,
    highShelfDb: eq.highShelfDb,
    envelopeDb: eq.envelopeDb,
  }
  return ENVELOPE_CENTRES_HZ.map((hz) => eqResponseDb(FIT_RATE, settings, hz))
}

/** How far apart two envelopes are once the best formant scale has moved one onto the other. */
export function envelopeMismatchDb(target: readonly number[], base: readonly number[]): number {
  return envelopeDistanceDb(target, scaledEnvelope(base, fitFormantScale(target, base)))
}
