// Building blocks of the sound-effect synthesiser: noises, filters, envelopes and a small
// reverb. Everything draws its randomness from the generator it is handed, so a seed fixes
// the result.

export type Random = () => number

/** Frequencies are kept under this share of the sample rate (filters blow up near Nyquist). */
const NYQUIST_SHARE = 0.45

export function clampFreq(freq: number, sampleRate: number): number {
  return Math.max(10, Math.min(freq, sampleRate * NYQUIST_SHARE))
}

export function white(n: number, rnd: Random): Float32Array {
  const out = new Float32Array(n)
  for (let i = 0; i < n; i++) out[i] = rnd() * 2 - 1
  return out
}

/** Pink noise (Paul Kellet's economy filter). */
export function pink(n: number, rnd: Random): Float32Array {
  const out = new Float32Array(n)
  let b0 = 0
  let b1 = 0
  let b2 = 0
  for (let i = 0; i < n; i++) {
    const w = rnd() * 2 - 1
    b0 = 0.99765 * b0 + w * 0.099046
    b1 = 0.963 * b1 + w * 0.2965164
    b2 = 0.57 * b2 + w * 1.0526913
    out[i] = (b0 + b1 + b2 + w * 0.1848) * 0.18
  }
  return out
}

/** Brown noise: integrated white noise with a leak so it stays centred. */
export function brown(n: number, rnd: Random): Float32Array {
  const out = new Float32Array(n)
  let y = 0
  for (let i = 0; i < n; i++) {
    y = y * 0.998 + (rnd() * 2 - 1) * 0.06
    out[i] = y
  }
  return out
}

/** A biquad (RBJ cookbook) run in place; `freq` may follow a curve (one value per sample). */
export function biquad(
  x: Float32Array,
  sampleRate: number,
  type: 'lowpass' | 'highpass' | 'bandpass',
  freq: number | ((i: number) => number),
  q = Math.SQRT1_2,
): Float32Array {
  let x1 = 0
  let x2 = 0
  let y1 = 0
  let y2 = 0
  let b0 = 0
  let b1 = 0
  let b2 = 0
  let a1 = 0
  let a2 = 0
  const design = (f: number) => {
    const w = (2 * Math.PI * clampFreq(f, sampleRate)) / sampleRate
    const cos = Math.cos(w)
    const alpha = Math.sin(w) / (2 * q)
    const a0 = 1 + alpha
    if (type === 'lowpass') {
      b0 = (1 - cos) / 2 / a0
      b1 = (1 - cos) / a0
      b2 = b0
    } else if (type === 'highpass') {
      b0 = (1 + cos) / 2 / a0
      b1 = -(1 + cos) / a0
      b2 = b0
    } else {
      b0 = alpha / a0
      b1 = 0
      b2 = -alpha / a0
    }
    a1 = (-2 * cos) / a0
    a2 = (1 - alpha) / a0
  }
  const moving = typeof freq === 'function'
  if (!moving) design(freq)
  for (let i = 0; i < x.length; i++) {
    // A moving filter is redesigned every 32 samples: smooth enough, and cheap.
    if (moving && i % 32 === 0) design(freq(i))
    const input = x[i]!
    const y = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
    x2 = x1
    x1 = input
    y2 = y1
    y1 = y
    x[i] = y
  }
  return x
}

/** Adds `src` into `dst` from sample `at`, scaled; whatever runs past the end is dropped. */
export function mixInto(dst: Float32Array, src: Float32Array, at = 0, gain = 1): void {
  const start = Math.max(0, Math.round(at))
  const end = Math.min(dst.length, start + src.length)
  for (let i = start; i < end; i++) dst[i] = dst[i]! + src[i - start]! * gain
}

/** A damped sine (a struck resonance): frequency may glide from `f0` to `f1`. */
export function ping(
  sampleRate: number,
  seconds: number,
  f0: number,
  f1: number,
  decay: number,
  phase = 0,
): Float32Array {
  const n = Math.max(1, Math.round(seconds * sampleRate))
  const out = new Float32Array(n)
  // Glide and decay advance by a constant ratio per sample (no pow or exp in the loop).
  const lo = clampFreq(Math.min(f0, f1), sampleRate)
  const hi = clampFreq(Math.max(f0, f1), sampleRate)
  let f = clampFreq(f0, sampleRate)
  const glide = (clampFreq(f1, sampleRate) / f) ** (1 / n)
  const fall = Math.exp(-decay / sampleRate)
  const step = (2 * Math.PI) / sampleRate
  let p = phase
  let a = 1
  for (let i = 0; i < n; i++) {
    p += step * f
    out[i] = Math.sin(p) * a
    f = Math.min(hi, Math.max(lo, f * glide))
    a *= fall
  }
  return out
}

/** A noise burst with an exponential decay (seconds to fall by 1/e). */
export function burst(sampleRate: number, seconds: number, tau: number, rnd: Random): Float32Array {
  const out = white(Math.max(1, Math.round(seconds * sampleRate)), rnd)
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * Math.exp(-i / sampleRate / tau)
  return out
}

/** A slow random curve between `lo` and `hi`: smoothed random steps every `period` seconds. */
export function drift(
  n: number,
  sampleRate: number,
  period: number,
  lo: number,
  hi: number,
  rnd: Random,
): Float32Array {
  const out = new Float32Array(n)
  const step = Math.max(1, Math.round(period * sampleRate))
  let from = lo + (hi - lo) * rnd()
  let to = lo + (hi - lo) * rnd()
  for (let i = 0; i < n; i++) {
    if (i % step === 0 && i > 0) {
      from = to
      to = lo + (hi - lo) * rnd()
    }
    const t = (i % step) / step
    const s = t * t * (3 - 2 * t)
    out[i] = from + (to - from) * s
  }
  return out
}

/** Schroeder reverb (four combs, two all-passes) mixed in by `wet`. */
export function reverb(x: Float32Array, sampleRate: number, wet: number, size = 1): Float32Array {
  if (wet <= 0) return x
  const combs = [0.0297, 0.0371, 0.0411, 0.0437].map((s) => Math.round(s * size * sampleRate))
  const out = new Float32Array(x.length)
  for (const delay of combs) {
    const buf = new Float32Array(delay)
    let at = 0
    for (let i = 0; i < x.length; i++) {
      const y = buf[at]!
      buf[at] = x[i]! + y * 0.8
      out[i] = out[i]! + y * 0.25
      at = (at + 1) % delay
    }
  }
  for (const seconds of [0.005, 0.0017]) {
    const delay = Math.max(1, Math.round(seconds * sampleRate))
    const buf = new Float32Array(delay)
    let at = 0
    for (let i = 0; i < out.length; i++) {
      const b = buf[at]!
      const input = out[i]!
      const y = -input * 0.7 + b
      buf[at] = input + b * 0.7
      out[i] = y
      at = (at + 1) % delay
    }
  }
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * (1 - wet * 0.5) + out[i]! * wet
  return x
}

export function peak(x: Float32Array): number {
  let p = 0
  for (let i = 0; i < x.length; i++) p = Math.max(p, Math.abs(x[i]!))
  return p
}
