// Text to sound effects without a model: the prompt's words pick recipes from the
// vocabulary and modifiers (big, distant, fast, metallic...), the recipes are rendered and
// layered, and a seed taken from the prompt and settings makes the result reproducible.
import { SOUND_EFFECT_MAX_SECONDS, SOUND_EFFECT_MIN_SECONDS } from '@timbre/contract'
import { createRandom } from '../dsp/prng.js'
import { biquad, drift, peak, pink, reverb } from './kit.js'
import { type Modifiers, RECIPES, type Recipe, type RecipeContext } from './recipes.js'

export interface SoundEffectRequest {
  text: string
  /** null: chosen from the recipes' natural lengths. */
  durationSeconds: number | null
  /** 0..1: higher follows the recipes closely and varies less. */
  promptInfluence: number
  /** The end joins the start seamlessly. */
  loop: boolean
}

export interface SoundEffectPlan {
  recipes: string[]
  modifiers: Modifiers
  durationSeconds: number
  seed: number
}

export interface SoundEffect extends SoundEffectPlan {
  samples: Float32Array
  sampleRate: number
}

const BY_WORD = new Map<string, Recipe>()
for (const recipe of RECIPES)
  for (const word of recipe.words) if (!BY_WORD.has(word)) BY_WORD.set(word, recipe)

/** Lower-case words; a plural or -ing form also counts as its stem. */
export function promptWords(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z-]*/g) ?? []
  const out: string[] = []
  for (const w of words) {
    out.push(w)
    if (w.endsWith('es')) out.push(w.slice(0, -2))
    if (w.endsWith('s')) out.push(w.slice(0, -1))
    if (w.endsWith('ing')) out.push(w.slice(0, -3))
  }
  return out
}

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

function modifiersOf(words: Set<string>): Modifiers {
  const any = (...w: string[]) => w.some((x) => words.has(x))
  let size = 1
  if (any('big', 'huge', 'large', 'heavy', 'deep', 'giant', 'massive', 'low')) size = 1.5
  if (any('small', 'tiny', 'little', 'light', 'high', 'thin')) size = 0.7
  let speed = 1
  if (any('fast', 'quick', 'rapid', 'hurried', 'frantic')) speed = 1.6
  if (any('slow', 'slowly', 'lazy', 'calm', 'gentle')) speed = 0.65
  let intensity = 1
  if (any('loud', 'strong', 'intense', 'violent', 'powerful', 'heavy')) intensity = 1.5
  if (any('soft', 'quiet', 'gentle', 'faint', 'subtle')) intensity = 0.6
  const distance = any('distant', 'distance', 'far', 'faraway', 'muffled', 'background', 'outside') ? 0.7 : 0
  const metallic = any('metal', 'metallic', 'steel', 'iron', 'clang')
  return { size, speed, intensity, distance, metallic }
}

/** Which recipes a prompt calls, in the order its words name them (each once). */
export function planSoundEffect(request: SoundEffectRequest): SoundEffectPlan {
  const words = promptWords(request.text)
  const recipes: string[] = []
  for (const w of words) {
    const recipe = BY_WORD.get(w)
    if (recipe && !recipes.includes(recipe.id)) recipes.push(recipe.id)
  }
  const set = new Set(words)
  const natural = Math.max(2, ...recipes.map((id) => RECIPES.find((r) => r.id === id)!.seconds))
  const longer = set.has('long') || set.has('continuous') || set.has('ambience') || set.has('ambient') ? 2 : 1
  const durationSeconds =
    request.durationSeconds ??
    Math.min(SOUND_EFFECT_MAX_SECONDS, Math.max(SOUND_EFFECT_MIN_SECONDS, natural * longer))
  return { recipes, modifiers: modifiersOf(set), durationSeconds, seed: seedOf(request) }
}

/** A prompt no recipe knows still gets its own sound: a drifting band of noise and a drone placed by its seed. */
function texture(ctx: RecipeContext, seed: number): Float32Array {
  const { n, sampleRate, rnd } = ctx
  const centre = 200 + (seed % 2000)
  const sweep = drift(n, sampleRate, 1.5, centre * 0.7, centre * 1.4, rnd)
  const out = biquad(pink(n, rnd), sampleRate, 'bandpass', (i) => sweep[i]!, 2)
  const drone = 50 + ((seed >>> 11) % 150)
  for (let i = 0; i < n; i++) {
    out[i] =
      out[i]! * 2 +
      0.25 *
        Math.sin((2 * Math.PI * drone * i) / sampleRate) *
        (0.6 + 0.4 * Math.sin((2 * Math.PI * 0.2 * i) / sampleRate))
  }
  return out
}

function rms(x: Float32Array): number {
  let s = 0
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!
  return Math.sqrt(s / Math.max(1, x.length))
}

/** Renders a planned effect at `sampleRate` (the output format's rate, so nothing is resampled). */
export function renderSoundEffect(request: SoundEffectRequest, sampleRate: number): SoundEffect {
  const plan = planSoundEffect(request)
  const words = new Set(promptWords(request.text))
  const length = Math.round(plan.durationSeconds * sampleRate)
  // A loop renders a little extra and folds it over the start, so the end runs into the
  // beginning as continuous sound.
  const fold = request.loop ? Math.min(Math.round(0.5 * sampleRate), Math.floor(length / 3)) : 0
  const n = length + fold
  const rnd = createRandom(plan.seed)
  const variation = Math.max(0, Math.min(1, 1 - request.promptInfluence))
  const mix = new Float32Array(n)
  const layers = plan.recipes.length > 0 ? plan.recipes : ['texture']
  layers.forEach((id, index) => {
    const ctx: RecipeContext = { n, sampleRate, rnd, mods: plan.modifiers, variation, words }
    const recipe = RECIPES.find((r) => r.id === id)
    const layer = recipe ? recipe.render(ctx) : texture(ctx, plan.seed)
    const level = rms(layer)
    if (level === 0) return
    // Layers are balanced by loudness; the first named leads.
    const gain = (index === 0 ? 0.25 : 0.17) / level
    for (let i = 0; i < n; i++) mix[i] = mix[i]! + layer[i]! * gain
  })
  if (plan.modifiers.distance > 0) {
    biquad(mix, sampleRate, 'lowpass', 1800)
    reverb(mix, sampleRate, 0.6)
  } else if (
    words.has('reverb') ||
    words.has('hall') ||
    words.has('cave') ||
    words.has('echo') ||
    words.has('cathedral')
  ) {
    reverb(mix, sampleRate, 0.5, 1.6)
  }
  biquad(mix, sampleRate, 'highpass', 20)
  const samples = request.loop ? foldLoop(mix, length, fold) : fadeOut(mix, sampleRate)
  const p = peak(samples)
  // Peaks at -1 dBFS, scaled by intensity (softer prompts stay softer).
  const target = 0.89 * Math.min(1, 0.75 + 0.25 * plan.modifiers.intensity)
  if (p > 0) for (let i = 0; i < samples.length; i++) samples[i] = (samples[i]! * target) / p
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
function fadeOut(x: Float32Array, sampleRate: number): Float32Array {
  const inLen = Math.min(x.length, Math.round(0.003 * sampleRate))
  const outLen = Math.min(x.length, Math.round(0.05 * sampleRate))
  for (let i = 0; i < inLen; i++) x[i] = x[i]! * (i / inLen)
  for (let i = 0; i < outLen; i++) x[x.length - 1 - i] = x[x.length - 1 - i]! * (i / outLen)
  return x
}
