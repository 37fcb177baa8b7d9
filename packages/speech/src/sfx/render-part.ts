// Renders one prompt part's sounds: each instance drawn with its own seed, placed at a common
// loudness, made distant or softer as the prompt asks, and trimmed to where it has faded out.
import { createRandom, deriveSeed } from '../dsp/prng.js'
import { biquad, reverb } from './kit.js'
import type { PromptPart } from './prompt/parse-prompt.js'
import type { Modifiers, RenderContext, SoundType } from './types.js'

/** Share (in dB) of each dip inside an event that is filled in. */
const DIP_FILL = 0.75

/** An event ends where it has fallen this far below its loudest 20 ms. */
const TAIL_GATE_DB = 28

/** Loudness of the loudest 20 ms: how every event and sustained sound is levelled. */
export function loudestFrameRms(x: Float32Array, sampleRate: number): number {
  const w = Math.max(1, Math.round(0.02 * sampleRate))
  let best = 0
  for (let start = 0; start < x.length; start += w >> 1) {
    let s = 0
    const end = Math.min(x.length, start + w)
    for (let i = start; i < end; i++) s += x[i]! * x[i]!
    best = Math.max(best, Math.sqrt(s / w))
  }
  return best
}

/**
 * Where an event has faded out: after the last 20 ms window within `db` of its loudest, with a
 * short fade there. A noisy tail that wavers around the threshold would otherwise read as
 * extra sounds.
 */
function gateTail(x: Float32Array, sampleRate: number, db: number): Float32Array {
  const hop = Math.max(1, Math.round(0.01 * sampleRate))
  const levels: number[] = []
  for (let start = 0; start < x.length; start += hop) {
    let s = 0
    const end = Math.min(x.length, start + 2 * hop)
    for (let i = start; i < end; i++) s += x[i]! * x[i]!
    levels.push(s / (2 * hop))
  }
  const top = Math.max(...levels)
  const floor = top * 10 ** (-db / 10)
  let last = levels.length - 1
  while (last > 0 && levels[last]! < floor) last--
  const end = Math.min(x.length, (last + 2) * hop)
  const out = x.slice(0, Math.max(1, end))
  const fade = Math.min(out.length, Math.round(0.015 * sampleRate))
  for (let i = 0; i < fade; i++) out[out.length - 1 - i] = out[out.length - 1 - i]! * (i / fade)
  return out
}

/**
 * Lifts the dips inside an event most of the way (in dB) towards a single rise and fall, so a noisy
 * rumble or a laugh's syllables stay one sound instead of breaking into several.
 */
function fillDips(x: Float32Array, sampleRate: number): Float32Array {
  const hop = Math.max(1, Math.round(0.01 * sampleRate))
  const count = Math.ceil(x.length / hop)
  const level = new Float64Array(count)
  for (let k = 0; k < count; k++) {
    let s = 0
    const end = Math.min(x.length, (k + 2) * hop)
    for (let i = k * hop; i < end; i++) s += x[i]! * x[i]!
    level[k] = Math.sqrt(s / (2 * hop)) + 1e-9
  }
  let top = 0
  for (let k = 1; k < count; k++) if (level[k]! > level[top]!) top = k
  // The hull rises to the loudest window and falls after it, never dipping.
  const hull = new Float64Array(count)
  for (let k = 0, m = 0; k <= top; k++) hull[k] = m = Math.max(m, level[k]!)
  for (let k = count - 1, m = 0; k > top; k--) hull[k] = m = Math.max(m, level[k]!)
  const at = (k: number) => Math.max(0, Math.min(count - 1, k))
  const gain = (k: number) => Math.min(4, (hull[at(k)]! / level[at(k)]!) ** DIP_FILL)
  for (let i = 0; i < x.length; i++) {
    const pos = i / hop - 0.5
    const k = Math.floor(pos)
    const t = pos - k
    x[i] = x[i]! * (gain(k) * (1 - t) + gain(k + 1) * t)
  }
  return x
}

/**
 * Evens out a sustained sound's loudness over ~200 ms windows (gusts, swells and syllables
 * keep their detail but never fall silent or jump out), so it reads as one continuous sound.
 */
export function levelOut(x: Float32Array, sampleRate: number): Float32Array {
  const w = Math.max(1, Math.round(0.2 * sampleRate))
  const count = Math.ceil(x.length / w)
  const rms = new Float64Array(count)
  for (let k = 0; k < count; k++) {
    let s = 0
    const end = Math.min(x.length, (k + 1) * w)
    for (let i = k * w; i < end; i++) s += x[i]! * x[i]!
    rms[k] = Math.sqrt(s / Math.max(1, end - k * w))
  }
  const sorted = [...rms].sort((a, b) => a - b)
  const target = sorted[Math.floor(sorted.length / 2)]! || 1
  const gainAt = (k: number) =>
    Math.max(0.33, Math.min(3, target / Math.max(rms[Math.max(0, Math.min(count - 1, k))]!, 1e-9)))
  for (let i = 0; i < x.length; i++) {
    // Gains are joined linearly between window centres so no step is heard.
    const pos = i / w - 0.5
    const k = Math.floor(pos)
    const t = pos - k
    x[i] = x[i]! * (gainAt(k) * (1 - t) + gainAt(k + 1) * t)
  }
  return x
}

/** Far away: the highs go, a little room comes in, and it is quieter. */
function distance(x: Float32Array, sampleRate: number, mods: Modifiers): Float32Array {
  if (mods.distance <= 0) return x
  biquad(x, sampleRate, 'lowpass', 2500)
  // A small room (short combs) so the tail stays short enough to keep repeats apart.
  return reverb(x, sampleRate, 0.35 * mods.distance, 0.5)
}

/** Loudness of a part relative to the rest: louder or softer words, and distance. */
export function partGain(mods: Modifiers): number {
  return (mods.intensity >= 1 ? 1 : mods.intensity) * (mods.distance > 0 ? 0.55 : 1)
}

export interface RenderedInstance {
  samples: Float32Array
  part: number
  type: SoundType
}

/** One instance of a part's type, at unit loudness of its loudest 20 ms. */
export function renderInstance(
  type: SoundType,
  part: PromptPart,
  options: { sampleRate: number; seed: number; index: number; variation: number; seconds: number },
): Float32Array {
  const ctx: RenderContext = {
    sampleRate: options.sampleRate,
    rnd: createRandom(deriveSeed(options.seed, options.index)),
    mods: part.mods,
    variation: options.variation,
    seconds: options.seconds,
  }
  let x = type.render(ctx)
  if (type.kind === 'sustained') {
    x =
      x.length > Math.round(options.seconds * options.sampleRate)
        ? x.slice(0, Math.round(options.seconds * options.sampleRate))
        : x
    levelOut(x, options.sampleRate)
  }
  distance(x, options.sampleRate, part.mods)
  if (type.kind === 'event') x = gateTail(fillDips(x, options.sampleRate), options.sampleRate, TAIL_GATE_DB)
  const level = loudestFrameRms(x, options.sampleRate)
  const gain = level > 0 ? partGain(part.mods) / level : 0
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * gain
  return x
}
