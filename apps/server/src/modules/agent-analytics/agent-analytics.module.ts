import type { Database } from '../../db/database.js'
import type { AgentInfoLookup, ConversationFactsLookup } from '../agents/agents.module.js'
import type { DomainModule } from '../domain-module.js'
import { agentAnalyticsRoutes } from './agent-analytics.routes.js'
import { createAgentAnalyticsService } from './agent-analytics.service.js'
import { createDashboardRepository } from './dashboard.repository.js'

/** The agents dashboard: conversations over time, live count and custom charts. */
export function createAgentAnalyticsModule(deps: {
  db: Database
  facts: ConversationFactsLookup
  agents: AgentInfoLookup
}): DomainModule<Record<string, never>> {
  const service = createAgentAnalyticsService({
    facts: deps.facts,
    dashboard: createDashboardRepository(deps.db),
    agentExists: async (workspaceId, agentId) => (await deps.agents(workspaceId, agentId)) !== null,
  })
  return {
    name: 'agent-analytics',
    routes: async (app) => {
      await app.register(agentAnalyticsRoutes(service))
    },
    ports: {},
  }
}
