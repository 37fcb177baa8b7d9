// Interface and game sounds: short clean tones and clicks (a click is a transient under 30 ms),
// chimes of bell partials, and sweeps.
import { add, decayEnvelope, envelope, jitter, noiseBand, samplesFor, struck, tone } from '../blocks.js'
import { biquad, burst, mixInto, pink } from '../kit.js'
import type { RenderContext, SoundType } from '../types.js'

const ui = (
  id: string,
  words: string[],
  seconds: number,
  signature: SoundType['signature'],
  render: (ctx: RenderContext) => Float32Array,
  extra: Partial<SoundType> = {},
): SoundType => ({ id, family: 'interface', kind: 'event', words, seconds, signature, render, ...extra })

/** Notes played one after another with no silence between, each ringing like a struck bar. */
function notes(ctx: RenderContext, hz: number[], each: number, ring: number): Float32Array {
  const parts = hz.map((f) =>
    decayEnvelope(
      tone(ctx, f / ctx.mods.size, ring, [
        [1, 1],
        [2, 0.2],
      ]),
      ctx.sampleRate,
      ring / 2.5,
    ),
  )
  const hop = Math.round(each * ctx.sampleRate)
  const out = new Float32Array(hop * (hz.length - 1) + parts[parts.length - 1]!.length)
  parts.forEach((p, k) => {
    add(out, p, 0.6, k * hop)
  })
  return out
}

export const INTERFACE: SoundType[] = [
  ui(
    'ui-click',
    ['click', 'clicks', 'clicking', 'button', 'mouse', 'toggle', 'select'],
    0.02,
    { durationMs: [2, 30], attackMs: [0, 25], centroidHz: [1000, 8000] },
    (ctx) =>
      biquad(
        burst(ctx.sampleRate, 0.015, 0.0015, ctx.rnd),
        ctx.sampleRate,
        'bandpass',
        2500 * jitter(ctx, 0.2),
        1.5,
      ),
    { gapSeconds: 0.2 },
  ),
  ui(
    'beep',
    ['beep', 'beeps', 'bleep', 'beeping', 'microwave', 'timer', 'monitor'],
    0.16,
    { durationMs: [100, 250], voicing: [0.6, 1], pitchHz: [500, 1000], bandwidthOctaves: [0, 1] },
    (ctx) => tone(ctx, (1000 * jitter(ctx, 0.1)) / ctx.mods.size, 0.16),
    { gapSeconds: 0.15 },
  ),
  ui(
    'chime',
    ['chime', 'notification', 'ding', 'ping', 'message', 'doorbell', 'alert'],
    0.9,
    { durationMs: [200, 1500], attackMs: [0, 250], centroidHz: [700, 5000] },
    (ctx) => {
      const out = new Float32Array(samplesFor(ctx, 0.9))
      ;[880, 1175].forEach((base, k) => {
        for (const ratio of [1, 2.4, 4.1])
          add(
            out,
            decayEnvelope(tone(ctx, (base * ratio) / ctx.mods.size, 0.7), ctx.sampleRate, 0.25 / ratio),
            0.35 / ratio,
            Math.round(k * 0.12 * ctx.sampleRate),
          )
      })
      return out
    },
  ),
  ui(
    'error-tone',
    ['error', 'wrong', 'fail', 'failure', 'denied', 'invalid'],
    0.45,
    { durationMs: [250, 700], voicing: [0.5, 1], pitchHz: [150, 400] },
    (ctx) => notes(ctx, [330, 247], 0.16, 0.3),
  ),
  ui(
    'success-tone',
    ['success', 'confirm', 'complete', 'correct', 'level-up', 'win', 'achievement'],
    0.6,
    { durationMs: [400, 1000], centroidHz: [400, 1400] },
    (ctx) => notes(ctx, [523, 659, 784, 1047], 0.08, 0.35),
  ),
  ui(
    'coin',
    ['coin', 'pickup', 'collect', 'collectible', 'point'],
    0.4,
    { durationMs: [150, 480], centroidHz: [1000, 4000] },
    (ctx) => notes(ctx, [988, 1319], 0.07, 0.33),
  ),
  ui(
    'pop',
    ['pop', 'pops', 'popping', 'bubble-pop', 'cork'],
    0.06,
    { durationMs: [10, 100], attackMs: [0, 25], centroidHz: [200, 2500] },
    (ctx) => {
      const out = tone(ctx, 300 * jitter(ctx, 0.2), 0.06, [[1, 1]], 4)
      return decayEnvelope(out, ctx.sampleRate, 0.02, 0.001)
    },
  ),
  {
    id: 'keyboard-typing',
    family: 'interface',
    kind: 'sustained',
    words: ['typing', 'keyboard', 'keystrokes', 'keys-typing', 'types'],
    seconds: 3,
    signature: { durationMs: [1000, 30000], centroidHz: [800, 6000], unsteadinessDb: [0, 5] },
    render(ctx) {
      const { sampleRate, rnd } = ctx
      const out = noiseBand(samplesFor(ctx, ctx.seconds), sampleRate, rnd, 200, 3000, 'pink')
      for (let i = 0; i < out.length; i++) out[i] = out[i]! * 0.3
      for (let t = 0.02; t < ctx.seconds - 0.05; t += 0.05 + rnd() * 0.06) {
        const key = struck(ctx, {
          seconds: 0.04,
          modes: [[1800 + rnd() * 800, 0.006, 0.4]],
          click: [1, 0.002, 6000],
        })
        mixInto(out, key, t * sampleRate, 0.6 + rnd() * 0.4)
      }
      return envelope(out, sampleRate, 0.02, 0.05)
    },
  },
  ui(
    'laser',
    ['laser', 'zap', 'blaster', 'pew', 'phaser', 'ray-gun'],
    0.3,
    { durationMs: [120, 450], centroidHz: [150, 3000] },
    (ctx) => {
      const out = tone(
        ctx,
        2400 / ctx.mods.size,
        0.3,
        [
          [1, 1],
          [2, 0.3],
        ],
        1 / 16,
      )
      return decayEnvelope(out, ctx.sampleRate, 0.15, 0.002)
    },
  ),
  ui(
    'power-up',
    ['power-up', 'powerup', 'charging', 'teleport', 'magic', 'spell', 'portal', 'rising'],
    1.2,
    { durationMs: [800, 1600], attackMs: [200, 1300] },
    (ctx) => {
      const out = tone(
        ctx,
        200,
        1.2,
        [
          [1, 1],
          [2, 0.3],
        ],
        12,
      )
      for (let i = 0; i < out.length; i++)
        out[i] =
          out[i]! *
          (0.2 + 0.8 * (i / out.length)) *
          (0.7 + 0.3 * Math.sin((2 * Math.PI * 14 * i) / ctx.sampleRate))
      return envelope(out, ctx.sampleRate, 0.02, 0.05)
    },
  ),
  ui(
    'whoosh',
    ['whoosh', 'swoosh', 'swish', 'swipe', 'woosh', 'transition', 'sweep', 'flyby'],
    1,
    { durationMs: [400, 1400], attackMs: [150, 800], voicing: [0, 0.4] },
    (ctx) => {
      const n = samplesFor(ctx, 1 / ctx.mods.speed)
      const w = pink(n, ctx.rnd)
      const lo = 300 / ctx.mods.size
      const hi = 3500 / ctx.mods.size
      biquad(w, ctx.sampleRate, 'bandpass', (i) => lo + (hi - lo) * Math.sin((Math.PI * i) / n), 2)
      for (let i = 0; i < n; i++) w[i] = w[i]! * Math.sin((Math.PI * i) / n) ** 2
      return w
    },
  ),
  {
    id: 'alarm',
    family: 'interface',
    kind: 'sustained',
    words: ['alarm', 'buzzer', 'klaxon', 'warning', 'alarm-clock'],
    seconds: 3,
    signature: { durationMs: [1000, 30000], voicing: [0.3, 1], pitchHz: [300, 1000], unsteadinessDb: [0, 4] },
    render(ctx) {
      // Two pitches taking turns four times a second, with no gaps: urgent but one sound.
      const n = samplesFor(ctx, ctx.seconds)
      const out = new Float32Array(n)
      let p = 0
      for (let i = 0; i < n; i++) {
        const f = Math.floor((i / ctx.sampleRate) * 8) % 2 === 0 ? 880 : 660
        p += (2 * Math.PI * f) / ctx.sampleRate
        out[i] = Math.sin(p) + 0.3 * Math.sign(Math.sin(p))
      }
      return biquad(envelope(out, ctx.sampleRate, 0.01, 0.05), ctx.sampleRate, 'lowpass', 5000)
    },
  },
]
