import { describe, expect, it } from 'vitest'
import { bandedDtw } from './dtw.js'

// A sequence warped against a copy of itself played at half speed: each frame lands on its
// stretched place, and only the band is ever stored.

const ramp = (n: number, step: number) =>
  Array.from({ length: n }, (_, i) => Float64Array.of(Math.sin(i * step), Math.cos(i * step * 0.7)))

describe('banded dynamic time warping', () => {
  it('finds the stretch between a sequence and its slowed copy', () => {
    const a = ramp(200, 0.1)
    const b = ramp(400, 0.05)
    const warp = bandedDtw(a, b, 20)
    for (let i = 10; i < 190; i++) {
      expect(Math.abs(warp.first[i]! - 2 * i)).toBeLessThanOrEqual(2)
      expect(warp.last[i]!).toBeGreaterThanOrEqual(warp.first[i]!)
      expect(warp.cost[i]!).toBeLessThan(0.1)
    }
    expect(warp.first[0]).toBe(0)
    expect(warp.last[199]).toBe(399)
  })

  it('keeps the path monotonic even when the band is too narrow for the best path', () => {
    const a = ramp(100, 0.1)
    const b = [...ramp(60, 0), ...ramp(100, 0.1)]
    const warp = bandedDtw(a, b, 5)
    for (let i = 1; i < 100; i++) expect(warp.first[i]!).toBeGreaterThanOrEqual(warp.last[i - 1]!)
  })
})
