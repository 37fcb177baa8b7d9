import {
  ANALYTICS_EARLIEST_MS,
  ANALYTICS_MAX_RANGE_MS,
  ANALYTICS_MIN_RANGE_MS,
  allowedBucketSeconds,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { ConversationFact } from '../agents/agents.module.js'

// The agents dashboard's figures: calls, minutes, success rate, cost and average length per time
// bucket, and per evaluation criterion and data-collection field (over the range and per bucket,
// for the dashboard's custom charts), over a range of 15 minutes to 2 years with a bucket size
// that fits it.

export interface MetricsQuery {
  start_unix: number
  end_unix: number
  bucket_size_secs: number
}

export function checkRange(query: MetricsQuery): { from: Date; to: Date } {
  const from = query.start_unix * 1000
  const to = query.end_unix * 1000
  const span = to - from
  if (span < ANALYTICS_MIN_RANGE_MS || span > ANALYTICS_MAX_RANGE_MS || from < ANALYTICS_EARLIEST_MS)
    throw new AppError('analytics_range_invalid', { param: 'start_unix' })
  if (!(allowedBucketSeconds(span) as number[]).includes(query.bucket_size_secs))
    throw new AppError('analytics_bucket_size_invalid', { param: 'bucket_size_secs' })
  return { from: new Date(from), to: new Date(to) }
}

function emptyBucket(startUnix: number) {
  return { start_unix: startUnix, calls: 0, minutes: 0, successful: 0, failed: 0, cost: 0, duration_secs: 0 }
}

/** Counts of each result of a criterion or field: success/failure/unknown, or the values seen. */
function tally(facts: ConversationFact[], pick: (f: ConversationFact) => Record<string, unknown>) {
  const out: Record<string, Record<string, number>> = {}
  for (const fact of facts)
    for (const [id, value] of Object.entries(pick(fact))) {
      const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
      const key = String(v.result ?? v.value ?? 'unknown')
      out[id] ??= {}
      const counts = out[id] as Record<string, number>
      counts[key] = (counts[key] ?? 0) + 1
    }
  return out
}

export function conversationMetrics(facts: ConversationFact[], query: MetricsQuery) {
  const size = query.bucket_size_secs
  const first = Math.floor(query.start_unix / size) * size
  const buckets = new Map<number, ReturnType<typeof emptyBucket>>()
  const factsOf = new Map<number, ConversationFact[]>()
  for (let start = first; start < query.end_unix; start += size) {
    buckets.set(start, emptyBucket(start))
    factsOf.set(start, [])
  }
  for (const fact of facts) {
    const start = Math.floor(fact.startedAt.getTime() / 1000 / size) * size
    const bucket = buckets.get(start)
    if (!bucket) continue
    factsOf.get(start)?.push(fact)
    bucket.calls++
    bucket.duration_secs += fact.durationSecs
    bucket.cost += fact.cost
    if (fact.outcome === 'success') bucket.successful++
    if (fact.outcome === 'failure' || fact.status === 'failed') bucket.failed++
  }
  const series = [...buckets.values()].map((b) => {
    const inBucket = factsOf.get(b.start_unix) ?? []
    return {
      ...b,
      minutes: Math.round((b.duration_secs / 60) * 100) / 100,
      success_rate: b.calls ? b.successful / b.calls : null,
      average_duration_secs: b.calls ? Math.round(b.duration_secs / b.calls) : null,
      evaluation_criteria: tally(inBucket, (f) => f.evaluation),
      data_collection: tally(inBucket, (f) => f.dataCollection),
    }
  })
  const calls = facts.length
  const seconds = facts.reduce((sum, f) => sum + f.durationSecs, 0)
  const successful = facts.filter((f) => f.outcome === 'success').length
  return {
    start_unix: query.start_unix,
    end_unix: query.end_unix,
    bucket_size_secs: size,
    totals: {
      calls,
      minutes: Math.round((seconds / 60) * 100) / 100,
      successful,
      failed: facts.filter((f) => f.outcome === 'failure' || f.status === 'failed').length,
      success_rate: calls ? successful / calls : null,
      cost: facts.reduce((sum, f) => sum + f.cost, 0),
      average_duration_secs: calls ? Math.round(seconds / calls) : null,
    },
    buckets: series,
    evaluation_criteria: tally(facts, (f) => f.evaluation),
    data_collection: tally(facts, (f) => f.dataCollection),
  }
}
