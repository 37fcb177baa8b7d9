import { describe, expect, it } from 'vitest'
import { chartModel, niceMax, OTHERS_KEY } from './stacked-bar-chart-model'

describe('usage chart model', () => {
  it('rounds the axis top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1)
    expect(niceMax(7)).toBe(10)
    expect(niceMax(180)).toBe(200)
    expect(niceMax(2100)).toBe(2500)
    expect(niceMax(4000)).toBe(5000)
    expect(niceMax(100_000)).toBe(100_000)
  })

  it('stacks the series largest first, drops empty ones and sums each day', () => {
    const model = chartModel({
      time: [0, 86_400_000, 172_800_000],
      usage: { dialogue: [0, 50, 0], tts: [100, 0, 300], 'tts-stream-input': [0, 0, 0] },
    })
    expect(model.series.map((s) => s.key)).toEqual(['tts', 'dialogue'])
    expect(model.totals).toEqual([100, 50, 300])
    expect(model.total).toBe(450)
    expect(model.ticks).toEqual([0, 125, 250, 375, 500])
  })

  it('folds the smallest series into one beyond the limit', () => {
    const usage = Object.fromEntries(['a', 'b', 'c', 'd'].map((k, i) => [k, [10 * (4 - i)]]))
    const model = chartModel({ time: [0], usage }, 3)
    expect(model.series.map((s) => s.key)).toEqual(['a', 'b', OTHERS_KEY])
    expect(model.series[2]?.values).toEqual([30])
    expect(model.total).toBe(100)
  })
})
