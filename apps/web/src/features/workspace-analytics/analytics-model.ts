// Turns the analytics table answer into the chart's stacked buckets, apart from drawing so it
// can be tested: empty buckets are filled in, and averages are never stacked.

import type { ChartModel } from '../../components/stacked-bar-chart-model'
import { chartModel } from '../../components/stacked-bar-chart-model'

/** Metrics that add up across a breakdown (stacked) and those that do not (one series). */
export const ADDITIVE_METRICS = ['credits', 'requests', 'characters'] as const
export const SINGLE_METRICS = ['ttfb_avg_ms', 'ttfb_p95_ms', 'concurrency_max'] as const
export type DashboardMetric = (typeof ADDITIVE_METRICS)[number] | (typeof SINGLE_METRICS)[number]
export const DASHBOARD_METRICS: readonly DashboardMetric[] = [...ADDITIVE_METRICS, ...SINGLE_METRICS]

export const ALL_KEY = '__all__'
export const NONE_KEY = '__none__'

export function isAdditive(metric: DashboardMetric): boolean {
  return (ADDITIVE_METRICS as readonly string[]).includes(metric)
}

interface Table {
  columns: string[]
  rows: (string | number | boolean | null)[][]
}

/** Bucket starts from the range's first bucket boundary to its end. */
export function bucketStarts(rows: number[], start: number, end: number, bucketMs: number): number[] {
  // The server aligns buckets (to the time zone for hours and days); its rows tell the phase.
  const phase = rows.length > 0 ? (((rows[0] as number) % bucketMs) + bucketMs) % bucketMs : 0
  let first = Math.floor((start - phase) / bucketMs) * bucketMs + phase
  if (first + bucketMs <= start) first += bucketMs
  const times: number[] = []
  for (let t = first; t < end; t += bucketMs) times.push(t)
  return times
}

/** The chart of one metric; `groupColumn` null draws one series. */
export function analyticsChart(
  table: Table,
  options: {
    metric: DashboardMetric
    groupColumn: string | null
    start: number
    end: number
    bucketMs: number
  },
): ChartModel & { labels: Map<string, string> } {
  const col = (name: string) => table.columns.indexOf(name)
  const timeAt = col('time')
  const valueAt = col(options.metric)
  const groupAt = options.groupColumn ? col(options.groupColumn) : -1
  const labelColumn = table.columns.find((c, i) => i > valueAt && /(_label|_name)$/.test(c))
  const labelAt = labelColumn ? col(labelColumn) : -1
  const rowTimes = table.rows.map((r) => Date.parse(String(r[timeAt])))
  const time = bucketStarts(rowTimes, options.start, options.end, options.bucketMs)
  const index = new Map(time.map((t, i) => [t, i]))
  const usage: Record<string, number[]> = {}
  const labels = new Map<string, string>()
  table.rows.forEach((row, r) => {
    const i = index.get(rowTimes[r] as number)
    if (i === undefined) return
    const raw = groupAt >= 0 ? row[groupAt] : ALL_KEY
    const key = raw === null || raw === undefined ? NONE_KEY : String(raw)
    if (labelAt >= 0 && typeof row[labelAt] === 'string') labels.set(key, row[labelAt] as string)
    const values = usage[key] ?? time.map(() => 0)
    usage[key] = values
    values[i] = (values[i] ?? 0) + Number(row[valueAt] ?? 0)
  })
  return { ...chartModel({ time, usage }), labels }
}

/** Totals over the whole range, from the rows (time to first byte weighted by requests). */
export function summary(table: Table) {
  const col = (name: string) => table.columns.indexOf(name)
  let requests = 0
  let credits = 0
  let characters = 0
  let failed = 0
  let ttfbWeighted = 0
  let ttfbCount = 0
  let p95 = 0
  let concurrency = 0
  for (const row of table.rows) {
    const n = Number(row[col('requests')] ?? 0)
    requests += n
    credits += Number(row[col('credits')] ?? 0)
    characters += Number(row[col('characters')] ?? 0)
    failed += Number(row[col('failed_requests')] ?? 0)
    const avg = row[col('ttfb_avg_ms')]
    if (typeof avg === 'number') {
      ttfbWeighted += avg * n
      ttfbCount += n
    }
    const high = row[col('ttfb_p95_ms')]
    if (typeof high === 'number') p95 = Math.max(p95, high)
    concurrency = Math.max(concurrency, Number(row[col('concurrency_max')] ?? 0))
  }
  return {
    requests,
    credits,
    characters,
    failed,
    ttfbAvgMs: ttfbCount > 0 ? ttfbWeighted / ttfbCount : null,
    ttfbP95MaxMs: ttfbCount > 0 ? p95 : null,
    concurrencyMax: concurrency,
  }
}
