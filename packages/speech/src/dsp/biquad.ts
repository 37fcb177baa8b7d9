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

/** A biquad that keeps its state between calls, so audio filtered piece by piece joins without seams. */
function filter(c: Coefficients): (samples: Float32Array) => void {
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  return (samples) => {
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!
      const y = c.b0 * x + c.b1 * x1 + c.b2 * x2 - c.a1 * y1 - c.a2 * y2
      x2 = x1
      x1 = x
      y2 = y1
      y1 = y
      samples[i] = y
    }
  }
}

export interface EqSettings {
  highpassHz?: number
  lowShelfDb: number
  presenceDb: number
  highShelfDb: number
}

/** An EQ applied piece by piece, in place; bands at 0 dB are skipped. */
export function createEq(sampleRate: number, eq: EqSettings): (samples: Float32Array) => void {
  const stages: ((samples: Float32Array) => void)[] = []
  if (eq.highpassHz) stages.push(filter(design('highpass', sampleRate, eq.highpassHz, 0, Math.SQRT1_2)))
  if (eq.lowShelfDb !== 0)
    stages.push(filter(design('lowshelf', sampleRate, 180, eq.lowShelfDb, Math.SQRT1_2)))
  if (eq.presenceDb !== 0) stages.push(filter(design('peaking', sampleRate, 3200, eq.presenceDb, 0.9)))
  if (eq.highShelfDb !== 0)
    stages.push(filter(design('highshelf', sampleRate, 6000, eq.highShelfDb, Math.SQRT1_2)))
  return (samples) => {
    for (const stage of stages) stage(samples)
  }
}

/** Applies the EQ in place; bands at 0 dB are skipped. */
export function applyEq(samples: Float32Array, sampleRate: number, eq: EqSettings): void {
  createEq(sampleRate, eq)(samples)
}
