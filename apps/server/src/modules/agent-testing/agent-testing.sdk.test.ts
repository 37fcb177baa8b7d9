import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { TEST_LAST_MESSAGE_RULE, TEST_REGEX_RULE } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../test/helpers/openai-chat-server.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Agent tests through the official SDK with only its base URL changed: tests and folders, runs
// as a job judged by the agent's own model (a real OpenAI-compatible server) or by rules with
// the built-in engine, the invocation history, resubmit and cancel, and the refusals.

let t: TestApp
let address: string
let owner: TestUser
let outsider: TestUser
let llm: OpenAiChatServer
let sdk: ElevenLabsClient

async function clientOf(user: TestUser): Promise<ElevenLabsClient> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['convai'] },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address, maxRetries: 0 })
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    const detail = (error.body as { detail: { code: string; message: string } }).detail
    return { status: error.statusCode ?? 0, code: detail.code, message: detail.message }
  }
  throw new Error('expected a refusal')
}

/** Polls the invocation until no run is pending or running. */
async function finished(client: ElevenLabsClient, id: string) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const invocation = await client.conversationalAi.tests.invocations.get(id)
    if (invocation.testRuns.every((run) => !['pending', 'running'].includes(run.status))) return invocation
    if (Date.now() > deadline) throw new Error(`invocation ${id} did not finish`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

beforeAll(async () => {
  // The model plays the agent and, asked by the judge's prompt, the evaluator.
  llm = await startOpenAiChatServer((body) => {
    const system = String(body.messages[0]?.content ?? '')
    const last = String(body.messages.at(-1)?.content ?? '')
    if (system.startsWith('You are a strict evaluator')) {
      if (last.includes('tool parameter'))
        return { text: last.includes('Lyon') ? 'YES\nIt is a city.' : 'NO\nNot a city.' }
      return { text: /30 days/.test(last) ? 'YES\nIt names the refund window.' : 'NO\nIt does not.' }
    }
    if (last.includes('order'))
      return {
        toolCalls: [
          {
            id: 'call_1',
            name: 'lookup_order',
            arguments: { order_id: 'A-123', email: 'ann@example.com', city: 'Lyon' },
          },
        ],
      }
    if (last.includes('refund')) return { text: 'You can ask for a refund within 30 days.' }
    return { text: 'I can help with orders and refunds.' }
  })
  t = await createTestApp({ env: { AGENTS_LLM_URL: llm.url, AGENTS_LLM_MODELS: 'qwen3-4b' } })
  owner = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await clientOf(owner)
})
afterAll(async () => {
  await t?.close()
  await llm?.close()
})

const history = (message: string) => [{ role: 'user' as const, message, timeInCallSecs: 1 }]

describe('conversationalAi.tests against Timbre', () => {
  it('runs LLM and tool-call tests judged by the agent’s model, and keeps the history', async () => {
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        name: 'lookup_order',
        description: 'Finds an order',
        expectsResponse: true,
        parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
      },
    })
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Shop',
      conversationConfig: {
        agent: { prompt: { prompt: 'You help shoppers.', llm: 'qwen3-4b', toolIds: [tool.id] } },
      },
    })
    const refund = await sdk.conversationalAi.tests.create({
      type: 'llm',
      name: 'Refund window',
      chatHistory: [
        { role: 'agent', message: 'Hello, how can I help?', timeInCallSecs: 0 },
        { role: 'user', message: 'How long do I have for a refund?', timeInCallSecs: 2 },
      ],
      successCondition: 'The agent states the refund window of 30 days.',
      successExamples: [{ response: 'You have 30 days.', type: 'success' }],
      failureExamples: [{ response: 'I do not know.', type: 'failure' }],
    })
    const exact = await sdk.conversationalAi.tests.create({
      type: 'tool',
      name: 'Looks up the order',
      chatHistory: history('Where is my order A-123?'),
      toolCallParameters: {
        referencedTool: { id: tool.id, type: 'client' },
        parameters: [
          { path: 'order_id', eval: { type: 'exact', expectedValue: 'A-123' } },
          { path: 'email', eval: { type: 'regex', pattern: '^[^@]+@example\\.com$' } },
          { path: 'city', eval: { type: 'llm', description: 'A city name' } },
        ],
      },
    })
    const wrong = await sdk.conversationalAi.tests.create({
      type: 'tool',
      name: 'Expects another order',
      chatHistory: history('Where is my order?'),
      toolCallParameters: {
        referencedTool: { id: tool.id, type: 'client' },
        parameters: [{ path: 'order_id', eval: { type: 'exact', expectedValue: 'B-999' } }],
      },
    })

    const started = await sdk.conversationalAi.agents.runTests(agentId, {
      tests: [{ testId: refund.id }, { testId: exact.id }, { testId: wrong.id }],
    })
    expect(
      started.testRuns
        .map((r) => String(r.status))
        .every((s) => ['pending', 'running', 'passed', 'failed'].includes(s)),
    ).toBe(true)
    const done = await finished(sdk, started.id)
    const byTest = Object.fromEntries(done.testRuns.map((r) => [r.testId, r]))
    expect(byTest[refund.id]?.status).toBe('passed')
    expect(byTest[refund.id]?.agentResponses?.[0]?.message).toContain('30 days')
    expect(byTest[exact.id]?.status).toBe('passed')
    expect(byTest[exact.id]?.agentResponses?.[0]?.toolCalls?.[0]?.toolName).toBe('lookup_order')
    expect(byTest[wrong.id]?.status).toBe('failed')
    expect(byTest[wrong.id]?.conditionResult?.rationale?.summary).toContain('expected "B-999"')

    // The history lists it with its counts; the failed run passes once the test is put right.
    const page = await sdk.conversationalAi.tests.invocations.list({ agentId })
    expect(page.results[0]).toMatchObject({ id: started.id, testRunCount: 3, passedCount: 2, failedCount: 1 })
    await sdk.conversationalAi.tests.update(wrong.id, {
      type: 'tool',
      name: 'Expects the right order',
      chatHistory: history('Where is my order?'),
      toolCallParameters: {
        referencedTool: { id: tool.id, type: 'client' },
        parameters: [{ path: 'order_id', eval: { type: 'regex', pattern: '^A-\\d{3}$' } }],
      },
    })
    const failedRun = byTest[wrong.id]?.testRunId ?? ''
    // The invocation keeps the test as it was asked for; resubmitting reruns that version.
    await sdk.conversationalAi.tests.invocations.resubmit(started.id, { testRunIds: [failedRun], agentId })
    const again = await finished(sdk, started.id)
    expect(again.testRuns.find((r) => r.testRunId === failedRun)?.status).toBe('failed')
    expect(again.testRuns.filter((r) => r.status === 'passed')).toHaveLength(2)

    const rerun = await finished(
      sdk,
      (await sdk.conversationalAi.agents.runTests(agentId, { tests: [{ testId: wrong.id }] })).id,
    )
    expect(rerun.testRuns[0]?.status).toBe('passed')
    expect(await refusal(sdk.conversationalAi.tests.invocations.cancel(rerun.id))).toMatchObject({
      status: 409,
      code: 'test_invocation_finished',
    })
  })

  it('judges by rules with the built-in engine', async () => {
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Desk',
      conversationConfig: {
        agent: {
          prompt: {
            prompt: 'Front desk.',
            builtInTools: {
              endCall: {
                name: 'end_call',
                description: 'Ends the call',
                params: { systemToolType: 'end_call' },
              },
            },
          },
        },
      },
    })
    const hangsUp = await sdk.conversationalAi.tests.create({
      type: 'tool',
      name: 'Ends the call on goodbye',
      chatHistory: history('Thanks, goodbye!'),
      toolCallParameters: { referencedTool: { id: 'end_call', type: 'system' } },
    })
    const keepsTalking = await sdk.conversationalAi.tests.create({
      type: 'tool',
      name: 'Does not hang up on a question',
      chatHistory: history('What time do you open?'),
      toolCallParameters: { referencedTool: { id: 'end_call', type: 'system' }, verifyAbsence: true },
    })
    const answers = await sdk.conversationalAi.tests.create({
      type: 'llm',
      name: 'Knows the opening hours',
      chatHistory: history('What time do you open?'),
      successCondition: 'Says "nine".',
    })
    const started = Date.now()
    const done = await finished(
      sdk,
      (
        await sdk.conversationalAi.agents.runTests(agentId, {
          tests: [{ testId: hangsUp.id }, { testId: keepsTalking.id }, { testId: answers.id }],
        })
      ).id,
    )
    expect(Date.now() - started).toBeLessThan(30_000)
    const status = Object.fromEntries(done.testRuns.map((r) => [r.testId, r.status]))
    expect(status).toEqual({ [hangsUp.id]: 'passed', [keepsTalking.id]: 'passed', [answers.id]: 'failed' })
    // No model was asked: the built-in engine's agent is judged by the rules.
    const rationale = done.testRuns.find((r) => r.testId === answers.id)?.conditionResult?.rationale?.messages
    expect(rationale).toContain('The agent did not answer.')
  })

  it('keeps tests in folders: list, move, summaries, rename, delete with force', async () => {
    const folder = await sdk.conversationalAi.tests.folders.create({ name: 'Billing' })
    const inner = await sdk.conversationalAi.tests.folders.create({
      name: 'Refunds',
      parentFolderId: folder.id,
    })
    const test = await sdk.conversationalAi.tests.create({
      type: 'llm',
      name: 'Polite',
      chatHistory: history('Hi'),
      successCondition: 'Greets the user.',
      parentFolderId: inner.id,
    })
    const top = await sdk.conversationalAi.tests.list({ includeFolders: true })
    expect(top.tests.find((e) => e.id === folder.id)).toMatchObject({
      entityType: 'folder',
      childrenCount: 1,
    })
    expect(top.tests.some((e) => e.id === test.id)).toBe(false)
    const inside = await sdk.conversationalAi.tests.list({ parentFolderId: inner.id })
    expect(inside.tests.map((e) => e.id)).toEqual([test.id])
    expect(inside.tests[0]?.folderPath?.map((p) => p.name)).toEqual(['Billing', 'Refunds'])
    const got = await sdk.conversationalAi.tests.get(test.id)
    expect(got).toMatchObject({
      id: test.id,
      name: 'Polite',
      type: 'llm',
      successCondition: 'Greets the user.',
    })
    const renamed = await sdk.conversationalAi.tests.folders.update(inner.id, { name: 'Refund rules' })
    expect(renamed).toMatchObject({ name: 'Refund rules', folderPath: [{ id: folder.id, name: 'Billing' }] })
    await sdk.conversationalAi.tests.move({ entityIds: [test.id], moveTo: folder.id })
    const summaries = await sdk.conversationalAi.tests.summaries({ testIds: [test.id] })
    expect(summaries.tests[test.id]?.folderParentId).toBe(folder.id)

    expect(await refusal(sdk.conversationalAi.tests.folders.delete(folder.id))).toMatchObject({
      status: 409,
      code: 'agent_test_folder_not_empty',
    })
    await sdk.conversationalAi.tests.folders.delete(folder.id, { force: true })
    expect(await refusal(sdk.conversationalAi.tests.get(test.id))).toMatchObject({ status: 404 })
  })

  it('refuses bad tests with the spec’s messages, and other workspaces’ tests', async () => {
    const endsWithAgent = await refusal(
      sdk.conversationalAi.tests.create({
        type: 'llm',
        name: 'Wrong order',
        chatHistory: [
          { role: 'user', message: 'Hi', timeInCallSecs: 0 },
          { role: 'agent', message: 'Hello', timeInCallSecs: 1 },
        ],
        successCondition: 'x',
      }),
    )
    expect(endsWithAgent).toEqual({
      status: 422,
      code: 'agent_test_last_message',
      message: TEST_LAST_MESSAGE_RULE,
    })
    const badRegex = await refusal(
      sdk.conversationalAi.tests.create({
        type: 'tool',
        name: 'Bad regex',
        chatHistory: history('Where is my order?'),
        toolCallParameters: {
          referencedTool: { id: 'x', type: 'client' },
          parameters: [{ path: 'order_id', eval: { type: 'regex', pattern: '([A-Z' } }],
        },
      }),
    )
    expect(badRegex.status).toBe(422)
    expect(badRegex.message).toContain(TEST_REGEX_RULE)
    expect(
      (
        await refusal(
          sdk.conversationalAi.tests.create({
            type: 'llm',
            name: 'No criterion',
            chatHistory: history('Hi'),
          }),
        )
      ).status,
    ).toBe(422)
    expect(
      (await refusal(sdk.conversationalAi.agents.runTests('no-such-agent', { tests: [{ testId: 'x' }] })))
        .status,
    ).toBe(404)

    const mine = await sdk.conversationalAi.tests.create({
      type: 'llm',
      name: 'Mine',
      chatHistory: history('Hi'),
      successCondition: 'Greets.',
    })
    const other = await clientOf(outsider)
    expect((await refusal(other.conversationalAi.tests.get(mine.id))).status).toBe(404)
    expect((await refusal(other.conversationalAi.tests.delete(mine.id))).status).toBe(404)
    const page = await other.conversationalAi.tests.list()
    expect(page.tests.some((e) => e.id === mine.id)).toBe(false)
  })
})
