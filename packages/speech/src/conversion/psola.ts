// Time-domain pitch-synchronous overlap-add (TD-PSOLA): a pitch shift that keeps the length
// of the recording and the shape of every glottal pulse (and so the formants). Pulses are
// found on the voiced stretches (one per period, at the largest peak near where the pitch
// track expects it); the output places copies of the nearest pulse, each in a two-period
// Hann window, at the new period. Unvoiced stretches are copied through unchanged.

export interface PsolaInput {
  samples: Float32Array
  rate: number
  /** F0 per frame (Hz, 0 = unvoiced) and the frames' spacing and first centre, in seconds. */
  track: Float32Array
  hopSeconds: number
  offsetSeconds: number
  /** Pitch ratio per frame (same frames as the track). */
  ratios: Float32Array
}

function frameAt(input: PsolaInput, sample: number): number {
  const t = sample / input.rate - input.offsetSeconds
  return Math.max(0, Math.min(input.track.length - 1, Math.round(t / input.hopSeconds)))
}

/** Analysis marks: pulse positions on voiced frames, every 5 ms elsewhere (periods then 0). */
function pulseMarks(input: PsolaInput): { at: number[]; period: number[] } {
  const { samples, rate } = input
  const at: number[] = []
  const period: number[] = []
  const step = Math.round(rate * 0.005)
  let i = 0
  while (i < samples.length) {
    const f0 = input.track[frameAt(input, i)]!
    if (f0 <= 0) {
      at.push(i)
      period.push(0)
      i += step
      continue
    }
    const p = Math.round(rate / f0)
    // The strongest sample within the next period is this pulse.
    let best = i
    for (let k = i; k < Math.min(samples.length, i + p); k++)
      if (Math.abs(samples[k]!) > Math.abs(samples[best]!)) best = k
    const last = at.at(-1)
    if (last !== undefined && best - last < p / 2) best = Math.min(samples.length - 1, last + p)
    at.push(best)
    period.push(p)
    i = best + Math.round(p * 0.75)
  }
  return { at, period }
}

/** A PSOLA shift rendered piece by piece: `render(upTo)` returns the output up to that sample. */
export interface PsolaRenderer {
  /** The next output samples, from where the last call stopped up to `upTo` (exclusive). */
  render(upTo: number): Float32Array
}

export function createPsola(input: PsolaInput): PsolaRenderer {
  const { samples, rate } = input
  const out = new Float64Array(samples.length)
  const weight = new Float64Array(samples.length)
  const marks = pulseMarks(input)
  const fallback = Math.round(rate * 0.005)
  // A window placed at t reaches back at most this far: output before t - reach is final.
  let reach = fallback * 2
  for (const p of marks.period) reach = Math.max(reach, p)
  let mark = 0
  let t = 0
  let done = 0

  function place(): void {
    while (mark + 1 < marks.at.length && Math.abs(marks.at[mark + 1]! - t) <= Math.abs(marks.at[mark]! - t))
      mark++
    const source = marks.at[mark]!
    const p = marks.period[mark]!
    const half = p > 0 ? p : fallback * 2
    // Two-period Hann window around the pulse, added at the new position.
    for (let k = -half; k < half; k++) {
      const from = source + k
      const to = t + k
      if (from < 0 || from >= samples.length || to < 0 || to >= samples.length) continue
      const w = 0.5 + 0.5 * Math.cos((Math.PI * k) / half)
      out[to] = out[to]! + samples[from]! * w
      weight[to] = weight[to]! + w
    }
    const ratio = p > 0 ? input.ratios[frameAt(input, t)]! : 1
    t += p > 0 ? Math.max(1, Math.round(p / ratio)) : fallback
  }

  return {
    render(upTo) {
      const end = Math.min(samples.length, Math.max(done, upTo))
      while (t < samples.length && t - reach < end) place()
      const result = new Float32Array(end - done)
      for (let i = done; i < end; i++)
        result[i - done] = weight[i]! > 1e-3 ? out[i]! / Math.max(1, weight[i]!) : 0
      done = end
      return result
    },
  }
}

/** The whole recording shifted at once. */
export function psolaShift(input: PsolaInput): Float32Array {
  return createPsola(input).render(input.samples.length)
}
