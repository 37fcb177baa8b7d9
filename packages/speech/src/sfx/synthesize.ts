// Text to sound effects without a model: the prompt is read as a small score (which sounds, how
// many, in what order, over which beds), each sound is synthesised from the vocabulary, the
// events are laid out one after another and fitted into the length, and the beds run under them.
// A seed taken from the prompt and settings makes the result reproducible.
import { SOUND_EFFECT_MAX_SECONDS, SOUND_EFFECT_MIN_SECONDS } from '@timbre/contract'
import { createRandom, deriveSeed } from '../dsp/prng.js'
import { biquad, drift, peak, pink } from './kit.js'
import { type LayoutItem, layout, naturalSeconds, TAIL_SECONDS } from './layout.js'
import { type ParsedPrompt, type PromptPart, parsePrompt } from './prompt/parse-prompt.js'
import { levelOut, loudestFrameRms, renderInstance } from './render-part.js'
import { soundType } from './vocabulary/index.js'

export interface SoundEffectRequest {
  text: string
  /** null: chosen from the sounds' natural lengths. */
  durationSeconds: number | null
  /** 0..1: higher follows the vocabulary closely and varies less. */
  promptInfluence: number
  /** The end joins the start seamlessly. */
  loop: boolean
}

export interface PlannedEvent {
  typeId: string
  startSeconds: number
  seconds: number
}

export interface SoundEffectPlan {
  prompt: ParsedPrompt
  /** The sequence as laid out, in order. */
  events: PlannedEvent[]
  durationSeconds: number
  seed: number
}

export interface SoundEffect extends SoundEffectPlan {
  samples: Float32Array
  sampleRate: number
}

/** Beds sit this far under the events' loudness, so every event stands clear of them. */
const BED_UNDER_EVENTS_DB = 24
const BED_ONLY_SECONDS = 4
const EVENTS_OVER_BED_SECONDS = 2.5
const BED_SKIP_SECONDS = 0.3
/** 22 s at the shortest sound and silence (about 0.13 s each). */
const MAX_SEQUENCE_SOUNDS = 160

/** FNV-1a over the request: the same prompt and settings always give the same seed. */
function seedOf(request: SoundEffectRequest): number {
  const key = JSON.stringify([
    request.text.trim().toLowerCase(),
    request.durationSeconds,
    request.promptInfluence,
    request.loop,
  ])
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** One sound of the sequence, before it is placed. */
export interface PlannedItem extends LayoutItem {
  typeId: string
  /** The event's audio; sustained sounds are rendered once their length is known. */
  samples: Float32Array | null
  index: number
}

/** Renders every event and sizes every sustained stretch of the sequence. */
function sequenceItems(
  parts: PromptPart[],
  sampleRate: number,
  seed: number,
  variation: number,
): PlannedItem[] {
  const items: PlannedItem[] = []
  const jitter = createRandom(deriveSeed(seed, 999_983))
  parts.forEach((part, p) => {
    const type = soundType(part.typeId)
    const repeatGap = (type.gapSeconds ?? 0.25) * (1 + (jitter() * 2 - 1) * 0.3 * variation)
    const make = (k: number): PlannedItem => {
      const index = items.length + k * 7919 + p * 104_729
      const seconds = part.seconds ?? type.seconds
      const samples =
        type.kind === 'event'
          ? renderInstance(type, part, { sampleRate, seed, index, variation, seconds: type.seconds })
          : null
      return {
        typeId: type.id,
        samples,
        index,
        seconds: samples ? samples.length / sampleRate : seconds,
        part: p,
        stretchable: type.kind === 'sustained' && part.seconds === null,
        repeatGap,
      }
    }
    const first = make(0)
    let count = part.count
    // "beeping for 5 seconds": as many as fit, when no count was written.
    if (type.kind === 'event' && part.seconds !== null && !part.countGiven)
      count = Math.max(1, Math.floor((part.seconds + repeatGap) / (first.seconds + repeatGap)))
    items.push(first)
    // However many parts a long prompt has, the effect holds no more sounds than fit in it.
    for (let k = 1; k < count && items.length < MAX_SEQUENCE_SOUNDS; k++) items.push(make(k))
  })
  return items
}

/** Which sounds a prompt calls, in order, and how long the effect will be. */
export function planSoundEffect(
  request: SoundEffectRequest,
  sampleRate = 22050,
): SoundEffectPlan & { items: PlannedItem[] } {
  const prompt = parsePrompt(request.text)
  const seed = seedOf(request)
  const variation = Math.max(0, Math.min(1, 1 - request.promptInfluence))
  const items = sequenceItems(prompt.sequence, sampleRate, seed, variation)
  // Events over a bed get some of the bed around them.
  const natural =
    items.length > 0
      ? Math.max(naturalSeconds(items), prompt.beds.length > 0 ? EVENTS_OVER_BED_SECONDS : 0)
      : Math.max(BED_ONLY_SECONDS, ...prompt.beds.map((b) => b.seconds ?? 0))
  const durationSeconds =
    request.durationSeconds ?? Math.min(SOUND_EFFECT_MAX_SECONDS, Math.max(SOUND_EFFECT_MIN_SECONDS, natural))
  const placed = layout(items, items.length > 0 ? durationSeconds : null)
  const events = items.map((item, k) => ({ typeId: item.typeId, ...placed[k]! }))
  return { prompt, events, durationSeconds, seed, items }
}

/** A prompt naming no known sound still gets its own: a drifting band of noise placed by its seed. */
function texture(n: number, sampleRate: number, seed: number): Float32Array {
  const rnd = createRandom(seed)
  const centre = 200 + (seed % 2000)
  const sweep = drift(n, sampleRate, 1.5, centre * 0.7, centre * 1.4, rnd)
  const out = biquad(pink(n, rnd), sampleRate, 'bandpass', (i) => sweep[i]!, 2)
  const drone = 50 + ((seed >>> 11) % 150)
  for (let i = 0; i < n; i++) out[i] = out[i]! * 2 + 0.25 * Math.sin((2 * Math.PI * drone * i) / sampleRate)
  return levelOut(out, sampleRate)
}

/** Beds under the whole length: sustained sounds run throughout, events repeat evenly across it. */
function renderBeds(
  prompt: ParsedPrompt,
  n: number,
  sampleRate: number,
  seed: number,
  variation: number,
): Float32Array {
  const mix = new Float32Array(n)
  prompt.beds.forEach((part, b) => {
    const type = soundType(part.typeId)
    const options = { sampleRate, seed, variation, seconds: n / sampleRate }
    if (type.kind === 'sustained') {
      // Rendered longer and cut from the middle: a bed is already running when the effect starts.
      const bed = renderInstance(type, part, {
        ...options,
        seconds: options.seconds + 2 * BED_SKIP_SECONDS,
        index: 50_000 + b,
      })
      const skip = Math.round(BED_SKIP_SECONDS * sampleRate)
      for (let i = 0; i < Math.min(n, bed.length - skip); i++) mix[i] = mix[i]! + bed[i + skip]!
      return
    }
    for (let k = 0; k < part.count; k++) {
      const one = renderInstance(type, part, {
        ...options,
        index: 60_000 + b * 100 + k,
        seconds: type.seconds,
      })
      const at = Math.round(((k + 0.5) / part.count) * n - one.length / 2)
      for (let i = Math.max(0, at); i < Math.min(n, at + one.length); i++) mix[i] = mix[i]! + one[i - at]!
    }
  })
  if (prompt.beds.length === 0 && prompt.sequence.length === 0) mix.set(texture(n, sampleRate, seed))
  return mix
}

/** Renders a planned effect at `sampleRate` (the output format's rate, so nothing is resampled). */
export function renderSoundEffect(request: SoundEffectRequest, sampleRate: number): SoundEffect {
  const { items, ...plan } = planSoundEffect(request, sampleRate)
  const variation = Math.max(0, Math.min(1, 1 - request.promptInfluence))
  const length = Math.round(plan.durationSeconds * sampleRate)
  // A loop renders a little extra and folds it over the start, so the end runs into the
  // beginning as continuous sound.
  const fold = request.loop ? Math.min(Math.round(0.5 * sampleRate), Math.floor(length / 3)) : 0
  const n = length + fold
  const beds = renderBeds(plan.prompt, n, sampleRate, plan.seed, variation)
  if (items.length > 0 && plan.prompt.beds.length > 0) {
    const level = loudestFrameRms(beds, sampleRate)
    const gain = level > 0 ? 10 ** (-BED_UNDER_EVENTS_DB / 20) / level : 0
    for (let i = 0; i < n; i++) beds[i] = beds[i]! * gain
  }
  biquad(beds, sampleRate, 'highpass', 20)
  // Only the beds fold over the seam; the events are placed after, so none is faded by it.
  const mix = request.loop ? foldLoop(beds, length, fold) : beds.subarray(0, length)
  items.forEach((item, k) => {
    const event = plan.events[k]!
    const part = plan.prompt.sequence[item.part]!
    const type = soundType(item.typeId)
    const samples =
      item.samples ??
      renderInstance(type, part, {
        sampleRate,
        seed: plan.seed,
        index: item.index,
        variation,
        seconds: event.seconds,
      })
    const at = Math.round(event.startSeconds * sampleRate)
    const take = Math.min(samples.length, Math.round(event.seconds * sampleRate), length - at)
    // An event shortened to fit fades over its last 20 ms instead of stopping dead.
    const fadeLen = Math.min(take, Math.round(0.02 * sampleRate))
    for (let i = 0; i < take; i++) {
      const fade = take < samples.length && i >= take - fadeLen ? (take - i) / fadeLen : 1
      mix[at + i] = mix[at + i]! + samples[i]! * fade
    }
    event.seconds = Math.max(0, take) / sampleRate
  })
  const samples = request.loop ? mix : fadeEdges(mix, sampleRate)
  const p = peak(samples)
  // Peaks at -1 dBFS.
  if (p > 0) for (let i = 0; i < samples.length; i++) samples[i] = (samples[i]! * 0.89) / p
  return { ...plan, samples, sampleRate }
}

/**
 * Cross-fades the rendered extra into the start (equal power): the last output sample is
 * followed, across the seam, by what was rendered right after it.
 */
function foldLoop(x: Float32Array, length: number, fold: number): Float32Array {
  const out = x.slice(0, length)
  for (let i = 0; i < fold; i++) {
    const t = i / fold
    out[i] = x[i]! * Math.sin((Math.PI / 2) * t) + x[length + i]! * Math.cos((Math.PI / 2) * t)
  }
  return out
}

/** A short fade at both ends so a one-shot starts and stops without a click. */
function fadeEdges(x: Float32Array, sampleRate: number): Float32Array {
  const inLen = Math.min(x.length, Math.round(0.003 * sampleRate))
  const outLen = Math.min(x.length, Math.round(Math.min(TAIL_SECONDS, 0.05) * sampleRate))
  for (let i = 0; i < inLen; i++) x[i] = x[i]! * (i / inLen)
  for (let i = 0; i < outLen; i++) x[x.length - 1 - i] = x[x.length - 1 - i]! * (i / outLen)
  return x
}
