import type { JobQueue } from '../../jobs/queue.js'
import type { AgentTestReplies } from '../agents/agents.module.js'
import type { AgentTestsRepository } from './agent-testing.repository.js'
import type { InvocationsRepository } from './invocations.repository.js'

/** What the agent-testing use cases share. */
export interface AgentTestingDeps {
  tests: AgentTestsRepository
  invocations: InvocationsRepository
  queue: JobQueue
  /** The agents domain: an agent's reply to a test's conversation and its model's judgement. */
  agents: AgentTestReplies
}
