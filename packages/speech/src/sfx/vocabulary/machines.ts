// Machines: motors (a whine at the rotation rate and its harmonics), two-stroke engines,
// airflow, mains hum and repeated impacts. All run as long as asked.
import { add, envelope, jitter, noiseBand, pulses, samplesFor, tone } from '../blocks.js'
import { biquad, burst, drift, mixInto } from '../kit.js'
import type { RenderContext, SoundType } from '../types.js'

const machine = (
  id: string,
  words: string[],
  signature: SoundType['signature'],
  render: (ctx: RenderContext, n: number) => Float32Array,
): SoundType => ({
  id,
  family: 'machines',
  kind: 'sustained',
  words,
  seconds: 3,
  signature,
  render: (ctx) => envelope(render(ctx, samplesFor(ctx, ctx.seconds)), ctx.sampleRate, 0.08, 0.1),
})

/** A motor whine: harmonics of the rotation rate, which wanders a little. */
function whine(ctx: RenderContext, n: number, hz: number, harmonics: number): Float32Array {
  const rate = drift(n, ctx.sampleRate, 0.5, hz * 0.98, hz * 1.02, ctx.rnd)
  const out = pulses(n, ctx.sampleRate, (i) => rate[i]!, 0.3)
  return biquad(out, ctx.sampleRate, 'lowpass', hz * harmonics, 0.9)
}

export const MACHINES: SoundType[] = [
  machine(
    'vacuum',
    ['vacuum', 'hoover', 'vacuuming', 'cleaner', 'hairdryer', 'blower'],
    { durationMs: [1000, 30000], centroidHz: [500, 5000], unsteadinessDb: [0, 3] },
    (ctx, n) =>
      add(
        noiseBand(n, ctx.sampleRate, ctx.rnd, 300, 6000, 'pink'),
        whine(ctx, n, 420 * jitter(ctx), 6),
        0.35,
      ),
  ),
  machine(
    'drill',
    ['drill', 'drilling', 'screwdriver', 'power-drill'],
    { durationMs: [1000, 30000], voicing: [0.4, 1], pitchHz: [250, 1000], centroidHz: [400, 5000] },
    (ctx, n) =>
      add(whine(ctx, n, 520 * jitter(ctx, 0.1), 8), noiseBand(n, ctx.sampleRate, ctx.rnd, 1500, 6000), 0.15),
  ),
  machine(
    'chainsaw',
    ['chainsaw', 'saw', 'sawing', 'logging'],
    { durationMs: [1000, 30000], voicing: [0.3, 1], pitchHz: [60, 250], centroidHz: [200, 3000] },
    (ctx, n) => {
      const out = pulses(n, ctx.sampleRate, () => 120 * jitter(ctx, 0.05), 0.2)
      for (let i = 0; i < n; i++) out[i] = out[i]! + (ctx.rnd() * 2 - 1) * 0.35
      return biquad(out, ctx.sampleRate, 'lowpass', 3000, 1.4)
    },
  ),
  machine(
    'lawnmower',
    ['lawnmower', 'mower', 'mowing', 'generator', 'leafblower'],
    { durationMs: [1000, 30000], voicing: [0.35, 1], pitchHz: [25, 70], centroidHz: [40, 900] },
    (ctx, n) => {
      const out = pulses(n, ctx.sampleRate, () => 48 * jitter(ctx, 0.05), 0.15)
      for (let i = 0; i < n; i++) out[i] = out[i]! + (ctx.rnd() * 2 - 1) * 0.25
      return biquad(out, ctx.sampleRate, 'lowpass', 700, 1.2)
    },
  ),
  machine(
    'fan',
    ['fan', 'air-conditioner', 'aircon', 'ventilation', 'hvac', 'air-conditioning', 'ac'],
    { durationMs: [1000, 30000], centroidHz: [60, 1200], voicing: [0, 0.5], unsteadinessDb: [0, 2] },
    (ctx, n) =>
      biquad(noiseBand(n, ctx.sampleRate, ctx.rnd, 50, 2500, 'pink'), ctx.sampleRate, 'lowpass', 900),
  ),
  machine(
    'electric-hum',
    ['hum', 'humming', 'buzz', 'electrical', 'transformer', 'fridge', 'refrigerator', 'neon'],
    { durationMs: [1000, 30000], voicing: [0.6, 1], pitchHz: [45, 130], unsteadinessDb: [0, 2] },
    (ctx, n) =>
      tone({ ...ctx, seconds: n / ctx.sampleRate }, 50, n / ctx.sampleRate, [
        [1, 1],
        [2, 0.6],
        [3, 0.4],
        [4, 0.25],
        [6, 0.15],
      ]),
  ),
  machine(
    'jackhammer',
    ['jackhammer', 'pneumatic', 'roadworks', 'construction', 'hammering'],
    { durationMs: [1000, 30000], voicing: [0.12, 1], centroidHz: [600, 3500], unsteadinessDb: [0, 3] },
    (ctx, n) => {
      const { sampleRate, rnd } = ctx
      const out = noiseBand(n, sampleRate, rnd, 100, 3000, 'pink')
      for (let i = 0; i < n; i++) out[i] = out[i]! * 0.08
      // Blows 28 times a second, each a short burst of metal on stone.
      for (let t = 0; t < n / sampleRate; t += 1 / 28) {
        mixInto(
          out,
          biquad(burst(sampleRate, 0.025, 0.006, rnd), sampleRate, 'bandpass', 1200, 0.8),
          t * sampleRate,
          1,
        )
      }
      return out
    },
  ),
  machine(
    'typewriter',
    ['typewriter', 'printer', 'printing', 'teletype', 'dot-matrix'],
    { durationMs: [1000, 30000], centroidHz: [800, 6000], unsteadinessDb: [0, 5] },
    (ctx, n) => {
      const { sampleRate, rnd } = ctx
      const out = noiseBand(n, sampleRate, rnd, 200, 2000, 'pink')
      for (let i = 0; i < n; i++) out[i] = out[i]! * 0.3
      for (let t = 0; t < n / sampleRate; t += 0.05 + rnd() * 0.05) {
        mixInto(
          out,
          biquad(burst(sampleRate, 0.03, 0.004, rnd), sampleRate, 'bandpass', 2200 + rnd() * 800, 1.5),
          t * sampleRate,
          1,
        )
      }
      return out
    },
  ),
]
