// Agent tests, phone numbers and batch calls. These calls are newer than the generated contract
// types, so they go through `binary` (same-origin, errors as ApiError) and are typed here.
import { binary, JSON_HEADERS } from '../../lib/api'

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await binary(url, {
    method,
    headers: { ...JSON_HEADERS, accept: 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as T
}

export interface TestSummary {
  id: string
  name: string
  type: string
  entity_type: 'test' | 'folder'
  last_updated_at_unix_secs: number
}

export interface TestRun {
  test_run_id: string
  test_id: string
  test_name: string
  status: 'pending' | 'running' | 'passed' | 'failed' | 'cancelled'
  agent_responses?: Array<{
    message?: string
    tool_calls?: Array<{ tool_name: string; params_as_json: string }>
  }>
  condition_result?: { result: string; rationale?: { summary?: string } }
}

export interface Invocation {
  id: string
  agent_id: string
  status: string
  progress_percent: number
  created_at: number
  test_runs: TestRun[]
}

export interface NewTest {
  type: 'llm' | 'tool'
  name: string
  chat_history: Array<{ role: 'user' | 'agent'; message: string; time_in_call_secs: number }>
  success_condition?: string
  tool_call_parameters?: {
    referenced_tool: { id: string; type: string }
    parameters: Array<{
      path: string
      eval: { type: 'exact'; expected_value: string } | { type: 'regex'; pattern: string }
    }>
  }
}

export const listTests = async () =>
  (await call<{ tests: TestSummary[] }>('GET', '/v1/convai/agent-testing?page_size=100')).tests
export const getTest = (id: string) =>
  call<NewTest & { id: string }>('GET', `/v1/convai/agent-testing/${encodeURIComponent(id)}`)
export const createTest = (body: NewTest) =>
  call<{ id: string }>('POST', '/v1/convai/agent-testing/create', body)
export const updateTest = (id: string, body: NewTest) =>
  call<unknown>('PUT', `/v1/convai/agent-testing/${encodeURIComponent(id)}`, body)
export const deleteTest = (id: string) =>
  call<unknown>('DELETE', `/v1/convai/agent-testing/${encodeURIComponent(id)}`)
export const runTests = (agentId: string, testIds: string[]) =>
  call<Invocation>('POST', `/v1/convai/agents/${encodeURIComponent(agentId)}/run-tests`, {
    tests: testIds.map((test_id) => ({ test_id })),
  })
export const getInvocation = (id: string) =>
  call<Invocation>('GET', `/v1/convai/test-invocations/${encodeURIComponent(id)}`)

export interface PhoneNumber {
  phone_number_id: string
  phone_number: string
  label: string
  provider: string
  assigned_agent?: { agent_id: string; agent_name: string }
}

export const listPhoneNumbers = () => call<PhoneNumber[]>('GET', '/v1/convai/phone-numbers')
export const createPhoneNumber = (body: Record<string, unknown>) =>
  call<{ phone_number_id: string }>('POST', '/v1/convai/phone-numbers', body)
export const deletePhoneNumber = (id: string) =>
  call<unknown>('DELETE', `/v1/convai/phone-numbers/${encodeURIComponent(id)}`)

export interface BatchCall {
  id: string
  name: string
  agent_name: string
  status: string
  created_at_unix: number
  total_calls_scheduled: number
  total_calls_dispatched: number
  total_calls_finished: number
  progress_percent: number
  recipients?: Array<{ id: string; phone_number: string; status: string; error?: string }>
}

export const listBatches = async () =>
  (await call<{ batch_calls: BatchCall[] }>('GET', '/v1/convai/batch-calling/workspace')).batch_calls
export const getBatch = (id: string) =>
  call<BatchCall>('GET', `/v1/convai/batch-calling/${encodeURIComponent(id)}`)
export const submitBatch = (body: Record<string, unknown>) =>
  call<BatchCall>('POST', '/v1/convai/batch-calling/submit', body)
export const cancelBatch = (id: string) =>
  call<BatchCall>('POST', `/v1/convai/batch-calling/${encodeURIComponent(id)}/cancel`)
export const retryBatch = (id: string) =>
  call<BatchCall>('POST', `/v1/convai/batch-calling/${encodeURIComponent(id)}/retry`)

export interface ConversationBucket {
  start_unix: number
  calls: number
  minutes: number
  successful: number
  failed: number
  cost: number
  success_rate: number | null
  average_duration_secs: number | null
  /** Per evaluation criterion, this bucket's results (absent on older servers). */
  evaluation_criteria?: Record<string, Record<string, number>>
  data_collection?: Record<string, Record<string, number>>
}

export interface ConversationMetrics {
  start_unix: number
  end_unix: number
  bucket_size_secs: number
  totals: {
    calls: number
    minutes: number
    successful: number
    failed: number
    success_rate: number | null
    cost: number
    average_duration_secs: number | null
  }
  buckets: ConversationBucket[]
  /** Per evaluation criterion: how many conversations had each result. */
  evaluation_criteria: Record<string, Record<string, number>>
  data_collection: Record<string, Record<string, number>>
}

export const conversationMetrics = (query: {
  start_unix: number
  end_unix: number
  bucket_size_secs: number
  agent_id?: string
}) => {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  )
  return call<ConversationMetrics>('GET', `/v1/convai/analytics/conversations?${params}`)
}
export const liveConversations = async (agentId?: string) =>
  (
    await call<{ count: number }>(
      'GET',
      `/v1/convai/analytics/live-count${agentId ? `?agent_id=${encodeURIComponent(agentId)}` : ''}`,
    )
  ).count

/** A chart the workspace added to its agents dashboard. */
export type DashboardChart =
  | { type: 'call_success'; name: string }
  | { type: 'criteria'; name: string; criteria_id: string }
  | { type: 'data_collection'; name: string; data_collection_id: string }

export const dashboardCharts = async () =>
  (await call<{ charts: DashboardChart[] }>('GET', '/v1/convai/settings/dashboard')).charts
export const saveDashboardCharts = async (charts: DashboardChart[]) =>
  (await call<{ charts: DashboardChart[] }>('PATCH', '/v1/convai/settings/dashboard', { charts })).charts
