// People: crowds are many talkers (buzzes at wandering pitches through moving formants) and
// many claps; single voices (a laugh, a cry, a scream) are voiced calls like the animals'.
import { add, decayEnvelope, envelope, jitter, noiseBand, samplesFor, tone, voiced } from '../blocks.js'
import { biquad, burst, drift, mixInto } from '../kit.js'
import type { RenderContext, SoundType } from '../types.js'

/** `voices` talkers (or shouters, when `pitch` is high) for `ctx.seconds`. */
function talkers(ctx: RenderContext, voices: number, pitchLo: number, pitchHi: number): Float32Array {
  const { sampleRate, rnd } = ctx
  const n = samplesFor(ctx, ctx.seconds)
  const out = new Float32Array(n)
  for (let v = 0; v < voices; v++) {
    const pitch = drift(n, sampleRate, 0.25, pitchLo + rnd() * 60, pitchHi + rnd() * 80, rnd)
    const formant = drift(n, sampleRate, 0.12, 400, 2200, rnd)
    const syllables = drift(n, sampleRate, 0.11, -0.6, 1, rnd)
    const voice = new Float32Array(n)
    let p = rnd()
    for (let i = 0; i < n; i++) {
      p = (p + pitch[i]! / sampleRate) % 1
      voice[i] = (2 * p - 1) * Math.max(0, syllables[i]!)
    }
    biquad(voice, sampleRate, 'bandpass', (i) => formant[i]!, 2.5)
    add(out, voice, 1 / Math.sqrt(voices))
  }
  return envelope(biquad(out, sampleRate, 'lowpass', 4000), sampleRate, 0.2, 0.2)
}

const rise = (t: number, a: number, r: number) => Math.min(1, t / a, (1 - t) / r)

export const CROWDS: SoundType[] = [
  {
    id: 'crowd-chatter',
    family: 'crowds',
    kind: 'sustained',
    words: [
      'crowd',
      'chatter',
      'chattering',
      'people',
      'talking',
      'murmur',
      'cafe',
      'restaurant',
      'conversation',
      'busy',
    ],
    seconds: 4,
    signature: { durationMs: [1000, 30000], centroidHz: [200, 2500], unsteadinessDb: [0, 4] },
    render: (ctx) => talkers(ctx, 12, 100, 150),
  },
  {
    id: 'applause',
    family: 'crowds',
    kind: 'sustained',
    words: ['applause', 'clapping', 'claps', 'clap', 'ovation', 'applauding', 'applauds'],
    seconds: 3,
    signature: {
      durationMs: [1000, 30000],
      centroidHz: [800, 4000],
      voicing: [0, 0.35],
      unsteadinessDb: [0, 3],
    },
    render(ctx) {
      const { sampleRate, rnd } = ctx
      const out = new Float32Array(samplesFor(ctx, ctx.seconds))
      add(out, noiseBand(out.length, sampleRate, rnd, 900, 4000), 0.08)
      for (let c = 0; c < ctx.seconds * 160 * ctx.mods.intensity; c++) {
        const clap = biquad(
          burst(sampleRate, 0.04, 0.006, rnd),
          sampleRate,
          'bandpass',
          1200 + rnd() * 1500,
          1.5,
        )
        mixInto(out, clap, rnd() * out.length, 0.5 + rnd() * 0.5)
      }
      return envelope(out, sampleRate, 0.2, 0.3)
    },
  },
  {
    id: 'cheering',
    family: 'crowds',
    kind: 'sustained',
    words: ['cheering', 'cheer', 'cheers', 'stadium', 'fans', 'celebrating', 'hooray'],
    seconds: 3,
    signature: { durationMs: [1000, 30000], centroidHz: [300, 3000], unsteadinessDb: [0, 4] },
    render(ctx) {
      const out = talkers(ctx, 18, 220, 380)
      add(out, noiseBand(out.length, ctx.sampleRate, ctx.rnd, 500, 4000, 'pink'), 0.15)
      return out
    },
  },
  {
    id: 'laugh',
    family: 'crowds',
    kind: 'event',
    words: ['laugh', 'laughs', 'laughing', 'laughter', 'giggle', 'chuckle'],
    seconds: 1.2,
    signature: { durationMs: [700, 1800], voicing: [0.2, 1], pitchHz: [150, 450], formantsAtLeast: 2 },
    render: (ctx) =>
      voiced(ctx, {
        seconds: 1.2 * jitter(ctx),
        f0: (t) => (300 - 80 * t) / ctx.mods.size,
        formants: [
          [800, 5, 1],
          [1300, 6, 0.7],
          [2600, 7, 0.35],
        ],
        breath: 0.3,
        // "Ha" syllables five a second that dip but never stop.
        amp: (t) => rise(t, 0.05, 0.2) * (0.35 + 0.65 * Math.max(0, Math.sin(2 * Math.PI * 5 * t * 1.2))),
      }),
  },
  {
    id: 'cough',
    family: 'crowds',
    kind: 'event',
    words: ['cough', 'coughs', 'coughing', 'throat'],
    seconds: 0.3,
    signature: { durationMs: [100, 450], attackMs: [0, 40], centroidHz: [300, 3000] },
    render(ctx) {
      const out = biquad(burst(ctx.sampleRate, 0.3, 0.08, ctx.rnd), ctx.sampleRate, 'bandpass', 1000, 0.7)
      const voice = voiced(ctx, {
        seconds: 0.12,
        f0: () => 160,
        formants: [
          [600, 4, 1],
          [1500, 5, 0.5],
        ],
        breath: 0.5,
      })
      return add(decayEnvelope(out, ctx.sampleRate, 0.09, 0.004), voice, 0.6)
    },
  },
  {
    id: 'baby-cry',
    family: 'crowds',
    kind: 'event',
    words: ['baby', 'cry', 'cries', 'crying', 'wail', 'infant', 'sob'],
    seconds: 1.1,
    signature: { durationMs: [600, 1600], voicing: [0.3, 1], pitchHz: [300, 700], formantsAtLeast: 1 },
    render: (ctx) =>
      voiced(ctx, {
        seconds: 1.1 * jitter(ctx),
        f0: (t) => (480 + 90 * Math.sin(Math.PI * t)) * (1 + 0.03 * Math.sin(2 * Math.PI * 6 * t)),
        formants: [
          [1000, 5, 1],
          [2300, 6, 0.8],
          [3500, 7, 0.4],
        ],
        breath: 0.15,
        rough: 0.15,
        amp: (t) => rise(t, 0.1, 0.2),
      }),
  },
  {
    id: 'scream',
    family: 'crowds',
    kind: 'event',
    words: ['scream', 'screams', 'screaming', 'shriek', 'yell', 'shout', 'shouts'],
    seconds: 1.2,
    signature: { durationMs: [700, 1800], voicing: [0.25, 1], pitchHz: [400, 1000], centroidHz: [900, 3000] },
    render: (ctx) =>
      voiced(ctx, {
        seconds: 1.2 * jitter(ctx),
        f0: (t) => (700 + 150 * Math.sin(Math.PI * t)) / ctx.mods.size,
        formants: [
          [1100, 5, 1],
          [2200, 6, 0.8],
          [3300, 6, 0.5],
        ],
        breath: 0.2,
        rough: 0.25,
        amp: (t) => rise(t, 0.06, 0.3),
      }),
  },
  {
    id: 'whistle',
    family: 'crowds',
    kind: 'event',
    words: ['whistle', 'whistles', 'wolf-whistle', 'whistled'],
    seconds: 0.7,
    signature: { durationMs: [400, 1000], centroidHz: [1000, 3500], bandwidthOctaves: [0, 1.5] },
    render(ctx) {
      const up = tone(ctx, 1200 * jitter(ctx, 0.1), 0.25, [[1, 1]], 1.9)
      const down = tone(ctx, 2400 * jitter(ctx, 0.1), 0.4, [[1, 1]], 0.55)
      const out = new Float32Array(up.length + down.length)
      add(out, up)
      add(out, down, 1, up.length - Math.round(0.02 * ctx.sampleRate))
      return out
    },
  },
]
