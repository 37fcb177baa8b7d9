// Vehicles. Engines are pulse trains at the firing rate (a periodic low-frequency harmonic
// sound); horns, bells and sirens are steady tones; a pass-by swells and fades.
import {
  add,
  decayEnvelope,
  envelope,
  jitter,
  noiseBand,
  pulses,
  samplesFor,
  struck,
  tone,
} from '../blocks.js'
import { biquad, drift } from '../kit.js'
import type { RenderContext, SoundType } from '../types.js'

/** An engine at `rate` firings a second: pulses low-passed at a few harmonics, with some noise. */
function engine(ctx: RenderContext, rate: number, brightness: number, rough: number): Float32Array {
  const { sampleRate, rnd } = ctx
  const n = samplesFor(ctx, ctx.seconds)
  const base = (rate * jitter(ctx, 0.1)) / ctx.mods.size
  const rpm = drift(n, sampleRate, 0.8 / ctx.mods.speed, base * 0.97, base * 1.04, rnd)
  const out = pulses(n, sampleRate, (i) => rpm[i]!)
  for (let i = 0; i < n; i++) out[i] = out[i]! + (rnd() * 2 - 1) * rough
  biquad(out, sampleRate, 'lowpass', base * brightness, 1.1)
  biquad(out, sampleRate, 'highpass', 20)
  return envelope(out, sampleRate, 0.05, 0.1)
}

const sustained = (
  id: string,
  words: string[],
  signature: SoundType['signature'],
  render: SoundType['render'],
): SoundType => ({ id, family: 'vehicles', kind: 'sustained', words, seconds: 3, signature, render })

export const VEHICLES: SoundType[] = [
  sustained(
    'car-engine',
    ['car', 'engine', 'idling', 'idle', 'motor', 'revving', 'vehicle', 'traffic'],
    { durationMs: [1000, 30000], voicing: [0.4, 1], pitchHz: [28, 70], centroidHz: [40, 500] },
    (ctx) => engine(ctx, 42, 8, 0.2),
  ),
  sustained(
    'truck',
    ['truck', 'lorry', 'bus', 'diesel', 'tractor'],
    { durationMs: [1000, 30000], voicing: [0.4, 1], pitchHz: [25, 45], centroidHz: [30, 400] },
    (ctx) => engine(ctx, 32, 10, 0.35),
  ),
  sustained(
    'motorcycle',
    ['motorcycle', 'motorbike', 'scooter', 'moped', 'dirt-bike'],
    { durationMs: [1000, 30000], voicing: [0.4, 1], pitchHz: [50, 130], centroidHz: [80, 900] },
    (ctx) => engine(ctx, 75, 10, 0.25),
  ),
  {
    id: 'car-horn',
    family: 'vehicles',
    kind: 'event',
    words: ['horn', 'honk', 'honking', 'honks', 'beep-beep', 'hooter'],
    seconds: 0.6,
    signature: { durationMs: [300, 1200], voicing: [0.5, 1], pitchHz: [60, 600], centroidHz: [300, 3000] },
    render(ctx) {
      const f = (440 * jitter(ctx, 0.05)) / ctx.mods.size
      const partials = [1, 2, 3, 4, 5].map((k) => [k, 0.7 / k] as const)
      const a = tone(ctx, f, 0.55, partials)
      return add(a, tone(ctx, f * 1.25, 0.55, partials), 0.8)
    },
  },
  {
    id: 'car-passby',
    family: 'vehicles',
    kind: 'event',
    words: ['passing', 'passby', 'pass-by', 'drives', 'driving', 'speeding', 'zooms', 'whizzes'],
    seconds: 3,
    signature: { durationMs: [1000, 4000], attackMs: [500, 2500], centroidHz: [50, 1500] },
    render(ctx) {
      const n = samplesFor(ctx, 3)
      const { sampleRate } = ctx
      const motor = engine({ ...ctx, seconds: 3 }, 70, 9, 0.3)
      const air = noiseBand(n, sampleRate, ctx.rnd, 200, 4000, 'pink')
      add(motor, air, 0.6)
      // Loudness follows the inverse square of the distance as it drives past.
      for (let i = 0; i < n; i++) {
        const x = (i / n - 0.5) * 6
        motor[i] = motor[i]! / (1 + x * x)
      }
      return motor
    },
  },
  {
    id: 'tyre-screech',
    family: 'vehicles',
    kind: 'event',
    words: ['screech', 'skid', 'tyres', 'tires', 'screeching', 'squeal'],
    seconds: 1.2,
    signature: { durationMs: [700, 1800], centroidHz: [1200, 5000] },
    render(ctx) {
      const n = samplesFor(ctx, 1.2)
      const out = noiseBand(n, ctx.sampleRate, ctx.rnd, 1200, 5000)
      const wobble = drift(n, ctx.sampleRate, 0.05, 2200, 2800, ctx.rnd)
      let p = 0
      for (let i = 0; i < n; i++) {
        p += (2 * Math.PI * wobble[i]!) / ctx.sampleRate
        out[i] = out[i]! * 0.4 + Math.sin(p) * 0.8
      }
      return envelope(out, ctx.sampleRate, 0.05, 0.3)
    },
  },
  sustained(
    'siren',
    ['siren', 'ambulance', 'police', 'sirens', 'firetruck'],
    { durationMs: [1000, 30000], voicing: [0.5, 1], pitchHz: [280, 1000], unsteadinessDb: [0, 4] },
    (ctx) => {
      const n = samplesFor(ctx, ctx.seconds)
      const out = new Float32Array(n)
      let p = 0
      for (let i = 0; i < n; i++) {
        const f = 650 + 300 * Math.sin((2 * Math.PI * i) / ctx.sampleRate / 2.2)
        p += (2 * Math.PI * f) / ctx.sampleRate
        out[i] = Math.sin(p) * 0.6 + Math.sin(2 * p) * 0.25 + Math.sin(3 * p) * 0.1
      }
      return envelope(out, ctx.sampleRate, 0.05, 0.1)
    },
  ),
  {
    id: 'train-horn',
    family: 'vehicles',
    kind: 'event',
    words: ['train', 'locomotive', 'railway', 'whistle-blast'],
    seconds: 1.5,
    signature: { durationMs: [1000, 2500], voicing: [0.3, 1], centroidHz: [250, 2500] },
    render(ctx) {
      const partials = [1, 2, 3, 4, 5, 6].map((k) => [k, 0.6 / k] as const)
      const out = new Float32Array(samplesFor(ctx, 1.5))
      for (const f of [311, 370, 466]) add(out, tone(ctx, f / ctx.mods.size, 1.5, partials), 0.5)
      return envelope(out, ctx.sampleRate, 0.06, 0.2)
    },
  },
  sustained(
    'helicopter',
    ['helicopter', 'chopper', 'rotor', 'rotors'],
    { durationMs: [1000, 30000], centroidHz: [60, 900], unsteadinessDb: [0, 4] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, ctx.seconds)
      const out = noiseBand(n, sampleRate, rnd, 40, 1500, 'pink')
      // Blade slaps: about 22 a second, each a short low thump in the rotor wash.
      for (let i = 0; i < n; i++) {
        const phase = ((i / sampleRate) * 22) % 1
        out[i] = out[i]! * (0.3 + 1.5 * Math.exp(-phase * 8))
      }
      return biquad(out, sampleRate, 'lowpass', 900)
    },
  ),
  sustained(
    'jet',
    ['jet', 'airplane', 'plane', 'aircraft', 'aeroplane', 'airliner'],
    { durationMs: [1000, 30000], centroidHz: [300, 4000], bandwidthOctaves: [2.5, 12], voicing: [0, 0.5] },
    (ctx) => {
      const n = samplesFor(ctx, ctx.seconds)
      const out = noiseBand(n, ctx.sampleRate, ctx.rnd, 60, 9000, 'pink')
      add(out, tone({ ...ctx }, 3100 / ctx.mods.size, ctx.seconds, [[1, 1]]), 0.04)
      return envelope(out, ctx.sampleRate, 0.3, 0.3)
    },
  ),
  {
    id: 'bicycle-bell',
    family: 'vehicles',
    kind: 'event',
    words: ['bicycle', 'bike', 'bell', 'ring-ring', 'cycle'],
    seconds: 0.8,
    signature: { durationMs: [150, 1500], attackMs: [0, 20], centroidHz: [1800, 7000] },
    render(ctx) {
      const out = struck(ctx, {
        seconds: 0.8,
        modes: [
          [2900, 0.25, 1],
          [4350, 0.18, 0.6],
          [6200, 0.12, 0.35],
        ],
        click: [0.3, 0.002, 6000],
      })
      return decayEnvelope(out, ctx.sampleRate, 0.5)
    },
  },
]
