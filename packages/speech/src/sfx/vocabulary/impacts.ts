// Impacts: a hard transient then a body's decay; weight moves the modes down and the decay out.
import { add, decayEnvelope, jitter, noiseBand, samplesFor, struck } from '../blocks.js'
import { biquad, burst, mixInto, ping, white } from '../kit.js'
import type { RenderContext, SoundType } from '../types.js'

const hit = (
  id: string,
  words: string[],
  seconds: number,
  signature: SoundType['signature'],
  render: (ctx: RenderContext) => Float32Array,
  extra: Partial<SoundType> = {},
): SoundType => ({ id, family: 'impacts', kind: 'event', words, seconds, signature, render, ...extra })

export const IMPACTS: SoundType[] = [
  hit(
    'punch',
    ['punch', 'punches', 'hit', 'hits', 'smack', 'fight'],
    0.3,
    { durationMs: [40, 400], attackMs: [0, 25], decayMs: [10, 300], centroidHz: [120, 3000] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.3,
        modes: [
          [120 * jitter(ctx), 0.05, 1],
          [300, 0.03, 0.4],
        ],
        click: [1.2, 0.015, 4000],
      }),
  ),
  hit(
    'thud',
    ['thud', 'thump', 'thumps', 'thuds', 'falls', 'fall', 'drops', 'dropped'],
    0.5,
    { durationMs: [60, 600], attackMs: [0, 30], decayMs: [20, 500], centroidHz: [30, 110] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.5,
        modes: [
          [70 * jitter(ctx), 0.09, 1],
          [140, 0.05, 0.4],
        ],
        click: [0.5, 0.02, 900],
      }),
  ),
  hit(
    'metal-clang',
    ['clang', 'clangs', 'anvil', 'metal', 'gong', 'pipe', 'clank'],
    1.5,
    { durationMs: [300, 2500], attackMs: [0, 80], decayMs: [150, 1800], centroidHz: [300, 4000] },
    (ctx) =>
      struck(ctx, {
        seconds: 1.5,
        modes: [1, 2.76, 5.4, 8.93].map(
          (r) => [420 * r * jitter(ctx, 0.05), 0.5 / Math.sqrt(r), 1 / Math.sqrt(r)] as const,
        ),
        click: [0.6, 0.004, 6000],
      }),
  ),
  hit(
    'explosion',
    ['explosion', 'explodes', 'exploding', 'blast', 'bomb', 'detonation', 'kaboom', 'grenade'],
    2.5,
    { durationMs: [500, 3500], attackMs: [0, 60], centroidHz: [40, 1500] },
    (ctx) => {
      const { sampleRate, rnd } = ctx
      const n = samplesFor(ctx, 2.5)
      const body = white(n, rnd)
      biquad(body, sampleRate, 'lowpass', (i) => 200 + 6000 * Math.exp(-i / sampleRate / 0.2), 0.9)
      decayEnvelope(body, sampleRate, 0.6, 0.003)
      add(body, ping(sampleRate, 2, 70 / ctx.mods.size, 28 / ctx.mods.size, 1.8), 1.2)
      for (let d = 0; d < 30; d++) {
        const debris = biquad(
          burst(sampleRate, 0.02, 0.004, rnd),
          sampleRate,
          'bandpass',
          2000 + rnd() * 3000,
        )
        mixInto(body, debris, (0.1 + rnd() * 1.2) * sampleRate, 0.2 * rnd())
      }
      return body
    },
  ),
  hit(
    'gunshot',
    ['gunshot', 'gun', 'shot', 'shots', 'pistol', 'rifle', 'fires', 'bang'],
    0.5,
    { durationMs: [40, 600], attackMs: [0, 25], decayMs: [10, 400], bandwidthOctaves: [2, 12] },
    (ctx) => {
      const crack = decayEnvelope(
        noiseBand(samplesFor(ctx, 0.5), ctx.sampleRate, ctx.rnd, 150, 9000),
        ctx.sampleRate,
        0.05,
        0.0005,
      )
      return add(
        crack,
        decayEnvelope(
          noiseBand(samplesFor(ctx, 0.5), ctx.sampleRate, ctx.rnd, 60, 400),
          ctx.sampleRate,
          0.1,
          0.002,
        ),
        1.5,
      )
    },
  ),
  hit(
    'braam',
    ['braam', 'trailer', 'cinematic', 'brass-hit', 'boom'],
    2.2,
    { durationMs: [300, 3000], voicing: [0.3, 1], pitchHz: [25, 120], centroidHz: [40, 900] },
    (ctx) => {
      const { sampleRate } = ctx
      const n = samplesFor(ctx, 2.2)
      const out = new Float32Array(n)
      let p = 0
      for (let i = 0; i < n; i++) {
        p = (p + 55 / ctx.mods.size / sampleRate) % 1
        out[i] = (2 * p - 1) * Math.exp(-i / sampleRate / 1.6) * Math.min(1, i / (0.01 * sampleRate))
      }
      return biquad(out, sampleRate, 'lowpass', 900)
    },
  ),
  hit(
    'slap',
    ['slap', 'slaps', 'whip', 'crack-of-whip', 'smacks'],
    0.12,
    {
      durationMs: [8, 150],
      attackMs: [0, 25],
      centroidHz: [2500, 8000],
      bandwidthOctaves: [1.5, 12],
      voicing: [0, 0.3],
    },
    (ctx) =>
      decayEnvelope(
        noiseBand(samplesFor(ctx, 0.12), ctx.sampleRate, ctx.rnd, 600, 8000),
        ctx.sampleRate,
        0.012,
        0.0005,
      ),
  ),
  hit(
    'wood-snap',
    ['snap', 'snaps', 'twig', 'branch', 'stick', 'crack', 'cracks', 'wood'],
    0.2,
    { durationMs: [10, 250], attackMs: [0, 25], centroidHz: [600, 2200] },
    (ctx) =>
      struck(ctx, {
        seconds: 0.2,
        modes: [
          [900 * jitter(ctx), 0.015, 0.6],
          [2100, 0.01, 0.4],
        ],
        click: [1, 0.006, 7000],
      }),
  ),
  hit(
    'heartbeat',
    ['heartbeat', 'heart', 'heartbeats', 'pulse', 'heart-beat'],
    0.45,
    { durationMs: [150, 600], centroidHz: [20, 300] },
    (ctx) => {
      // Lub-dub: the second beat lands while the first still rings, so the pair reads as one.
      const out = new Float32Array(samplesFor(ctx, 0.45))
      mixInto(out, ping(ctx.sampleRate, 0.25, 60, 45, 14), 0, 1)
      mixInto(out, ping(ctx.sampleRate, 0.2, 55, 40, 18), 0.13 * ctx.sampleRate, 0.7)
      return out
    },
    { defaultCount: 4, gapSeconds: 0.35 },
  ),
]
