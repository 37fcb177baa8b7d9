import { defineHeldJob, type HeldRun } from '../../platform/jobs/held-run-runner.js'
import type { TestHistoryEntry } from '../agents/agents.module.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import { judgeReply, judgeToolCalls, type TestVerdict, type ToolExpectation } from './evaluate-test.js'
import type { InvocationRow, TestRunRow } from './invocations.repository.js'

// The job that runs an invocation's tests, one after another: each run goes from pending to
// running to passed or failed, and the invocation's percent follows. A run whose process died
// is taken over and carries on from the tests still pending or running; a cancel stops it
// before the next test.

const HEARTBEAT_MS = 2_000
const STALE_SECONDS = 30
const PROGRESS_WRITE_MS = 500

function historyOf(info: Record<string, unknown>): TestHistoryEntry[] {
  const history = Array.isArray(info.chat_history) ? info.chat_history : []
  return history.flatMap((entry) => {
    const e = entry as { role?: unknown; message?: unknown }
    return (e.role === 'user' || e.role === 'agent') && typeof e.message === 'string' && e.message
      ? [{ role: e.role, message: e.message }]
      : []
  })
}

async function runOne(deps: AgentTestingDeps, invocation: InvocationRow, run: TestRunRow) {
  const info = run.test_info
  const judge = {
    workspaceId: invocation.workspace_id,
    agentId: invocation.agent_id,
    configOverride: invocation.config_override,
    agents: deps.agents,
  }
  const history = historyOf(info)
  const reply = await deps.agents.reply({
    workspaceId: invocation.workspace_id,
    agentId: invocation.agent_id,
    history,
    dynamicVariables: (info.dynamic_variables as Record<string, unknown> | undefined) ?? {},
    configOverride: invocation.config_override,
  })
  const verdict: TestVerdict =
    run.test_type === 'tool'
      ? await judgeToolCalls(
          judge,
          reply,
          (info.tool_call_parameters as ToolExpectation | undefined) ?? {},
          info.check_any_tool_matches === true,
        )
      : await judgeReply(judge, reply.text, info)
  const lastTime = Number(
    (info.chat_history as Array<{ time_in_call_secs?: number }>).at(-1)?.time_in_call_secs ?? 0,
  )
  const responses = [
    {
      role: 'agent',
      message: reply.text,
      producing_llm: reply.llm,
      time_in_call_secs: lastTime + 1,
      tool_calls: reply.toolCalls.map((call, index) => ({
        type: call.type,
        request_id: `${run.id}_${index}`,
        tool_name: call.name,
        params_as_json: JSON.stringify(call.params),
        tool_has_been_called: true,
      })),
    },
  ]
  return { verdict, responses }
}

async function runInvocation(deps: AgentTestingDeps, invocation: InvocationRow, held: HeldRun) {
  const runs = await deps.invocations.runsOf(invocation.id)
  const total = runs.length
  for (const [index, run] of runs.entries()) {
    if (run.status !== 'pending' && run.status !== 'running') continue
    const current = await deps.invocations.findById(invocation.id)
    if (current?.status !== 'running' || current.worker_token !== held.token) return
    await deps.invocations.setRun(run.id, { status: 'running' })
    try {
      const { verdict, responses } = await runOne(deps, invocation, run)
      await deps.invocations.setRun(run.id, {
        status: verdict.passed ? 'passed' : 'failed',
        agentResponses: responses,
        conditionResult: {
          result: verdict.passed ? 'success' : 'failure',
          rationale: { messages: verdict.rationale, summary: verdict.rationale.join(' ') },
        },
      })
    } catch (error) {
      // A test the agent could not answer (its model down, its configuration broken) fails.
      const message = error instanceof Error ? error.message : String(error)
      await deps.invocations.setRun(run.id, {
        status: 'failed',
        conditionResult: { result: 'failure', rationale: { messages: [message], summary: message } },
      })
    }
    await held.progress(((index + 1) / total) * 100, { force: true })
  }
  await deps.invocations.finish(invocation.id, held.token)
}

export function createTestRunJob(deps: AgentTestingDeps, log?: (message: string, details: object) => void) {
  return defineHeldJob({
    name: 'agent-testing.run',
    store: deps.invocations.held,
    timing: { heartbeatMs: HEARTBEAT_MS, staleSeconds: STALE_SECONDS, progressWriteMs: PROGRESS_WRITE_MS },
    rowId: (payload) => payload.invocationId,
    resume: (invocationId) => ({ invocationId }),
    handler: (row, run) => runInvocation(deps, row, run),
    log,
  })
}
