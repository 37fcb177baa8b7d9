// Household sounds: struck wood, glass and metal (a transient then the body's decay), small
// clicks, a phone's ring and a kettle's whistle.
import { add, decayEnvelope, envelope, jitter, noiseBand, samplesFor, struck, tone } from '../blocks.js'
import { biquad, burst, drift, mixInto, ping } from '../kit.js'
import type { SoundType } from '../types.js'

const event = (
  id: string,
  words: string[],
  seconds: number,
  signature: SoundType['signature'],
  render: SoundType['render'],
  extra: Partial<SoundType> = {},
): SoundType => ({ id, family: 'household', kind: 'event', words, seconds, signature, render, ...extra })

export const HOUSEHOLD: SoundType[] = [
  event(
    'door-slam',
    ['door', 'slam', 'slams', 'slammed', 'shut', 'shuts', 'closes', 'closing', 'close'],
    0.6,
    {
      durationMs: [100, 700],
      attackMs: [0, 20],
      decayMs: [100, 600],
      onsetBrightness: [1.1, 50],
      centroidHz: [80, 2500],
    },
    (ctx) => {
      const out = struck(ctx, {
        seconds: 0.6,
        modes: [
          [85 * jitter(ctx), 0.12, 1],
          [170, 0.08, 0.6],
          [410, 0.05, 0.4],
          [930, 0.03, 0.25],
        ],
        click: [1.1, 0.025, 3500],
      })
      // The frame and latch rattle a moment after the slab lands.
      add(
        out,
        biquad(burst(ctx.sampleRate, 0.12, 0.02, ctx.rnd), ctx.sampleRate, 'bandpass', 3000, 3),
        0.3,
        Math.round(0.03 * ctx.sampleRate),
      )
      return out
    },
  ),
  event(
    'door-knock',
    ['knock', 'knocks', 'knocking', 'rap', 'door'],
    0.12,
    { durationMs: [15, 200], attackMs: [0, 25], centroidHz: [300, 2500] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.12,
        modes: [
          [330 * jitter(ctx, 0.1), 0.03, 1],
          [870, 0.015, 0.6],
        ],
        click: [0.9, 0.004, 3500],
      }),
    { defaultCount: 3, gapSeconds: 0.18 },
  ),
  event(
    'door-creak',
    ['creak', 'creaks', 'creaking', 'creaky', 'hinge', 'opens', 'opening', 'open', 'squeak', 'door'],
    1.2,
    { durationMs: [600, 2000], centroidHz: [500, 2500], pitchHz: [50, 250] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, 1.2 * jitter(ctx))
      const pitch = drift(n, sampleRate, 0.12, 70, 160, rnd)
      const saw = new Float32Array(n)
      let p = 0
      for (let i = 0; i < n; i++) {
        p = (p + pitch[i]! / sampleRate) % 1
        saw[i] = (2 * p - 1) * Math.sin((Math.PI * i) / n)
      }
      return biquad(saw, sampleRate, 'bandpass', 1100, 3)
    },
  ),
  event(
    'footstep',
    ['footsteps', 'footstep', 'steps', 'step', 'walking', 'walks', 'running', 'stomping', 'marching', 'feet'],
    0.15,
    { durationMs: [30, 250], attackMs: [0, 20], centroidHz: [60, 290] },
    (ctx) => {
      const out = struck(ctx, {
        seconds: 0.15,
        modes: [[105 * jitter(ctx, 0.1), 0.03, 1]],
        click: [0.6, 0.012, 2500],
      })
      return add(
        out,
        biquad(burst(ctx.sampleRate, 0.08, 0.015, ctx.rnd), ctx.sampleRate, 'bandpass', 2500, 0.8),
        0.5,
      )
    },
    { defaultCount: 6, gapSeconds: 0.3 },
  ),
  event(
    'glass-break',
    ['glass', 'shatter', 'shatters', 'shattering', 'smash', 'breaks', 'breaking', 'window', 'bottle'],
    1.4,
    { durationMs: [300, 2000], attackMs: [0, 30], centroidHz: [2000, 9000] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const out = new Float32Array(samplesFor(ctx, 1.4))
      mixInto(out, biquad(burst(sampleRate, 1.2, 0.2, rnd), sampleRate, 'highpass', 2000), 0, 0.9)
      for (let s = 0; s < 50; s++) {
        const f = 2500 + rnd() * 6000
        mixInto(
          out,
          ping(sampleRate, 0.3, f, f, 12 + rnd() * 20),
          rnd() * rnd() * 0.5 * sampleRate,
          0.12 + rnd() * 0.2,
        )
      }
      return decayEnvelope(out, sampleRate, 0.45, 0.001)
    },
  ),
  event(
    'clock-tick',
    ['clock', 'tick', 'ticks', 'ticking', 'tock', 'metronome', 'watch'],
    0.03,
    { durationMs: [3, 60], attackMs: [0, 25], centroidHz: [1500, 6000] },
    (ctx) =>
      biquad(
        burst(ctx.sampleRate, 0.03, 0.003, ctx.rnd),
        ctx.sampleRate,
        'bandpass',
        3000 * jitter(ctx, 0.1),
        5,
      ),
    { defaultCount: 4, gapSeconds: 0.45 },
  ),
  event(
    'phone-ring',
    ['phone', 'telephone', 'ringing', 'rings', 'ring', 'ringtone'],
    1,
    { durationMs: [700, 1500], voicing: [0.3, 1], centroidHz: [400, 2500] },
    (ctx) => {
      // An old bell phone: two tones swapping 20 times a second, with no silence between.
      const n = samplesFor(ctx, 1)
      const out = new Float32Array(n)
      let p = 0
      for (let i = 0; i < n; i++) {
        const f = Math.floor((i / ctx.sampleRate) * 20) % 2 === 0 ? 880 : 1100
        p += (2 * Math.PI * f) / ctx.sampleRate
        out[i] = Math.sin(p) + 0.3 * Math.sin(3 * p)
      }
      return envelope(out, ctx.sampleRate, 0.01, 0.03)
    },
    { defaultCount: 2, gapSeconds: 0.7 },
  ),
  {
    id: 'kettle-whistle',
    family: 'household',
    kind: 'sustained',
    words: ['kettle', 'whistling', 'teakettle', 'steam', 'whistle', 'whistles'],
    seconds: 3,
    signature: { durationMs: [1000, 30000], centroidHz: [1200, 3500], bandwidthOctaves: [0, 2] },
    render(ctx) {
      const out = tone(
        ctx,
        1900 * jitter(ctx, 0.1),
        ctx.seconds,
        [
          [1, 1],
          [2, 0.1],
        ],
        1.15,
      )
      add(out, noiseBand(out.length, ctx.sampleRate, ctx.rnd, 1500, 3000), 0.3)
      return envelope(out, ctx.sampleRate, 0.4, 0.1)
    },
  },
  event(
    'dish-clink',
    ['dish', 'dishes', 'plate', 'plates', 'cup', 'mug', 'clink', 'clinking', 'cutlery', 'spoon'],
    0.5,
    { durationMs: [60, 700], attackMs: [0, 25], centroidHz: [1500, 8000] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.5,
        modes: [
          [2200 * jitter(ctx, 0.1), 0.12, 1],
          [5100, 0.07, 0.5],
          [7300, 0.05, 0.3],
        ],
        click: [0.4, 0.002, 8000],
      }),
  ),
  event(
    'keys-jingle',
    ['keys', 'keychain', 'jingle', 'jingling', 'jangle', 'coins'],
    0.6,
    { durationMs: [250, 1000], centroidHz: [3000, 10000] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const out = new Float32Array(samplesFor(ctx, 0.6))
      for (let k = 0; k < 30; k++) {
        const f = 3500 + rnd() * 5000
        mixInto(out, ping(sampleRate, 0.12, f, f, 40), (k / 30) * 0.45 * sampleRate, 0.3 + rnd() * 0.3)
      }
      return out
    },
  ),
  event(
    'light-switch',
    ['switch', 'light-switch', 'flick', 'flicks'],
    0.04,
    { durationMs: [3, 60], attackMs: [0, 25], centroidHz: [800, 6000] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.04,
        modes: [[1400, 0.006, 0.6]],
        click: [1, 0.002, 5000],
      }),
  ),
  event(
    'zipper',
    ['zipper', 'zip', 'unzip', 'zipping'],
    0.6,
    { durationMs: [300, 1000], centroidHz: [1200, 6000] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const out = new Float32Array(samplesFor(ctx, 0.6))
      // Teeth part at about 150 a second: clicks close enough to read as one rasp.
      for (let t = 0; t < 0.55; t += 1 / 150) {
        mixInto(
          out,
          biquad(burst(sampleRate, 0.006, 0.0012, rnd), sampleRate, 'bandpass', 3000, 1),
          t * sampleRate,
          0.8 + rnd() * 0.4,
        )
      }
      return envelope(out, sampleRate, 0.03, 0.05)
    },
  ),
  {
    id: 'tap-running',
    family: 'household',
    kind: 'sustained',
    words: ['tap', 'faucet', 'sink', 'pouring', 'shower-head', 'running-water', 'water'],
    seconds: 3,
    signature: { durationMs: [1000, 30000], centroidHz: [900, 6000], unsteadinessDb: [0, 3] },
    render(ctx) {
      const out = noiseBand(samplesFor(ctx, ctx.seconds), ctx.sampleRate, ctx.rnd, 800, 7000)
      return envelope(out, ctx.sampleRate, 0.1, 0.1)
    },
  },
]
