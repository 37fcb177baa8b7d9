import { bindUseCases } from '../../platform/use-cases.js'
import { createAgent, duplicateAgent } from './agent-create.js'
import { agentLink, agentWidget, getAgent, listAgents } from './agent-read.js'
import { removeAgent, updateAgent } from './agent-update.js'
import type { AgentsDeps } from './agents-deps.js'

/** Agents: create, read, list, change, copy and delete, with their link and widget. */
export function createAgentsService(deps: AgentsDeps) {
  return bindUseCases(deps, {
    create: createAgent,
    duplicate: duplicateAgent,
    get: getAgent,
    list: listAgents,
    link: agentLink,
    widget: agentWidget,
    update: updateAgent,
    remove: removeAgent,
  })
}

export type AgentsService = ReturnType<typeof createAgentsService>
