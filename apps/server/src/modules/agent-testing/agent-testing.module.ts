import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import { startHeldJobs } from '../../platform/jobs/held-run-runner.js'
import type { AgentTestReplies } from '../agents/agents.module.js'
import type { DomainModule } from '../domain-module.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import { createAgentTestsRepository } from './agent-testing.repository.js'
import { agentTestingRoutes, testFoldersRoutes } from './agent-testing.routes.js'
import { createAgentTestingService } from './agent-testing.service.js'
import { createInvocationsRepository } from './invocations.repository.js'
import { testInvocationsRoutes } from './test-invocations.routes.js'
import { createTestRunJob } from './test-runner.js'

/** Where jobs run, how often invocations whose worker died are handed to a new run. */
const RECOVERY_SWEEP_MS = 15_000

/**
 * Agent tests: LLM-evaluation and tool-call tests in folders, run on an agent as a job whose
 * test runs go pending, running, passed or failed, with the history of those invocations.
 */
export function createAgentTestingModule(deps: {
  db: Database
  queue: JobQueue
  agents: AgentTestReplies
  log?: (message: string, details: object) => void
}): DomainModule<Record<string, never>> {
  const shared: AgentTestingDeps = {
    tests: createAgentTestsRepository(deps.db),
    invocations: createInvocationsRepository(deps.db),
    queue: deps.queue,
    agents: deps.agents,
  }
  const service = createAgentTestingService(shared)
  const job = createTestRunJob(shared, deps.log)
  let stopRecovery: () => void = () => undefined
  return {
    name: 'agent-testing',
    jobs: async (queue) => {
      stopRecovery = await startHeldJobs(queue, [job], { sweepMs: RECOVERY_SWEEP_MS, log: deps.log })
    },
    stop: () => stopRecovery(),
    routes: async (app) => {
      await app.register(testFoldersRoutes(service))
      await app.register(agentTestingRoutes(service))
      await app.register(testInvocationsRoutes(service))
    },
    ports: {},
  }
}
