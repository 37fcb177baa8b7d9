// The synthesiser's vocabulary: one recipe per kind of sound, each named by the words that
// call it. A recipe fills a buffer of any length: beds (rain, wind, engine...) run the whole
// length, events (impacts, doors, beeps...) are placed in it, repeating if it is long.
import { biquad, brown, burst, drift, mixInto, ping, pink, type Random, white } from './kit.js'

export interface Modifiers {
  /** Bigger, heavier, deeper > 1; smaller, lighter, higher < 1. */
  size: number
  /** Faster, quicker > 1; slower < 1. */
  speed: number
  /** Louder, stronger, heavier > 1; softer, gentler < 1. */
  intensity: number
  /** Far away, distant, muffled: 0..1. */
  distance: number
  /** Metal, metallic, glass: adds inharmonic ringing to hits. */
  metallic: boolean
}

export interface RecipeContext {
  n: number
  sampleRate: number
  rnd: Random
  mods: Modifiers
  /** 0..1: how far parameters may wander from the recipe's own (low prompt influence wanders more). */
  variation: number
  /** The words of the prompt, for recipes with variants (door knock or creak, bird or owl...). */
  words: Set<string>
}

export interface Recipe {
  id: string
  words: string[]
  /** Natural length in seconds, used when the duration is automatic. */
  seconds: number
  render(ctx: RecipeContext): Float32Array
}

const has = (ctx: RecipeContext, ...words: string[]) => words.some((w) => ctx.words.has(w))
const jitter = (ctx: RecipeContext, amount = 0.3) => 1 + (ctx.rnd() * 2 - 1) * amount * ctx.variation

/** Places events at intervals of `every` seconds (± spread) across the buffer. */
function schedule(ctx: RecipeContext, every: number, spread: number, first = 0.05): number[] {
  const times: number[] = []
  const total = ctx.n / ctx.sampleRate
  for (let t = first; t < total; t += every * (1 + (ctx.rnd() * 2 - 1) * spread)) times.push(t)
  return times
}

const rain: Recipe = {
  id: 'rain',
  words: ['rain', 'raining', 'rainy', 'drizzle', 'downpour', 'storm', 'shower', 'rainfall'],
  seconds: 10,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const heavy = has(ctx, 'heavy', 'downpour', 'storm', 'pouring')
      ? 1.6
      : has(ctx, 'light', 'drizzle')
        ? 0.5
        : 1
    const out = biquad(pink(n, rnd), sampleRate, 'highpass', 900 * jitter(ctx))
    biquad(out, sampleRate, 'lowpass', 9000)
    for (let i = 0; i < n; i++) out[i] = out[i]! * 0.5 * heavy
    const drops = Math.round((n / sampleRate) * 40 * heavy)
    for (let d = 0; d < drops; d++) {
      const f = 2500 + rnd() * 4000
      mixInto(out, ping(sampleRate, 0.03, f, f * 0.7, 120), rnd() * n, 0.15 + rnd() * 0.25)
    }
    return out
  },
}

const wind: Recipe = {
  id: 'wind',
  words: ['wind', 'windy', 'breeze', 'gust', 'gusts', 'gale', 'howling', 'blizzard', 'blowing'],
  seconds: 10,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const centre = drift(n, sampleRate, 1.3 / ctx.mods.speed, 250 / ctx.mods.size, 900 / ctx.mods.size, rnd)
    const out = biquad(pink(n, rnd), sampleRate, 'bandpass', (i) => centre[i]!, has(ctx, 'howling') ? 6 : 1.5)
    const gusts = drift(n, sampleRate, 1.7 / ctx.mods.speed, 0.3, 1.2, rnd)
    for (let i = 0; i < n; i++) out[i] = out[i]! * gusts[i]! * 2.2
    return out
  },
}

const thunder: Recipe = {
  id: 'thunder',
  words: ['thunder', 'thunderstorm', 'lightning', 'thunderclap', 'rumble', 'rumbling'],
  seconds: 7,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    for (const t of schedule(ctx, 7, 0.3, 0.05)) {
      const at = t * sampleRate
      const crack = biquad(burst(sampleRate, 0.6, 0.08, rnd), sampleRate, 'highpass', 1500)
      mixInto(out, crack, at, ctx.mods.distance > 0.3 ? 0.1 : 0.7)
      const len = Math.round(5 * sampleRate)
      const rumble = biquad(brown(len, rnd), sampleRate, 'lowpass', 160 * jitter(ctx))
      const swell = drift(len, sampleRate, 0.35, 0.2, 1, rnd)
      for (let i = 0; i < len; i++) {
        const s = i / sampleRate
        rumble[i] = rumble[i]! * swell[i]! * Math.min(1, s / 0.15) * Math.exp(-s / 1.6) * 6
      }
      mixInto(out, rumble, at + 0.05 * sampleRate)
    }
    return out
  },
}

const footsteps: Recipe = {
  id: 'footsteps',
  words: [
    'footsteps',
    'footstep',
    'steps',
    'walking',
    'walk',
    'running',
    'run',
    'stomping',
    'marching',
    'feet',
  ],
  seconds: 5,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const running = has(ctx, 'running', 'run', 'sprint', 'sprinting')
    const crunchy = has(ctx, 'gravel', 'snow', 'leaves', 'dirt', 'sand')
    const out = new Float32Array(n)
    const every = (running ? 0.3 : 0.55) / ctx.mods.speed
    let k = 0
    for (const t of schedule(ctx, every, 0.06, 0.1)) {
      const accent = k++ % 2 === 0 ? 1 : 0.8
      const thump = ping(sampleRate, 0.12, 110 / ctx.mods.size, 60 / ctx.mods.size, 40)
      mixInto(out, thump, t * sampleRate, 0.8 * accent)
      const scuff = biquad(
        burst(sampleRate, 0.1, crunchy ? 0.04 : 0.015, rnd),
        sampleRate,
        'bandpass',
        crunchy ? 3000 : 1800,
        0.8,
      )
      mixInto(out, scuff, t * sampleRate + 0.01 * sampleRate, (crunchy ? 1 : 0.5) * accent)
    }
    return out
  },
}

const door: Recipe = {
  id: 'door',
  words: ['door', 'doors', 'knock', 'knocking', 'knocks', 'creak', 'creaking', 'creaky', 'gate', 'hinge'],
  seconds: 3,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    const knock = has(ctx, 'knock', 'knocking', 'knocks')
    const creak = has(ctx, 'creak', 'creaking', 'creaky', 'hinge', 'open', 'opening') || !knock
    const slam =
      has(ctx, 'slam', 'slams', 'slamming', 'close', 'closing', 'shut') ||
      (!knock && !has(ctx, 'open', 'opening'))
    const total = n / sampleRate
    if (knock) {
      for (let group = 0; group * 1.6 < total; group++) {
        for (let k = 0; k < 3; k++) {
          const t = group * 1.6 + 0.1 + k * 0.22 * jitter(ctx, 0.2)
          mixInto(
            out,
            ping(sampleRate, 0.15, 190 / ctx.mods.size, 160 / ctx.mods.size, 35),
            t * sampleRate,
            0.9,
          )
          mixInto(
            out,
            biquad(burst(sampleRate, 0.05, 0.006, rnd), sampleRate, 'bandpass', 1200),
            t * sampleRate,
            0.6,
          )
        }
      }
      return out
    }
    const creakSeconds = Math.min(total * (slam ? 0.65 : 0.95), 2.2)
    if (creak) {
      const len = Math.round(creakSeconds * sampleRate)
      const pitch = drift(len, sampleRate, 0.12, 70, 160, rnd)
      const saw = new Float32Array(len)
      let p = 0
      for (let i = 0; i < len; i++) {
        p = (p + pitch[i]! / sampleRate) % 1
        saw[i] = (2 * p - 1) * Math.sin((Math.PI * i) / len)
      }
      biquad(saw, sampleRate, 'bandpass', 1100, 3)
      mixInto(out, saw, 0.05 * sampleRate, 1.8)
    }
    if (slam) {
      const at = (creak ? creakSeconds : 0.05) * sampleRate
      mixInto(out, ping(sampleRate, 0.5, 90 / ctx.mods.size, 50 / ctx.mods.size, 9), at, 1)
      mixInto(out, biquad(burst(sampleRate, 0.4, 0.05, rnd), sampleRate, 'lowpass', 2500), at, 0.8)
      mixInto(
        out,
        biquad(burst(sampleRate, 0.3, 0.03, rnd), sampleRate, 'bandpass', 3500, 4),
        at + 0.04 * sampleRate,
        0.3,
      )
    }
    return out
  },
}

const engine: Recipe = {
  id: 'engine',
  words: [
    'engine',
    'car',
    'motor',
    'truck',
    'motorcycle',
    'idle',
    'idling',
    'revving',
    'rev',
    'vehicle',
    'traffic',
    'bus',
  ],
  seconds: 6,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const revving = has(ctx, 'revving', 'rev', 'accelerating', 'racing')
    const base = (has(ctx, 'truck', 'bus') ? 28 : has(ctx, 'motorcycle') ? 55 : 40) / ctx.mods.size
    const rpm = revving
      ? drift(n, sampleRate, 1.2, base, base * 3, rnd)
      : drift(n, sampleRate, 0.8, base * 0.95, base * 1.08, rnd)
    const out = new Float32Array(n)
    let p = 0
    for (let i = 0; i < n; i++) {
      p = (p + rpm[i]! / sampleRate) % 1
      // Firing pulses: a narrow pulse train rich in harmonics.
      out[i] = (p < 0.18 ? 1 : -0.22) + (rnd() * 2 - 1) * 0.25
    }
    biquad(out, sampleRate, 'lowpass', (i) => rpm[i]! * 9, 1.2)
    biquad(out, sampleRate, 'highpass', 25)
    for (let i = 0; i < n; i++) out[i] = out[i]! * 0.9
    return out
  },
}

const crowd: Recipe = {
  id: 'crowd',
  words: [
    'crowd',
    'people',
    'chatter',
    'chatting',
    'talking',
    'murmur',
    'cafe',
    'restaurant',
    'audience',
    'party',
    'applause',
    'clapping',
    'cheering',
    'cheer',
    'stadium',
  ],
  seconds: 8,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    if (has(ctx, 'applause', 'clapping', 'clap', 'claps')) {
      const claps = Math.round((n / sampleRate) * 60 * ctx.mods.intensity)
      for (let c = 0; c < claps; c++) {
        const clap = biquad(
          burst(sampleRate, 0.04, 0.006, rnd),
          sampleRate,
          'bandpass',
          1200 + rnd() * 1500,
          1.5,
        )
        mixInto(out, clap, rnd() * n, 0.5 + rnd() * 0.5)
      }
    }
    const voices = has(ctx, 'stadium', 'cheering', 'cheer') ? 16 : 9
    for (let v = 0; v < voices; v++) {
      // One talker: a buzz at a wandering pitch, shaped by a moving formant and syllables.
      const pitch = drift(n, sampleRate, 0.25, 90 + rnd() * 120, 140 + rnd() * 140, rnd)
      const formant = drift(n, sampleRate, 0.12, 400, 2200, rnd)
      const syll = drift(n, sampleRate, 0.11, -0.6, 1, rnd)
      const voice = new Float32Array(n)
      let p = rnd()
      for (let i = 0; i < n; i++) {
        p = (p + pitch[i]! / sampleRate) % 1
        voice[i] = (2 * p - 1) * Math.max(0, syll[i]!)
      }
      biquad(voice, sampleRate, 'bandpass', (i) => formant[i]!, 2.5)
      mixInto(out, voice, 0, 0.9 / Math.sqrt(voices))
    }
    biquad(out, sampleRate, 'lowpass', 4000)
    return out
  },
}

const beeps: Recipe = {
  id: 'beeps',
  words: [
    'beep',
    'beeps',
    'beeping',
    'alarm',
    'siren',
    'countdown',
    'bleep',
    'horn',
    'buzzer',
    'timer',
    'microwave',
  ],
  seconds: 3,
  render(ctx) {
    const { n, sampleRate } = ctx
    const out = new Float32Array(n)
    if (has(ctx, 'siren')) {
      let p = 0
      for (let i = 0; i < n; i++) {
        const f = 650 + 350 * Math.sin((2 * Math.PI * i) / sampleRate / 2.2)
        p += (2 * Math.PI * f) / sampleRate
        out[i] = Math.sin(p) * 0.6 + Math.sin(2 * p) * 0.2
      }
      return out
    }
    const alarm = has(ctx, 'alarm', 'buzzer')
    const f = ((alarm ? 880 : 1000) * jitter(ctx, 0.2)) / ctx.mods.size
    const on = alarm ? 0.12 : 0.16
    const every = (alarm ? 0.25 : 0.5) / ctx.mods.speed
    let k = 0
    for (const t of schedule(ctx, every, 0, 0.02)) {
      const len = Math.round(on * sampleRate)
      const tone = new Float32Array(len)
      const freq = alarm && k++ % 2 === 1 ? f * 1.26 : f
      for (let i = 0; i < len; i++) {
        const edge = Math.min(1, i / (0.004 * sampleRate), (len - i) / (0.004 * sampleRate))
        tone[i] =
          (Math.sin((2 * Math.PI * freq * i) / sampleRate) +
            (alarm ? 0.3 * Math.sign(Math.sin((2 * Math.PI * freq * i) / sampleRate)) : 0)) *
          edge *
          0.6
      }
      mixInto(out, tone, t * sampleRate)
    }
    return out
  },
}

const whoosh: Recipe = {
  id: 'whoosh',
  words: [
    'whoosh',
    'swoosh',
    'swish',
    'swipe',
    'flyby',
    'swing',
    'sweep',
    'woosh',
    'transition',
    'passing',
    'passby',
  ],
  seconds: 1.5,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    const len = Math.min(n, Math.round((1.4 * sampleRate) / ctx.mods.speed))
    for (const t of schedule(ctx, 2.2 / ctx.mods.speed, 0.2, 0)) {
      const w = pink(len, rnd)
      const lo = 300 / ctx.mods.size
      const hi = 3500 / ctx.mods.size
      biquad(w, sampleRate, 'bandpass', (i) => lo + (hi - lo) * Math.sin((Math.PI * i) / len), 2)
      for (let i = 0; i < len; i++) w[i] = w[i]! * Math.sin((Math.PI * i) / len) ** 2 * 4
      mixInto(out, w, t * sampleRate)
    }
    return out
  },
}

const impact: Recipe = {
  id: 'impact',
  words: [
    'impact',
    'hit',
    'punch',
    'thud',
    'bang',
    'slam',
    'crash',
    'smash',
    'kick',
    'knockout',
    'drop',
    'falling',
    'fall',
    'boom',
    'braam',
    'trailer',
    'clang',
    'anvil',
  ],
  seconds: 2,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    for (const t of schedule(ctx, 2.5 / ctx.mods.speed, 0.2, 0.02)) {
      const at = t * sampleRate
      const low = 80 / ctx.mods.size
      mixInto(out, ping(sampleRate, 1.2, low * 1.8, low * 0.7, 4 / ctx.mods.size), at, 1)
      mixInto(
        out,
        biquad(burst(sampleRate, 0.3, 0.03, rnd), sampleRate, 'lowpass', 3000 / ctx.mods.size),
        at,
        0.9,
      )
      if (ctx.mods.metallic || has(ctx, 'clang', 'anvil')) {
        for (const ratio of [1, 2.76, 5.4, 8.93]) {
          const f = (420 * ratio * jitter(ctx, 0.1)) / ctx.mods.size
          mixInto(out, ping(sampleRate, 1.8, f, f, 3 + ratio), at, 0.35 / Math.sqrt(ratio))
        }
      }
      if (has(ctx, 'braam', 'trailer')) {
        const len = Math.round(2.5 * sampleRate)
        const brass = new Float32Array(len)
        let p = 0
        for (let i = 0; i < len; i++) {
          p = (p + 55 / ctx.mods.size / sampleRate) % 1
          brass[i] = (2 * p - 1) * Math.exp(-i / sampleRate / 1.2)
        }
        mixInto(out, biquad(brass, sampleRate, 'lowpass', 900), at, 0.9)
      }
    }
    return out
  },
}

const explosion: Recipe = {
  id: 'explosion',
  words: [
    'explosion',
    'explode',
    'exploding',
    'blast',
    'detonation',
    'bomb',
    'grenade',
    'kaboom',
    'firework',
    'fireworks',
  ],
  seconds: 4,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    for (const t of schedule(ctx, 4.5 / ctx.mods.speed, 0.2, 0.02)) {
      const at = t * sampleRate
      const len = Math.round(3.5 * sampleRate)
      const body = white(len, rnd)
      biquad(body, sampleRate, 'lowpass', (i) => 200 + 6000 * Math.exp(-i / sampleRate / 0.25), 0.9)
      for (let i = 0; i < len; i++) body[i] = body[i]! * Math.exp(-i / sampleRate / 0.9) * 1.4
      mixInto(out, body, at)
      mixInto(out, ping(sampleRate, 2, 70 / ctx.mods.size, 28 / ctx.mods.size, 1.8), at, 1.2)
      const debris = Math.round(40 * ctx.mods.intensity)
      for (let d = 0; d < debris; d++) {
        const when = at + (0.1 + rnd() * 2) * sampleRate
        mixInto(
          out,
          biquad(burst(sampleRate, 0.02, 0.004, rnd), sampleRate, 'bandpass', 2000 + rnd() * 3000),
          when,
          0.3 * rnd(),
        )
      }
    }
    return out
  },
}

const birds: Recipe = {
  id: 'birds',
  words: [
    'bird',
    'birds',
    'birdsong',
    'chirp',
    'chirping',
    'tweet',
    'tweeting',
    'songbird',
    'forest',
    'morning',
    'owl',
    'seagull',
    'gulls',
  ],
  seconds: 8,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    if (has(ctx, 'owl')) {
      for (const t of schedule(ctx, 2.5, 0.3, 0.2)) {
        for (let h = 0; h < 2; h++) {
          const hoot = ping(sampleRate, 0.45, 420, 360, 2)
          for (let i = 0; i < hoot.length; i++) hoot[i] = hoot[i]! * Math.sin((Math.PI * i) / hoot.length)
          mixInto(out, hoot, (t + h * 0.55) * sampleRate, 0.7)
        }
      }
      return out
    }
    const singers = 3
    for (let s = 0; s < singers; s++) {
      const base = 2200 + rnd() * 2500
      for (const t of schedule(ctx, 1.6, 0.6, rnd() * 1.5)) {
        const notes = 2 + Math.floor(rnd() * 5)
        for (let k = 0; k < notes; k++) {
          const f0 = base * (0.8 + rnd() * 0.5)
          const f1 = f0 * (rnd() < 0.5 ? 1.5 : 0.7)
          const chirp = ping(sampleRate, 0.07 + rnd() * 0.06, f0, f1, 8)
          for (let i = 0; i < chirp.length; i++) chirp[i] = chirp[i]! * Math.sin((Math.PI * i) / chirp.length)
          mixInto(out, chirp, (t + k * 0.11) * sampleRate, (0.3 + rnd() * 0.3) / (s + 1) ** 0.5)
        }
      }
    }
    return out
  },
}

const water: Recipe = {
  id: 'water',
  words: [
    'water',
    'stream',
    'river',
    'brook',
    'creek',
    'flowing',
    'babbling',
    'waves',
    'ocean',
    'sea',
    'beach',
    'surf',
    'drip',
    'dripping',
    'splash',
    'bubbles',
    'bubbling',
    'waterfall',
    'fountain',
  ],
  seconds: 8,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    if (has(ctx, 'waves', 'ocean', 'sea', 'beach', 'surf')) {
      const out = pink(n, rnd)
      const swell = new Float32Array(n)
      const period = (7 * jitter(ctx, 0.3)) / ctx.mods.speed
      for (let i = 0; i < n; i++) {
        const phase = ((i / sampleRate) % period) / period
        swell[i] = 0.15 + 0.85 * Math.sin(Math.PI * phase) ** 3
      }
      biquad(out, sampleRate, 'lowpass', (i) => 400 + 3500 * swell[i]!, 0.7)
      for (let i = 0; i < n; i++) out[i] = out[i]! * swell[i]! * 2
      return out
    }
    const out = biquad(white(n, rnd), sampleRate, 'bandpass', 700, 0.5)
    for (let i = 0; i < n; i++) out[i] = out[i]! * 0.12
    const drips = has(ctx, 'drip', 'dripping')
    const count = Math.round((n / sampleRate) * (drips ? 2 : has(ctx, 'waterfall') ? 150 : 70))
    for (let b = 0; b < count; b++) {
      // A bubble rings at a pitch set by its size and rises as it closes.
      const f = (drips ? 900 : 400 + rnd() * 1600) / ctx.mods.size
      mixInto(
        out,
        ping(sampleRate, drips ? 0.15 : 0.05, f, f * 1.6, drips ? 25 : 60),
        rnd() * n,
        drips ? 0.6 : 0.15 + rnd() * 0.15,
      )
    }
    if (has(ctx, 'splash'))
      mixInto(
        out,
        biquad(burst(sampleRate, 0.8, 0.15, rnd), sampleRate, 'highpass', 800),
        0.05 * sampleRate,
        0.9,
      )
    return out
  },
}

const fire: Recipe = {
  id: 'fire',
  words: [
    'fire',
    'campfire',
    'fireplace',
    'crackling',
    'crackle',
    'burning',
    'flames',
    'flame',
    'bonfire',
    'torch',
  ],
  seconds: 8,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = biquad(brown(n, rnd), sampleRate, 'lowpass', 300 / ctx.mods.size)
    const flicker = drift(n, sampleRate, 0.3, 0.5, 1.2, rnd)
    for (let i = 0; i < n; i++) out[i] = out[i]! * flicker[i]! * 2.5
    const hiss = biquad(white(n, rnd), sampleRate, 'highpass', 3000)
    mixInto(out, hiss, 0, 0.03)
    const pops = Math.round((n / sampleRate) * 14 * ctx.mods.intensity)
    for (let c = 0; c < pops; c++) {
      const crack = biquad(
        burst(sampleRate, 0.015, 0.0015 + rnd() * 0.003, rnd),
        sampleRate,
        'highpass',
        1200,
      )
      mixInto(out, crack, rnd() * n, 0.3 + rnd() * 0.9)
    }
    return out
  },
}

const ui: Recipe = {
  id: 'ui',
  words: [
    'click',
    'clicks',
    'button',
    'tap',
    'notification',
    'ping',
    'chime',
    'ding',
    'pop',
    'interface',
    'ui',
    'menu',
    'error',
    'success',
    'confirm',
    'alert',
    'message',
    'bell',
    'coin',
    'select',
    'toggle',
    'keyboard',
    'typing',
  ],
  seconds: 1,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    const typing = has(ctx, 'keyboard', 'typing')
    const every = (typing ? 0.14 : 1.2) / ctx.mods.speed
    for (const t of schedule(ctx, every, typing ? 0.5 : 0, 0.01)) {
      const at = t * sampleRate
      if (typing || has(ctx, 'click', 'clicks', 'tap', 'toggle', 'select', 'button')) {
        mixInto(
          out,
          biquad(burst(sampleRate, 0.02, 0.002, rnd), sampleRate, 'bandpass', 2500 * jitter(ctx, 0.3), 2),
          at,
          1,
        )
        mixInto(out, ping(sampleRate, 0.03, 1800, 1500, 150), at, 0.3)
      } else if (has(ctx, 'error', 'alert')) {
        mixInto(out, ping(sampleRate, 0.18, 330, 320, 6), at, 0.7)
        mixInto(out, ping(sampleRate, 0.3, 247, 240, 6), at + 0.16 * sampleRate, 0.7)
      } else if (has(ctx, 'success', 'confirm', 'coin')) {
        const notes = has(ctx, 'coin') ? [988, 1319] : [523, 659, 784, 1047]
        notes.forEach((f, k) => {
          mixInto(out, ping(sampleRate, 0.35, f, f, 9), at + k * 0.08 * sampleRate, 0.5)
        })
      } else if (has(ctx, 'pop')) {
        mixInto(out, ping(sampleRate, 0.06, 300, 1200, 50), at, 0.9)
      } else {
        // A chime: a struck bell's inharmonic partials, two notes.
        for (const [k, base] of [880, 1175].map((f, k) => [k, f / ctx.mods.size] as const)) {
          for (const ratio of [1, 2.4, 4.1]) {
            mixInto(
              out,
              ping(sampleRate, 0.8, base * ratio, base * ratio, 5 * ratio),
              at + k * 0.12 * sampleRate,
              0.35 / ratio,
            )
          }
        }
      }
    }
    return out
  },
}

const glass: Recipe = {
  id: 'glass',
  words: ['glass', 'shatter', 'shattering', 'breaking', 'break', 'window', 'bottle'],
  seconds: 2.5,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    mixInto(
      out,
      biquad(burst(sampleRate, 0.6, 0.08, rnd), sampleRate, 'highpass', 2000),
      0.02 * sampleRate,
      0.8,
    )
    for (let s = 0; s < 60; s++) {
      const f = 2500 + rnd() * 6000
      mixInto(
        out,
        ping(sampleRate, 0.4, f, f, 10 + rnd() * 20),
        (0.02 + rnd() * rnd() * 1.8) * sampleRate,
        0.12 + rnd() * 0.2,
      )
    }
    return out
  },
}

const scifi: Recipe = {
  id: 'scifi',
  words: [
    'laser',
    'zap',
    'blaster',
    'sci-fi',
    'scifi',
    'spaceship',
    'robot',
    'teleport',
    'powerup',
    'power-up',
    'magic',
    'spell',
    'portal',
  ],
  seconds: 1.5,
  render(ctx) {
    const { n, sampleRate } = ctx
    const out = new Float32Array(n)
    const rising = has(ctx, 'powerup', 'power-up', 'teleport', 'magic', 'spell', 'portal')
    for (const t of schedule(ctx, (rising ? 1.6 : 0.5) / ctx.mods.speed, 0.1, 0.01)) {
      const len = rising ? 1.2 : 0.3
      const zap = rising
        ? ping(sampleRate, len, 200, 2400, 1.5)
        : ping(sampleRate, len, 2400 / ctx.mods.size, 150, 8)
      if (rising)
        for (let i = 0; i < zap.length; i++)
          zap[i] = zap[i]! * (0.6 + 0.4 * Math.sin((2 * Math.PI * 14 * i) / sampleRate))
      mixInto(out, zap, t * sampleRate, 0.7)
    }
    return out
  },
}

const heartbeat: Recipe = {
  id: 'heartbeat',
  words: ['heartbeat', 'heart', 'pulse', 'heartbeats'],
  seconds: 4,
  render(ctx) {
    const { n, sampleRate } = ctx
    const out = new Float32Array(n)
    for (const t of schedule(ctx, 0.85 / ctx.mods.speed, 0.03, 0.05)) {
      mixInto(out, ping(sampleRate, 0.15, 60, 45, 30), t * sampleRate, 1)
      mixInto(out, ping(sampleRate, 0.12, 55, 40, 35), (t + 0.28) * sampleRate, 0.7)
    }
    return out
  },
}

const clock: Recipe = {
  id: 'clock',
  words: ['clock', 'tick', 'ticking', 'tock', 'watch', 'metronome'],
  seconds: 4,
  render(ctx) {
    const { n, sampleRate, rnd } = ctx
    const out = new Float32Array(n)
    let k = 0
    for (const t of schedule(ctx, 0.5 / ctx.mods.speed, 0, 0.02)) {
      const f = k++ % 2 === 0 ? 3200 : 2600
      mixInto(
        out,
        biquad(burst(sampleRate, 0.03, 0.003, rnd), sampleRate, 'bandpass', f, 6),
        t * sampleRate,
        2,
      )
    }
    return out
  },
}

export const RECIPES: readonly Recipe[] = [
  rain,
  wind,
  thunder,
  footsteps,
  door,
  engine,
  crowd,
  beeps,
  whoosh,
  impact,
  explosion,
  birds,
  water,
  fire,
  ui,
  glass,
  scifi,
  heartbeat,
  clock,
]
