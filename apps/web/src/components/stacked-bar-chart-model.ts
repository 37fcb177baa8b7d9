// The stacked bars of a chart per time bucket, computed apart from drawing so they can be tested.

export interface Series {
  key: string
  values: number[]
}

export interface ChartModel {
  /** Bucket starts (ms). */
  time: number[]
  /** Largest series first (drawn at the bottom), at most `maxSeries` with the rest as one. */
  series: Series[]
  /** Sum per bucket. */
  totals: number[]
  total: number
  /** A round top for the y axis and its tick values. */
  ticks: number[]
}

export const OTHERS_KEY = '__others__'

/** A "nice" axis top (1, 2, 2.5 or 5 times a power of ten) at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1
  const power = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power
  return 10 * power
}

export function chartModel(
  stats: { time: number[]; usage: Record<string, number[]> },
  maxSeries = 6,
): ChartModel {
  const entries = Object.entries(stats.usage).map(([key, values]) => ({
    key,
    values: stats.time.map((_, i) => values[i] ?? 0),
  }))
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  entries.sort((a, b) => sum(b.values) - sum(a.values) || a.key.localeCompare(b.key))
  let series = entries.filter((s) => sum(s.values) > 0)
  if (series.length > maxSeries) {
    const kept = series.slice(0, maxSeries - 1)
    const rest = series.slice(maxSeries - 1)
    const others = stats.time.map((_, i) => rest.reduce((a, s) => a + (s.values[i] ?? 0), 0))
    series = [...kept, { key: OTHERS_KEY, values: others }]
  }
  const totals = stats.time.map((_, i) => series.reduce((a, s) => a + (s.values[i] ?? 0), 0))
  const top = niceMax(Math.max(0, ...totals))
  return {
    time: stats.time,
    series,
    totals,
    total: sum(totals),
    ticks: [0, top / 4, top / 2, (3 * top) / 4, top],
  }
}
