// Weather and nature. Beds are steady noise of a colour and band (rain broad and bright, wind
// a moving band, fire low with crackles); thunder is a crack and a long low rumble.
import { add, decayEnvelope, envelope, jitter, noiseBand, samplesFor } from '../blocks.js'
import { biquad, brown, burst, drift, mixInto, ping, pink, white } from '../kit.js'
import type { SoundType } from '../types.js'

const bed = (
  id: string,
  words: string[],
  signature: SoundType['signature'],
  render: SoundType['render'],
): SoundType => ({ id, family: 'weather', kind: 'sustained', words, seconds: 4, signature, render })

export const WEATHER: SoundType[] = [
  bed(
    'rain',
    ['rain', 'raining', 'rainy', 'drizzle', 'downpour', 'rainfall', 'shower', 'pouring'],
    {
      durationMs: [1000, 30000],
      centroidHz: [1200, 7000],
      bandwidthOctaves: [2, 12],
      voicing: [0, 0.35],
      unsteadinessDb: [0, 3],
    },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = noiseBand(n, sampleRate, rnd, 700 * jitter(ctx), 9000, 'pink')
      const drops = Math.round(ctx.seconds * 60 * ctx.mods.intensity)
      for (let d = 0; d < drops; d++) {
        const f = 2500 + rnd() * 4000
        mixInto(out, ping(sampleRate, 0.03, f, f * 0.7, 120), rnd() * n, 0.1 + rnd() * 0.15)
      }
      return envelope(out, sampleRate, 0.1, 0.1)
    },
  ),
  bed(
    'wind',
    ['wind', 'windy', 'breeze', 'gust', 'gale', 'howling', 'blizzard', 'blowing', 'gusts'],
    { durationMs: [1000, 30000], centroidHz: [150, 1500], voicing: [0, 0.45], unsteadinessDb: [0, 5] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const centre = drift(n, sampleRate, 1.3 / ctx.mods.speed, 250 / ctx.mods.size, 800 / ctx.mods.size, rnd)
      const out = biquad(pink(n, rnd), sampleRate, 'bandpass', (i) => centre[i]!, 1.5)
      const gusts = drift(n, sampleRate, 1.7 / ctx.mods.speed, 0.5, 1.1, rnd)
      for (let i = 0; i < n; i++) out[i] = out[i]! * gusts[i]!
      return envelope(out, sampleRate, 0.2, 0.2)
    },
  ),
  {
    id: 'thunder',
    family: 'weather',
    kind: 'event',
    words: ['thunder', 'thunderclap', 'lightning', 'thunderstorm', 'rumble', 'storm'],
    seconds: 3.5,
    signature: { durationMs: [1200, 5000], centroidHz: [30, 450] },
    render(ctx) {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, 3.5)
      const out = new Float32Array(n)
      mixInto(
        out,
        biquad(burst(sampleRate, 0.5, 0.06, rnd), sampleRate, 'highpass', 1200),
        0,
        ctx.mods.distance > 0.3 ? 0.05 : 0.4,
      )
      const rumble = noiseBand(n, sampleRate, rnd, 35, 260 * jitter(ctx), 'pink')
      const swell = drift(n, sampleRate, 0.35, 0.6, 1, rnd)
      for (let i = 0; i < n; i++) {
        const s = i / sampleRate
        rumble[i] = rumble[i]! * swell[i]! * Math.min(1, s / 0.08) * Math.exp(-s / 0.8) * 6
      }
      return add(out, rumble, 1, Math.round(0.03 * sampleRate))
    },
  },
  bed(
    'hail',
    ['hail', 'hailstorm', 'hailstones', 'sleet'],
    { durationMs: [1000, 30000], centroidHz: [1500, 8000], unsteadinessDb: [0, 4] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = noiseBand(n, sampleRate, rnd, 1500, 8000)
      for (let i = 0; i < n; i++) out[i] = out[i]! * 0.2
      for (let d = 0; d < ctx.seconds * 120; d++) {
        const f = 3000 + rnd() * 4000
        mixInto(out, ping(sampleRate, 0.02, f, f, 250), rnd() * n, 0.4 + rnd() * 0.4)
      }
      return out
    },
  ),
  bed(
    'ocean-waves',
    ['waves', 'ocean', 'sea', 'beach', 'surf', 'shore', 'tide'],
    { durationMs: [1000, 30000], centroidHz: [200, 3000], voicing: [0, 0.35] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = pink(n, rnd)
      const period = (5 * jitter(ctx, 0.3)) / ctx.mods.speed
      const swell = new Float32Array(n)
      for (let i = 0; i < n; i++)
        swell[i] = 0.45 + 0.55 * Math.sin(Math.PI * (((i / sampleRate) % period) / period)) ** 2
      biquad(out, sampleRate, 'lowpass', (i) => 500 + 3000 * swell[i]!, 0.7)
      for (let i = 0; i < n; i++) out[i] = out[i]! * swell[i]!
      return envelope(out, sampleRate, 0.3, 0.3)
    },
  ),
  bed(
    'stream',
    ['stream', 'river', 'brook', 'creek', 'flowing', 'babbling', 'waterfall', 'fountain'],
    { durationMs: [1000, 30000], centroidHz: [300, 3000], unsteadinessDb: [0, 3] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = biquad(white(n, rnd), sampleRate, 'bandpass', 700, 0.5)
      for (let i = 0; i < n; i++) out[i] = out[i]! * 0.15
      for (let b = 0; b < ctx.seconds * 80; b++) {
        // A bubble rings at a pitch set by its size and rises as it closes.
        const f = (400 + rnd() * 1600) / ctx.mods.size
        mixInto(out, ping(sampleRate, 0.05, f, f * 1.6, 60), rnd() * n, 0.15 + rnd() * 0.15)
      }
      return envelope(out, sampleRate, 0.1, 0.1)
    },
  ),
  bed(
    'fire',
    ['fire', 'campfire', 'fireplace', 'crackling', 'crackle', 'burning', 'flames', 'bonfire'],
    { durationMs: [1000, 30000], centroidHz: [60, 3000], unsteadinessDb: [0, 4] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = biquad(brown(n, rnd), sampleRate, 'lowpass', 300 / ctx.mods.size)
      const flicker = drift(n, sampleRate, 0.3, 0.6, 1.2, rnd)
      for (let i = 0; i < n; i++) out[i] = out[i]! * flicker[i]! * 2.5
      mixInto(out, biquad(white(n, rnd), sampleRate, 'highpass', 3000), 0, 0.03)
      for (let c = 0; c < ctx.seconds * 14 * ctx.mods.intensity; c++) {
        const crack = biquad(
          burst(sampleRate, 0.015, 0.0015 + rnd() * 0.003, rnd),
          sampleRate,
          'highpass',
          1200,
        )
        mixInto(out, crack, rnd() * n, 0.3 + rnd() * 0.9)
      }
      return envelope(out, sampleRate, 0.1, 0.1)
    },
  ),
  {
    id: 'water-drip',
    family: 'weather',
    kind: 'event',
    words: ['drip', 'drop', 'droplet', 'dripping', 'plink', 'drips'],
    seconds: 0.15,
    signature: { durationMs: [15, 250], attackMs: [0, 25], centroidHz: [500, 3000] },
    render(ctx) {
      const f = (900 * jitter(ctx, 0.2)) / ctx.mods.size
      const out = ping(ctx.sampleRate, 0.15, f, f * 1.7, 25)
      return decayEnvelope(out, ctx.sampleRate, 1, 0.001)
    },
  },
]
