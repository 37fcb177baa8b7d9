// Larger building blocks on top of kit.ts: a voice (a buzz through formant resonances), a struck
// body (damped modes and a contact click), tones, shaped noise and envelopes. The vocabulary
// describes each sound type as parameters of these.
import { biquad, burst, clampFreq, pink, type Random, white } from './kit.js'
import type { RenderContext } from './types.js'

export const samplesFor = (ctx: { sampleRate: number }, seconds: number) =>
  Math.max(1, Math.round(seconds * ctx.sampleRate))

/** A factor near 1 that wanders further when the prompt's influence is low. */
export const jitter = (ctx: RenderContext, amount = 0.15) => 1 + (ctx.rnd() * 2 - 1) * amount * ctx.variation

/** Multiplies in place by an attack-sustain-release envelope (times in seconds). */
export function envelope(x: Float32Array, sampleRate: number, attack: number, release: number): Float32Array {
  const a = Math.max(1, attack * sampleRate)
  const r = Math.max(1, release * sampleRate)
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * Math.min(1, i / a, (x.length - i) / r)
  return x
}

/** Multiplies in place by an exponential decay (seconds to fall by 1/e) after a short attack. */
export function decayEnvelope(
  x: Float32Array,
  sampleRate: number,
  tau: number,
  attack = 0.002,
): Float32Array {
  const a = Math.max(1, attack * sampleRate)
  const fall = Math.exp(-1 / (tau * sampleRate))
  let g = 1
  for (let i = 0; i < x.length; i++) {
    x[i] = x[i]! * Math.min(1, i / a) * g
    g *= fall
  }
  return x
}

export interface VoiceShape {
  seconds: number
  /** Pitch over the sound, `t` from 0 to 1. */
  f0: (t: number) => number
  /** Resonances: centre Hz, Q and relative gain. */
  formants: ReadonlyArray<readonly [number, number, number]>
  /** Share of breath noise in the source, 0..1. */
  breath?: number
  /** Random pitch wobble per cycle (a growl or rasp), 0..1. */
  rough?: number
  /** Loudness over the sound, `t` from 0 to 1 (default: quick rise, held, quick fall). */
  amp?: (t: number) => number
}

/**
 * A voiced call: a sawtooth buzz at a moving pitch, with some breath, through parallel formant
 * band-passes. Harmonics shaped by resonances are what make barks, moos and meows sound like
 * throats rather than oscillators.
 */
export function voiced(ctx: RenderContext, shape: VoiceShape): Float32Array {
  const { sampleRate, rnd } = ctx
  const n = samplesFor(ctx, shape.seconds)
  const source = new Float32Array(n)
  const breath = shape.breath ?? 0.1
  const rough = shape.rough ?? 0
  let p = 0
  let wobble = 1
  for (let i = 0; i < n; i++) {
    const t = i / n
    const f = clampFreq(shape.f0(t) * wobble, sampleRate)
    p += f / sampleRate
    if (p >= 1) {
      p -= 1
      if (rough > 0) wobble = 1 + (rnd() * 2 - 1) * rough * 0.3
    }
    source[i] = (2 * p - 1) * (1 - breath) + (rnd() * 2 - 1) * breath
  }
  const out = new Float32Array(n)
  for (const [freq, q, gain] of shape.formants) {
    const band = biquad(source.slice(), sampleRate, 'bandpass', freq / ctx.mods.size ** 0.3, q)
    for (let i = 0; i < n; i++) out[i] = out[i]! + band[i]! * gain
  }
  const amp = shape.amp ?? ((t: number) => Math.min(1, t / 0.08, (1 - t) / 0.15))
  for (let i = 0; i < n; i++) out[i] = out[i]! * amp(i / n)
  return out
}

export interface StruckShape {
  seconds: number
  /** Modes: Hz, seconds to fall by 1/e, gain. */
  modes: ReadonlyArray<readonly [number, number, number]>
  /** Contact noise: gain, seconds to fall by 1/e, low-pass Hz. */
  click?: readonly [number, number, number]
}

/** A struck body: a contact click and damped resonant modes (wood, metal, glass, skin). */
export function struck(ctx: RenderContext, shape: StruckShape): Float32Array {
  const { sampleRate } = ctx
  const n = samplesFor(ctx, shape.seconds)
  const out = new Float32Array(n)
  for (const [freq, tau, gain] of shape.modes) {
    const f = clampFreq(freq / ctx.mods.size, sampleRate)
    const w = (2 * Math.PI * f) / sampleRate
    const fall = Math.exp(-1 / (tau * ctx.mods.size ** 0.5 * sampleRate))
    let a = gain
    for (let i = 0; i < n; i++) {
      out[i] = out[i]! + Math.sin(w * i) * a
      a *= fall
    }
  }
  if (shape.click) {
    const [gain, tau, lowpass] = shape.click
    const c = biquad(
      burst(sampleRate, Math.min(shape.seconds, tau * 8), tau, ctx.rnd),
      sampleRate,
      'lowpass',
      lowpass,
    )
    for (let i = 0; i < c.length; i++) out[i] = out[i]! + c[i]! * gain
  }
  if (ctx.mods.metallic) {
    for (const ratio of [2.76, 5.4, 8.93]) {
      const f = clampFreq((shape.modes[0]?.[0] ?? 400) * ratio, sampleRate)
      for (let i = 0; i < n; i++)
        out[i] =
          out[i]! + Math.sin((2 * Math.PI * f * i) / sampleRate) * 0.2 * Math.exp(-i / sampleRate / 0.4)
    }
  }
  return envelope(out, sampleRate, 0.0005, 0.01)
}

/** A tone of partials (ratio to `freq`, gain) with clean edges; `glide` multiplies the pitch by the end. */
export function tone(
  ctx: RenderContext,
  freq: number,
  seconds: number,
  partials: ReadonlyArray<readonly [number, number]> = [[1, 1]],
  glide = 1,
): Float32Array {
  const { sampleRate } = ctx
  const n = samplesFor(ctx, seconds)
  const out = new Float32Array(n)
  const step = glide ** (1 / n)
  for (const [ratio, gain] of partials) {
    let f = freq * ratio
    let p = 0
    for (let i = 0; i < n; i++) {
      p += (2 * Math.PI * clampFreq(f, sampleRate)) / sampleRate
      out[i] = out[i]! + Math.sin(p) * gain
      f *= step
    }
  }
  return envelope(out, sampleRate, 0.003, 0.01)
}

/** Noise of a colour through a band (low and high edge), for beds and hisses. */
export function noiseBand(
  n: number,
  sampleRate: number,
  rnd: Random,
  lowHz: number,
  highHz: number,
  colour: 'white' | 'pink' = 'white',
): Float32Array {
  const x = colour === 'pink' ? pink(n, rnd) : white(n, rnd)
  biquad(x, sampleRate, 'highpass', lowHz)
  biquad(x, sampleRate, 'highpass', lowHz)
  biquad(x, sampleRate, 'lowpass', highHz)
  return biquad(x, sampleRate, 'lowpass', highHz)
}

/** A pulse train at a moving rate (engines, motors): narrow pulses rich in low harmonics. */
export function pulses(
  n: number,
  sampleRate: number,
  rate: (i: number) => number,
  duty = 0.18,
): Float32Array {
  const out = new Float32Array(n)
  let p = 0
  for (let i = 0; i < n; i++) {
    p = (p + rate(i) / sampleRate) % 1
    out[i] = p < duty ? 1 : -duty / (1 - duty)
  }
  return out
}

/** Adds `b` scaled into `a` (same length or shorter) and returns `a`. */
export function add(a: Float32Array, b: Float32Array, gain = 1, at = 0): Float32Array {
  const end = Math.min(a.length, at + b.length)
  for (let i = Math.max(0, at); i < end; i++) a[i] = a[i]! + b[i - at]! * gain
  return a
}
