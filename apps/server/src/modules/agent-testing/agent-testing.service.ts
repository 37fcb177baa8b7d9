import { bindUseCases } from '../../platform/use-cases.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import { createFolder, deleteFolder, getFolder, renameFolder } from './folders.js'
import {
  createTest,
  deleteTest,
  getTest,
  listTests,
  moveTests,
  testSummaries,
  updateTest,
} from './test-definitions.js'
import {
  cancelInvocation,
  getInvocation,
  listInvocations,
  resubmitInvocation,
  runTests,
} from './test-invocations.js'

/** Agent tests: their definitions and folders, and running them on an agent. */
export function createAgentTestingService(deps: AgentTestingDeps) {
  return bindUseCases(deps, {
    createTest,
    getTest,
    updateTest,
    deleteTest,
    listTests,
    moveTests,
    testSummaries,
    createFolder,
    getFolder,
    renameFolder,
    deleteFolder,
    runTests,
    getInvocation,
    listInvocations,
    cancelInvocation,
    resubmitInvocation,
  })
}

export type AgentTestingService = ReturnType<typeof createAgentTestingService>
