// Dynamic time warping of two feature sequences inside a Sakoe-Chiba band: only cells within
// `band` frames of the proportional diagonal are filled, so memory grows with the length times
// the band, not with the square of the length (an hour of audio stays in tens of megabytes).

export interface Warp {
  /** For each frame of `a`, the first and last frame of `b` it is matched to. */
  first: Int32Array
  last: Int32Array
  /** For each frame of `a`, the mean distance of its matched pairs. */
  cost: Float64Array
}

export function distance(x: Float64Array, y: Float64Array): number {
  let sum = 0
  for (let i = 0; i < x.length; i++) {
    const d = x[i]! - y[i]!
    sum += d * d
  }
  return Math.sqrt(sum)
}

const DIAGONAL = 1
const UP = 2
const LEFT = 3

/** The cheapest monotonic path from (0,0) to the last frames of both, within the band. */
export function bandedDtw(a: readonly Float64Array[], b: readonly Float64Array[], band: number): Warp {
  const n = a.length
  const m = b.length
  const width = 2 * band + 1
  const centre = (i: number) => Math.round((i * (m - 1)) / Math.max(1, n - 1))
  const steps = new Uint8Array(n * width)
  let previous = new Float64Array(width).fill(Number.POSITIVE_INFINITY)
  let current = new Float64Array(width)
  for (let i = 0; i < n; i++) {
    current.fill(Number.POSITIVE_INFINITY)
    const c = centre(i)
    const pc = i > 0 ? centre(i - 1) : 0
    for (let k = 0; k < width; k++) {
      const j = c - band + k
      if (j < 0 || j >= m) continue
      const d = distance(a[i]!, b[j]!)
      if (i === 0 && j === 0) {
        current[k] = d
        continue
      }
      let best = Number.POSITIVE_INFINITY
      let step = 0
      if (i > 0) {
        const kd = j - 1 - (pc - band)
        if (kd >= 0 && kd < width && previous[kd]! < best) {
          best = previous[kd]!
          step = DIAGONAL
        }
        const ku = j - (pc - band)
        if (ku >= 0 && ku < width && previous[ku]! < best) {
          best = previous[ku]!
          step = UP
        }
      }
      if (k > 0 && current[k - 1]! < best) {
        best = current[k - 1]!
        step = LEFT
      }
      if (step === 0) continue
      current[k] = best + d
      steps[i * width + k] = step
    }
    ;[previous, current] = [current, previous]
  }
  const first = new Int32Array(n).fill(-1)
  const last = new Int32Array(n).fill(-1)
  const cost = new Float64Array(n)
  const pairs = new Int32Array(n)
  let i = n - 1
  let j = m - 1
  for (;;) {
    if (last[i] === -1) last[i] = j
    first[i] = j
    cost[i]! += distance(a[i]!, b[j]!)
    pairs[i]!++
    if (i === 0 && j === 0) break
    const step = steps[i * width + (j - (centre(i) - band))]
    if (step === DIAGONAL) {
      i--
      j--
    } else if (step === UP) i--
    else if (step === LEFT) j--
    else {
      // Off the band (the band was too narrow for this pair): walk straight back to the start.
      if (i > 0) i--
      if (j > 0) j--
    }
  }
  for (let k = 0; k < n; k++) cost[k]! /= Math.max(1, pairs[k]!)
  return { first, last, cost }
}
