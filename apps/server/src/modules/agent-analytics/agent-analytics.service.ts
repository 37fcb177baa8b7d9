import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { ConversationFactsLookup } from '../agents/agents.module.js'
import { checkRange, conversationMetrics, type MetricsQuery } from './conversation-metrics.js'
import type { DashboardRepository } from './dashboard.repository.js'

/** The dashboard's default charts: the call success chart. */
const DEFAULT_CHARTS = [{ type: 'call_success', name: 'Call success' }]

export function createAgentAnalyticsService(deps: {
  facts: ConversationFactsLookup
  dashboard: DashboardRepository
  agentExists(workspaceId: string, agentId: string): Promise<boolean>
}) {
  async function checkAgents(principal: Principal, ids: string[]) {
    for (const id of ids)
      if (!(await deps.agentExists(principal.workspaceId, id)))
        throw new AppError('agent_not_found', { param: 'agent_id' })
  }

  return {
    /** Conversations in progress now, of the workspace or of the named agents. */
    async liveCount(principal: Principal, agentIds: string[]) {
      await checkAgents(principal, agentIds)
      const now = new Date()
      const facts = await deps.facts(principal.workspaceId, {
        from: new Date(now.getTime() - 86_400_000),
        to: now,
      })
      return {
        count: facts.filter(
          (f) => f.status === 'in-progress' && (agentIds.length === 0 || agentIds.includes(f.agentId)),
        ).length,
      }
    },

    async metrics(principal: Principal, query: MetricsQuery & { agent_id?: string | undefined }) {
      const range = checkRange(query)
      if (query.agent_id) await checkAgents(principal, [query.agent_id])
      const facts = await deps.facts(principal.workspaceId, { ...range, agentId: query.agent_id })
      return conversationMetrics(facts, query)
    },

    async dashboard(principal: Principal) {
      return {
        charts: ((await deps.dashboard.charts(principal.workspaceId)) ?? DEFAULT_CHARTS) as Record<
          string,
          unknown
        >[],
      }
    },

    async setDashboard(principal: Principal, charts: unknown[] | null | undefined) {
      if (charts) await deps.dashboard.setCharts(principal.workspaceId, charts)
      return {
        charts: ((await deps.dashboard.charts(principal.workspaceId)) ?? DEFAULT_CHARTS) as Record<
          string,
          unknown
        >[],
      }
    },
  }
}

export type AgentAnalyticsService = ReturnType<typeof createAgentAnalyticsService>
