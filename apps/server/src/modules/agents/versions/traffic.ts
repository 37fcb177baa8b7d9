import { createHash } from 'node:crypto'
import { AGENT_TRAFFIC_TOTAL } from '@timbre/contract'

/** Branch id → share of new conversations in percent; the shares add up to 100. */
export type TrafficSplit = Record<string, number>

/** Percentages are compared to a hundredth so fractions like 33.33 + 33.33 + 33.34 add up. */
const TOLERANCE = 0.005

export function addsUp(split: TrafficSplit): boolean {
  const values = Object.values(split)
  if (values.some((share) => !Number.isFinite(share) || share < 0 || share > AGENT_TRAFFIC_TOTAL))
    return false
  const total = values.reduce((sum, share) => sum + share, 0)
  return Math.abs(total - AGENT_TRAFFIC_TOTAL) < TOLERANCE
}

/**
 * Where a conversation falls in [0, 100): a hash of its id, so the same conversation always
 * lands on the same branch and ids spread evenly across the range.
 */
export function trafficPoint(conversationId: string): number {
  const digest = createHash('sha256').update(conversationId).digest()
  return (digest.readUInt32BE(0) / 2 ** 32) * AGENT_TRAFFIC_TOTAL
}

/**
 * The branch a conversation runs on: branches take consecutive slices of [0, 100) in the order
 * of their ids, each as wide as its share, and the conversation's point picks the slice.
 */
export function pickBranch(split: TrafficSplit, conversationId: string): string | null {
  const live = Object.entries(split)
    .filter(([, share]) => share > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  if (live.length === 0) return null
  const point = trafficPoint(conversationId)
  let edge = 0
  for (const [branchId, share] of live) {
    edge += share
    if (point < edge) return branchId
  }
  return (live[live.length - 1] as [string, number])[0]
}
