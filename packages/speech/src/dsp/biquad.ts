// RBJ audio-EQ-cookbook biquads (direct form I), used for voice colour and presence.

interface Coefficients {
  b0: number
  b1: number
  b2: number
  a1: number
  a2: number
}

type FilterKind = 'lowshelf' | 'highshelf' | 'peaking' | 'highpass'

function design(
  kind: FilterKind,
  sampleRate: number,
  frequency: number,
  gainDb: number,
  q: number,
): Coefficients {
  const f = Math.min(frequency, sampleRate * 0.45)
  const a = 10 ** (gainDb / 40)
  const w0 = (2 * Math.PI * f) / sampleRate
  const cos = Math.cos(w0)
  const alpha = Math.sin(w0) / (2 * q)
  let b0: number
  let b1: number
  let b2: number
  let a0: number
  let a1: number
  let a2: number
  if (kind === 'peaking') {
    b0 = 1 + alpha * a
    b1 = -2 * cos
    b2 = 1 - alpha * a
    a0 = 1 + alpha / a
    a1 = -2 * cos
    a2 = 1 - alpha / a
  } else if (kind === 'highpass') {
    b0 = (1 + cos) / 2
    b1 = -(1 + cos)
    b2 = (1 + cos) / 2
    a0 = 1 + alpha
    a1 = -2 * cos
    a2 = 1 - alpha
  } else {
    const sign = kind === 'lowshelf' ? -1 : 1
    const sq = 2 * Math.sqrt(a) * alpha
    b0 = a * (a + 1 + sign * (a - 1) * cos + sq)
    b1 = -2 * sign * a * (a - 1 + sign * (a + 1) * cos)
    b2 = a * (a + 1 + sign * (a - 1) * cos - sq)
    a0 = a + 1 - sign * (a - 1) * cos + sq
    a1 = 2 * sign * (a - 1 - sign * (a + 1) * cos)
    a2 = a + 1 - sign * (a - 1) * cos - sq
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 }
}

export interface EqSettings {
  highpassHz?: number
  lowShelfDb: number
  presenceDb: number
  highShelfDb: number
  /** Gains of the octave-wide envelope bands (ENVELOPE_BANDS_HZ), dB; a clone's fitted colour. */
  envelopeDb?: readonly number[]
}

/** Centres of the envelope bands: one peaking filter an octave wide at each. */
export const ENVELOPE_BANDS_HZ = [250, 500, 1000, 2000, 4000] as const
/** Q of an octave-wide peaking band. */
const ENVELOPE_Q = 1.41

function bandsOf(sampleRate: number, eq: EqSettings): Coefficients[] {
  const bands: Coefficients[] = []
  if (eq.highpassHz) bands.push(design('highpass', sampleRate, eq.highpassHz, 0, Math.SQRT1_2))
  if (eq.lowShelfDb !== 0) bands.push(design('lowshelf', sampleRate, 180, eq.lowShelfDb, Math.SQRT1_2))
  if (eq.presenceDb !== 0) bands.push(design('peaking', sampleRate, 3200, eq.presenceDb, 0.9))
  if (eq.highShelfDb !== 0) bands.push(design('highshelf', sampleRate, 6000, eq.highShelfDb, Math.SQRT1_2))
  for (const [i, hz] of ENVELOPE_BANDS_HZ.entries()) {
    const gain = eq.envelopeDb?.[i] ?? 0
    if (gain !== 0) bands.push(design('peaking', sampleRate, hz, gain, ENVELOPE_Q))
  }
  return bands
}

/** The EQ's gain at `hz`, dB: what fitting a colour needs without filtering any audio. */
export function eqResponseDb(sampleRate: number, eq: EqSettings, hz: number): number {
  const w = (2 * Math.PI * hz) / sampleRate
  const c1 = Math.cos(w)
  const s1 = Math.sin(w)
  const c2 = Math.cos(2 * w)
  const s2 = Math.sin(2 * w)
  let db = 0
  for (const b of bandsOf(sampleRate, eq)) {
    const nr = b.b0 + b.b1 * c1 + b.b2 * c2
    const ni = -(b.b1 * s1 + b.b2 * s2)
    const dr = 1 + b.a1 * c1 + b.a2 * c2
    const di = -(b.a1 * s1 + b.a2 * s2)
    db += 10 * Math.log10((nr * nr + ni * ni) / (dr * dr + di * di))
  }
  return db
}

/**
 * An EQ applied piece by piece, in place; bands at 0 dB are skipped. State is kept between
 * calls, so audio filtered piece by piece joins without seams.
 *
 * All bands run in one pass over the samples: a biquad waits on its own previous output, so a
 * band alone keeps the processor idle between samples, while the next band's work on the
 * previous sample fills that wait (a third less time for three bands). Each band's output is
 * rounded to 32-bit float before the next band, exactly as when each band wrote its samples.
 */
export function createEq(sampleRate: number, eq: EqSettings): (samples: Float32Array) => void {
  const bands = bandsOf(sampleRate, eq)
  const n = bands.length
  const c = new Float64Array(bands.flatMap((b) => [b.b0, b.b1, b.b2, b.a1, b.a2]))
  // Per band: x[n-1], x[n-2], y[n-1], y[n-2].
  const state = new Float64Array(n * 4)
  return (samples) => {
    if (n === 0) return
    for (let i = 0; i < samples.length; i++) {
      let x = samples[i]!
      for (let band = 0; band < n; band++) {
        const k = band * 5
        const z = band * 4
        const y =
          c[k]! * x +
          c[k + 1]! * state[z]! +
          c[k + 2]! * state[z + 1]! -
          c[k + 3]! * state[z + 2]! -
          c[k + 4]! * state[z + 3]!
        state[z + 1] = state[z]!
        state[z] = x
        state[z + 3] = state[z + 2]!
        state[z + 2] = y
        x = Math.fround(y)
      }
      samples[i] = x
    }
  }
}

/** Applies the EQ in place; bands at 0 dB are skipped. */
export function applyEq(samples: Float32Array, sampleRate: number, eq: EqSettings): void {
  createEq(sampleRate, eq)(samples)
}
