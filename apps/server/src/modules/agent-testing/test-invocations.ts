import { AGENT_TEST_RUNS_MAX } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import type { InvocationRow, NewTestRun, TestRunRow } from './invocations.repository.js'
import { cursorAt, offsetOf, unixSeconds } from './views.js'

// Running tests on an agent: one invocation per request, a job that runs its tests, and the
// history of invocations with their results.

const enqueue = (deps: AgentTestingDeps) => (trx: Transaction<DB>, id: string) =>
  deps.queue.send('agent-testing.run', { invocationId: id }, { trx })

function runView(principal: Principal, invocation: InvocationRow, run: TestRunRow) {
  return {
    test_run_id: run.id,
    test_info: { ...run.test_info, type: run.test_type, name: run.test_name },
    test_invocation_id: invocation.id,
    agent_id: invocation.agent_id,
    branch_id: invocation.branch_id,
    ran_against_draft: false,
    status: run.status,
    agent_responses: run.agent_responses ?? undefined,
    test_id: run.test_id,
    test_name: run.test_name,
    condition_result: run.condition_result ?? undefined,
    last_updated_at_unix: unixSeconds(run.updated_at),
    metadata: {
      workspace_id: invocation.workspace_id,
      test_name: run.test_name,
      ran_by_user_email: principal.email,
      test_type: run.test_type === 'tool' ? 'tool_call' : run.test_type,
    },
    root_folder_id: run.root_folder_id ?? undefined,
    root_folder_name: run.root_folder_name ?? undefined,
  }
}

/** The public view, with the job's own state and percent besides ElevenLabs' fields. */
export async function invocationView(
  deps: AgentTestingDeps,
  principal: Principal,
  invocation: InvocationRow,
) {
  const runs = await deps.invocations.runsOf(invocation.id)
  return {
    id: invocation.id,
    agent_id: invocation.agent_id,
    branch_id: invocation.branch_id,
    ran_against_draft: false,
    created_at: unixSeconds(invocation.created_at),
    folder_id: invocation.folder_id,
    repeat_count: invocation.repeat_count,
    cancelled: invocation.status === 'cancelled',
    status: invocation.status,
    progress_percent: invocation.progress,
    test_runs: runs.map((run) => runView(principal, invocation, run)),
  }
}

export async function runTests(
  deps: AgentTestingDeps,
  principal: Principal,
  agentId: string,
  body: {
    tests: Array<{
      test_id: string
      root_folder_id?: string | null | undefined
      root_folder_name?: string | null | undefined
    }>
    agent_config_override?: Record<string, unknown> | null | undefined
    branch_id?: string | null | undefined
    repeat_count?: number | null | undefined
  },
) {
  if (!(await deps.agents.exists(principal.workspaceId, agentId))) throw new AppError('agent_not_found')
  const ids = [...new Set(body.tests.map((t) => t.test_id))]
  const found = await deps.tests.findTests(principal.workspaceId, ids)
  const missing = ids.find((id) => !found.some((t) => t.id === id))
  if (missing)
    throw new AppError('agent_test_not_found', {
      message: `The test ${missing} does not exist.`,
      param: 'tests',
    })
  const repeat = body.repeat_count ?? 1
  if (body.tests.length * repeat > AGENT_TEST_RUNS_MAX)
    throw new AppError('agent_test_invalid', {
      message: `At most ${AGENT_TEST_RUNS_MAX} test runs at once.`,
      param: 'repeat_count',
    })
  const runs: NewTestRun[] = []
  for (let round = 0; round < repeat; round++)
    for (const asked of body.tests) {
      const test = found.find((t) => t.id === asked.test_id)
      if (!test) continue
      runs.push({
        id: newId(),
        testId: test.id,
        testName: test.name,
        testType: test.type,
        testInfo: test.definition,
        rootFolderId: asked.root_folder_id ?? null,
        rootFolderName: asked.root_folder_name ?? null,
      })
    }
  const id = newId()
  const folderIds = new Set(body.tests.map((t) => t.root_folder_id ?? null))
  await deps.invocations.create(
    {
      id,
      workspaceId: principal.workspaceId,
      createdBy: principal.userId,
      agentId,
      branchId: body.branch_id ?? null,
      folderId: folderIds.size === 1 ? ([...folderIds][0] ?? null) : null,
      repeatCount: repeat,
      configOverride: body.agent_config_override ?? null,
    },
    runs,
    enqueue(deps),
  )
  return getInvocation(deps, principal, id)
}

export async function getInvocation(deps: AgentTestingDeps, principal: Principal, id: string) {
  const invocation = await deps.invocations.find(principal.workspaceId, id)
  if (!invocation) throw new AppError('test_invocation_not_found')
  return invocationView(deps, principal, invocation)
}

export async function cancelInvocation(deps: AgentTestingDeps, principal: Principal, id: string) {
  const invocation = await deps.invocations.find(principal.workspaceId, id)
  if (!invocation) throw new AppError('test_invocation_not_found')
  if (!(await deps.invocations.cancel(principal.workspaceId, id)))
    throw new AppError('test_invocation_finished')
}

export async function resubmitInvocation(
  deps: AgentTestingDeps,
  principal: Principal,
  id: string,
  body: {
    test_run_ids: string[]
    agent_id: string
    agent_config_override?: Record<string, unknown> | null | undefined
  },
) {
  const invocation = await deps.invocations.find(principal.workspaceId, id)
  if (!invocation || invocation.agent_id !== body.agent_id) throw new AppError('test_invocation_not_found')
  const runs = await deps.invocations.runsOf(id)
  const unknown = body.test_run_ids.find((runId) => !runs.some((r) => r.id === runId))
  if (unknown)
    throw new AppError('test_invocation_not_found', {
      message: `The test run ${unknown} is not part of this invocation.`,
      param: 'test_run_ids',
    })
  await deps.invocations.resubmit(
    principal.workspaceId,
    id,
    body.test_run_ids,
    body.agent_config_override ?? null,
    enqueue(deps),
  )
  return {}
}

export async function listInvocations(
  deps: AgentTestingDeps,
  principal: Principal,
  query: {
    agent_id?: string | undefined
    branch_id?: string | undefined
    test_id?: string | undefined
    start_time?: number | undefined
    end_time?: number | undefined
    page_size: number
    cursor?: string | undefined
  },
) {
  const offset = offsetOf(query.cursor)
  const rows = await deps.invocations.list(principal.workspaceId, {
    agentId: query.agent_id,
    branchId: query.branch_id,
    testId: query.test_id,
    from: query.start_time === undefined ? undefined : new Date(query.start_time * 1000),
    to: query.end_time === undefined ? undefined : new Date(query.end_time * 1000),
    offset,
    limit: query.page_size + 1,
  })
  const hasMore = rows.length > query.page_size
  const page = rows.slice(0, query.page_size)
  const counts = await deps.invocations.counts(page.map((r) => r.id))
  return {
    results: page.map((row) => {
      const c = counts.find((x) => x.invocation_id === row.id)
      return {
        id: row.id,
        agent_id: row.agent_id,
        branch_id: row.branch_id,
        created_at_unix_secs: unixSeconds(row.created_at),
        test_run_count: c?.total ?? 0,
        passed_count: c?.passed ?? 0,
        failed_count: c?.failed ?? 0,
        pending_count: c?.pending ?? 0,
        cancelled_count: c?.cancelled ?? 0,
        title: `${c?.total ?? 0} tests`,
        repeat_count: row.repeat_count,
        cancelled: row.status === 'cancelled',
        status: row.status,
        progress_percent: row.progress,
      }
    }),
    next_cursor: hasMore ? cursorAt(offset + query.page_size) : null,
    has_more: hasMore,
  }
}
