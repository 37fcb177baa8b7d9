import type { ConversationsRepository } from './conversations/conversations.repository.js'

// What analytics reads of a workspace's conversations: when each started, how long it ran, how
// it ended, what it cost and what its analysis found. Nothing else leaves the agents domain.

export interface ConversationFact {
  agentId: string
  startedAt: Date
  durationSecs: number
  /** in-progress, processing, done or failed. */
  status: string
  /** success, failure or unknown (from the post-call analysis). */
  outcome: string
  cost: number
  evaluation: Record<string, unknown>
  dataCollection: Record<string, unknown>
}

export type ConversationFactsLookup = (
  workspaceId: string,
  query: { from: Date; to: Date; agentId?: string | undefined },
) => Promise<ConversationFact[]>

/** Conversations read per query at most; a dashboard over more answers from the newest. */
const FACTS_MAX = 50_000
const PAGE = 1_000

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

export function createConversationFacts(conversations: ConversationsRepository): ConversationFactsLookup {
  return async (workspaceId, query) => {
    const facts: ConversationFact[] = []
    for (let offset = 0; offset < FACTS_MAX; offset += PAGE) {
      const rows = await conversations.list(workspaceId, {
        agentId: query.agentId,
        after: new Date(query.from.getTime() - 1),
        before: query.to,
        offset,
        limit: PAGE,
      })
      for (const row of rows) {
        const started = new Date(row.started_at)
        const ended = row.ended_at ? new Date(row.ended_at).getTime() : Date.now()
        const analysis = row.analysis ?? {}
        facts.push({
          agentId: row.agent_id,
          startedAt: started,
          durationSecs: numberOr(
            row.metadata.call_duration_secs,
            Math.max(0, Math.round((ended - started.getTime()) / 1000)),
          ),
          status: row.status,
          outcome: typeof analysis.call_successful === 'string' ? analysis.call_successful : 'unknown',
          cost: numberOr(row.metadata.cost, 0),
          evaluation: (analysis.evaluation_criteria_results as Record<string, unknown> | undefined) ?? {},
          dataCollection: (analysis.data_collection_results as Record<string, unknown> | undefined) ?? {},
        })
      }
      if (rows.length < PAGE) break
    }
    return facts
  }
}
