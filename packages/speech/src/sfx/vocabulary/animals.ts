// Animal calls. Most are voiced: a buzz at the animal's pitch through its throat's resonances,
// so the measured signature is voicing, a pitch range and formant peaks.
import { add, jitter, noiseBand, samplesFor, tone, voiced } from '../blocks.js'
import type { RenderContext, SoundType } from '../types.js'

const rise = (t: number, a: number, r: number) => Math.min(1, t / a, (1 - t) / r)

/** A pitch curve through points spaced evenly over the sound. */
const contour =
  (ctx: RenderContext, ...hz: number[]) =>
  (t: number) => {
    const x = t * (hz.length - 1)
    const k = Math.min(hz.length - 2, Math.floor(x))
    return ((hz[k]! + (hz[k + 1]! - hz[k]!) * (x - k)) * jitter(ctx, 0.1)) / ctx.mods.size
  }

const call = (
  id: string,
  words: string[],
  seconds: number,
  signature: SoundType['signature'],
  shape: (ctx: RenderContext) => Parameters<typeof voiced>[1],
): SoundType => ({
  id,
  family: 'animals',
  kind: 'event',
  words,
  seconds,
  signature,
  render: (ctx) => voiced(ctx, shape(ctx)),
})

export const ANIMALS: SoundType[] = [
  call(
    'dog-bark',
    ['dog', 'bark', 'woof', 'puppy', 'hound'],
    0.18,
    { durationMs: [80, 300], voicing: [0.3, 1], pitchHz: [180, 700], formantsAtLeast: 1, attackMs: [0, 100] },
    (ctx) => ({
      seconds: 0.17 * jitter(ctx),
      f0: contour(ctx, 420, 480, 330),
      formants: [
        [850, 6, 1],
        [1750, 7, 1.3],
        [2900, 8, 1],
      ],
      breath: 0.2,
      rough: 0.15,
      amp: (t) => rise(t, 0.06, 0.55),
    }),
  ),
  call(
    'cat-meow',
    ['cat', 'meow', 'miaow', 'kitten', 'mew'],
    0.7,
    { durationMs: [400, 1000], voicing: [0.35, 1], pitchHz: [300, 800], centroidHz: [500, 2500] },
    (ctx) => ({
      seconds: 0.7 * jitter(ctx),
      f0: contour(ctx, 400, 560, 600, 450),
      formants: [
        [1000, 5, 1],
        [2200, 6, 0.8],
        [3400, 7, 0.4],
      ],
      breath: 0.08,
      amp: (t) => rise(t, 0.15, 0.35),
    }),
  ),
  call(
    'cow-moo',
    ['cow', 'moo', 'cattle', 'bull', 'mooing'],
    1.3,
    { durationMs: [800, 1800], voicing: [0.35, 1], pitchHz: [70, 220], formantsAtLeast: 2 },
    (ctx) => ({
      seconds: 1.3 * jitter(ctx),
      f0: contour(ctx, 125, 140, 118, 105),
      formants: [
        [420, 5, 1],
        [950, 6, 0.7],
        [2400, 8, 0.3],
      ],
      breath: 0.1,
      amp: (t) => rise(t, 0.2, 0.3),
    }),
  ),
  call(
    'rooster-crow',
    ['rooster', 'crow', 'cockerel', 'cock-a-doodle-doo', 'crowing'],
    1.4,
    { durationMs: [900, 2000], voicing: [0.3, 1], pitchHz: [300, 950], centroidHz: [700, 2500] },
    (ctx) => ({
      seconds: 1.4 * jitter(ctx),
      f0: contour(ctx, 480, 720, 800, 780, 560, 420),
      formants: [
        [1100, 5, 1],
        [2200, 6, 0.6],
        [3400, 8, 0.3],
      ],
      breath: 0.15,
      rough: 0.15,
      amp: (t) => rise(t, 0.08, 0.2),
    }),
  ),
  call(
    'owl-hoot',
    ['owl', 'hoot', 'hooting', 'hoo'],
    0.5,
    { durationMs: [250, 700], voicing: [0.5, 1], pitchHz: [280, 600], centroidHz: [250, 900] },
    (ctx) => ({
      seconds: 0.45 * jitter(ctx),
      f0: contour(ctx, 400, 410, 360),
      formants: [
        [400, 2, 1],
        [800, 4, 0.15],
      ],
      breath: 0.04,
      amp: (t) => Math.sin(Math.PI * t),
    }),
  ),
  call(
    'horse-neigh',
    ['horse', 'neigh', 'whinny', 'neighing', 'pony'],
    1.2,
    { durationMs: [700, 1700], voicing: [0.3, 1], pitchHz: [300, 1000], centroidHz: [500, 2000] },
    (ctx) => {
      const base = contour(ctx, 900, 820, 650, 480)
      return {
        seconds: 1.2 * jitter(ctx),
        f0: (t) => base(t) * (1 + 0.08 * Math.sin(2 * Math.PI * 11 * t * 1.2)),
        formants: [
          [900, 5, 1],
          [1900, 6, 0.6],
          [3100, 8, 0.3],
        ],
        breath: 0.2,
        rough: 0.2,
        amp: (t) => rise(t, 0.05, 0.4),
      }
    },
  ),
  call(
    'sheep-bleat',
    ['sheep', 'bleat', 'baa', 'lamb', 'goat', 'bleating'],
    0.8,
    { durationMs: [450, 1200], voicing: [0.3, 1], pitchHz: [200, 450], formantsAtLeast: 2 },
    (ctx) => {
      const base = contour(ctx, 300, 320, 290)
      return {
        seconds: 0.8 * jitter(ctx),
        f0: (t) => base(t) * (1 + 0.06 * Math.sin(2 * Math.PI * 7 * t * 0.8)),
        formants: [
          [650, 5, 1],
          [1500, 6, 0.7],
          [2600, 8, 0.35],
        ],
        breath: 0.12,
        amp: (t) => rise(t, 0.1, 0.3) * (0.75 + 0.25 * Math.sin(2 * Math.PI * 7 * t * 0.8)),
      }
    },
  ),
  call(
    'duck-quack',
    ['duck', 'quack', 'quacking', 'ducks'],
    0.25,
    { durationMs: [120, 400], voicing: [0.25, 1], pitchHz: [150, 400], formantsAtLeast: 2 },
    (ctx) => ({
      seconds: 0.25 * jitter(ctx),
      f0: contour(ctx, 260, 250, 220),
      formants: [
        [1000, 4, 1],
        [2100, 5, 0.8],
        [3200, 6, 0.4],
      ],
      breath: 0.25,
      rough: 0.35,
      amp: (t) => rise(t, 0.1, 0.4),
    }),
  ),
  call(
    'frog-croak',
    ['frog', 'croak', 'toad', 'ribbit', 'croaking'],
    0.3,
    { durationMs: [150, 450], voicing: [0.25, 1], pitchHz: [60, 520], centroidHz: [300, 1000] },
    (ctx) => ({
      seconds: 0.3 * jitter(ctx),
      f0: contour(ctx, 110, 100, 95),
      formants: [
        [500, 5, 1],
        [1300, 6, 0.7],
        [2300, 7, 0.3],
      ],
      breath: 0.1,
      rough: 0.15,
      amp: (t) => rise(t, 0.1, 0.3),
    }),
  ),
  call(
    'crow-caw',
    ['raven', 'caw', 'cawing', 'crows', 'ravens', 'crow'],
    0.35,
    { durationMs: [180, 550], voicing: [0.2, 1], pitchHz: [300, 900], formantsAtLeast: 1 },
    (ctx) => ({
      seconds: 0.35 * jitter(ctx),
      f0: contour(ctx, 560, 600, 500),
      formants: [
        [1200, 4, 1],
        [2300, 5, 0.7],
        [3500, 6, 0.35],
      ],
      breath: 0.3,
      rough: 0.5,
      amp: (t) => rise(t, 0.08, 0.3),
    }),
  ),
  call(
    'wolf-howl',
    ['wolf', 'howl', 'howls', 'wolves', 'coyote'],
    2.2,
    { durationMs: [400, 3000], voicing: [0.5, 1], pitchHz: [300, 800], centroidHz: [300, 1500] },
    (ctx) => ({
      seconds: 2.2 * jitter(ctx),
      f0: contour(ctx, 380, 560, 640, 620, 480),
      formants: [
        [650, 4, 1],
        [1250, 6, 0.3],
      ],
      breath: 0.05,
      amp: (t) => rise(t, 0.2, 0.3),
    }),
  ),
  call(
    'lion-roar',
    ['lion', 'roar', 'roaring', 'tiger', 'bear', 'growl', 'growling', 'monster'],
    1.5,
    { durationMs: [900, 2200], voicing: [0.15, 1], centroidHz: [150, 1200] },
    (ctx) => ({
      seconds: 1.5 * jitter(ctx),
      f0: contour(ctx, 110, 150, 135, 95),
      formants: [
        [320, 4, 1],
        [720, 5, 0.8],
        [1500, 6, 0.4],
      ],
      breath: 0.35,
      rough: 0.6,
      amp: (t) => rise(t, 0.12, 0.4),
    }),
  ),
  {
    id: 'bird-chirp',
    family: 'animals',
    kind: 'event',
    words: ['chirp', 'tweet', 'cheep', 'sparrow', 'chirps'],
    seconds: 0.12,
    signature: { durationMs: [40, 250], centroidHz: [2000, 6500], bandwidthOctaves: [0, 1.6] },
    render(ctx) {
      const f = 3000 * jitter(ctx, 0.2)
      const out = tone(
        ctx,
        f,
        0.11,
        [
          [1, 1],
          [2, 0.15],
        ],
        1.45,
      )
      for (let i = 0; i < out.length; i++) out[i] = out[i]! * Math.sin((Math.PI * i) / out.length)
      return out
    },
  },
  {
    id: 'birdsong',
    family: 'animals',
    kind: 'sustained',
    words: ['birds', 'birdsong', 'songbirds', 'chirping', 'singing', 'dawn', 'forest'],
    seconds: 6,
    signature: { durationMs: [1000, 30000], centroidHz: [1500, 6000], unsteadinessDb: [0, 6] },
    render(ctx) {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      // A quiet airy bed keeps the gaps between phrases from falling silent.
      const out = noiseBand(n, sampleRate, rnd, 300, 3000, 'pink')
      for (let i = 0; i < n; i++) out[i] = out[i]! * 0.5
      for (let s = 0; s < 5; s++) {
        const base = 2400 + rnd() * 2200
        for (let t = rnd() * 0.4; t < ctx.seconds - 0.2; t += 0.18 + rnd() * 0.5) {
          const f0 = base * (0.8 + rnd() * 0.5)
          const chirp = tone(ctx, f0, 0.06 + rnd() * 0.06, [[1, 1]], rnd() < 0.5 ? 1.5 : 0.7)
          for (let i = 0; i < chirp.length; i++) chirp[i] = chirp[i]! * Math.sin((Math.PI * i) / chirp.length)
          add(out, chirp, 0.12 / (s + 1) ** 0.5, Math.round(t * sampleRate))
        }
      }
      return out
    },
  },
  {
    id: 'cat-purr',
    family: 'animals',
    kind: 'sustained',
    words: ['purr', 'purring', 'purrs'],
    seconds: 4,
    signature: { durationMs: [1000, 30000], centroidHz: [60, 700], unsteadinessDb: [0, 4] },
    render(ctx) {
      const n = samplesFor(ctx, ctx.seconds)
      const out = noiseBand(n, ctx.sampleRate, ctx.rnd, 40, 900, 'pink')
      // Each breath of a purr is a rumble of ~26 larynx twitches a second.
      for (let i = 0; i < n; i++) {
        const t = i / ctx.sampleRate
        out[i] =
          out[i]! *
          (0.55 + 0.45 * Math.sin(2 * Math.PI * 26 * t)) *
          (0.8 + 0.2 * Math.sin(2 * Math.PI * 0.45 * t))
      }
      return out
    },
  },
  {
    id: 'insects',
    family: 'animals',
    kind: 'sustained',
    words: ['bee', 'bees', 'buzzing', 'fly', 'mosquito', 'insects', 'crickets', 'cicadas'],
    seconds: 4,
    signature: { durationMs: [1000, 30000], voicing: [0.3, 1], pitchHz: [150, 700], unsteadinessDb: [0, 4] },
    render(ctx) {
      const base = 230 * jitter(ctx, 0.15)
      return voiced(ctx, {
        seconds: ctx.seconds,
        f0: (t) => base * (1 + 0.04 * Math.sin(2 * Math.PI * 0.7 * t * ctx.seconds)),
        formants: [
          [900, 2, 1],
          [2500, 3, 0.5],
        ],
        breath: 0.1,
        amp: (t) => Math.min(1, t * ctx.seconds * 5, (1 - t) * ctx.seconds * 5),
      })
    },
  },
]
