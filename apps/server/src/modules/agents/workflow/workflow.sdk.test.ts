import type { ElevenLabs, ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { sdkClientFor, sdkRefusal } from '../../../../test/helpers/sdk-client.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// An agent's workflow through the official SDK: saved with the agent and read back as sent (with
// the fields the API fills in), and refused with the node or edge named when the graph is wrong.

let t: TestApp
let sdk: ElevenLabsClient
let otherSdk: ElevenLabsClient
let owner: TestUser

const clientOf = (user: TestUser, address: string) => sdkClientFor(t.app, user, address, ['convai'])
const refusal = sdkRefusal

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  const outsider = await createUser(t.app, t.database)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await clientOf(owner, address)
  otherSdk = await clientOf(outsider, address)
  // Generous: the app starts slowly on a loaded machine.
}, 180_000)
afterAll(() => t?.close())

describe('agent workflows through the SDK', () => {
  it('round-trips every node type and condition, with the defaults filled in', async () => {
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'client',
        name: 'lookup_order',
        description: 'Finds an order',
        expectsResponse: true,
      },
    })
    const { agentId: helperId } = await sdk.conversationalAi.agents.create({
      name: 'Billing',
      conversationConfig: {},
    })
    const workflow: ElevenLabs.AgentWorkflowRequestModel = {
      nodes: {
        start: { type: 'start', position: { x: 0, y: 0 }, edgeOrder: ['e_start'] },
        support: {
          type: 'override_agent',
          label: 'Support',
          position: { x: 200, y: 0 },
          additionalPrompt: 'You handle refunds.',
          additionalToolIds: [tool.id],
          conversationConfig: { agent: { firstMessage: 'Refund desk here.' } },
          entryBehavior: 'wait_for_user',
        },
        lookup: { type: 'tool', tools: [{ toolId: tool.id }], position: { x: 400, y: 0 } },
        billing: { type: 'standalone_agent', agentId: helperId, transferMessage: 'Passing you to billing.' },
        human: {
          type: 'phone_number',
          transferDestination: { type: 'phone', phoneNumber: '+14155550100' },
          transferType: 'blind',
        },
        hello: { type: 'say', label: 'Hello', message: { type: 'literal', text: 'One moment.' } },
        remember: {
          type: 'update_state',
          label: 'Remember',
          updates: [
            {
              type: 'dynamic_variable',
              variableName: 'tier',
              expression: { type: 'string_literal', value: 'gold' },
              required: false,
            },
          ],
        },
        done: { type: 'end', outcome: 'failure' },
      },
      edges: {
        e_start: { source: 'start', target: 'hello', forwardCondition: { type: 'unconditional' } },
        e_hello: { source: 'hello', target: 'remember' },
        e_remember: { source: 'remember', target: 'support' },
        e_lookup: {
          source: 'support',
          target: 'lookup',
          forwardCondition: { type: 'llm', condition: 'The user gives an order number', label: 'Order' },
          backwardCondition: { type: 'result', successful: false },
        },
        e_billing: {
          source: 'lookup',
          target: 'billing',
          forwardCondition: {
            type: 'expression',
            expression: {
              type: 'eq_operator',
              left: { type: 'dynamic_variable', name: 'tier' },
              right: { type: 'string_literal', value: 'gold' },
            },
          },
        },
        e_human: {
          source: 'lookup',
          target: 'human',
          forwardCondition: { type: 'result', successful: true },
        },
        e_done: {
          source: 'billing',
          target: 'done',
          forwardCondition: { type: 'llm', condition: 'goodbye' },
        },
      },
      preventSubagentLoops: true,
    }
    const { agentId } = await sdk.conversationalAi.agents.create({
      name: 'Desk',
      conversationConfig: {},
      workflow,
    })
    const agent = await sdk.conversationalAi.agents.get(agentId)
    const read = agent.workflow as ElevenLabs.AgentWorkflowResponseModel
    expect(read.preventSubagentLoops).toBe(true)
    expect(Object.keys(read.nodes).sort()).toEqual(Object.keys(workflow.nodes ?? {}).sort())
    expect(read.edges).toEqual(workflow.edges)
    expect(read.nodes.start).toEqual({ type: 'start', position: { x: 0, y: 0 }, edgeOrder: ['e_start'] })
    expect(read.nodes.support).toEqual({
      type: 'override_agent',
      label: 'Support',
      position: { x: 200, y: 0 },
      edgeOrder: [],
      additionalPrompt: 'You handle refunds.',
      additionalToolIds: [tool.id],
      additionalKnowledgeBase: [],
      conversationConfig: { agent: { firstMessage: 'Refund desk here.' } },
      entryBehavior: 'wait_for_user',
    })
    expect(read.nodes.lookup).toEqual({
      type: 'tool',
      tools: [{ toolId: tool.id }],
      position: { x: 400, y: 0 },
      edgeOrder: [],
    })
    expect(read.nodes.billing).toEqual({
      type: 'standalone_agent',
      agentId: helperId,
      transferMessage: 'Passing you to billing.',
      position: { x: 0, y: 0 },
      edgeOrder: [],
      delayMs: 0,
      enableTransferredAgentFirstMessage: false,
      preserveClientTtsOverrides: false,
      preserveVoiceSettings: false,
    })
    expect(read.nodes.human).toMatchObject({
      transferDestination: { type: 'phone', phoneNumber: '+14155550100' },
      transferType: 'blind',
      customSipHeaders: [],
      sipReferPlayDialtone: false,
    })
    expect(read.nodes.hello).toMatchObject({
      message: { type: 'literal', text: 'One moment.', textTranslations: {} },
      waitForSpeechCompletion: true,
      waitForUserResponse: false,
    })
    expect(read.nodes.remember).toMatchObject({
      updates: workflow.nodes?.remember && (workflow.nodes.remember as { updates: unknown }).updates,
    })
    expect(read.nodes.done).toEqual({
      type: 'end',
      outcome: 'failure',
      position: { x: 0, y: 0 },
      edgeOrder: [],
    })

    // An update that leaves the workflow out keeps it; one that sends a new graph replaces it.
    const renamed = await sdk.conversationalAi.agents.update(agentId, { name: 'Desk 2' })
    expect(renamed.workflow).toEqual(read)
    const smaller = await sdk.conversationalAi.agents.update(agentId, {
      workflow: {
        nodes: { start: { type: 'start' }, end: { type: 'end' } },
        edges: { go: { source: 'start', target: 'end' } },
      },
    })
    expect(Object.keys(smaller.workflow?.nodes ?? {}).sort()).toEqual(['end', 'start'])
    expect(smaller.workflow?.preventSubagentLoops).toBe(false)
  })

  it('refuses a graph without a start, with an edge to an unknown node or an unreachable end', async () => {
    const create = (workflow: ElevenLabs.AgentWorkflowRequestModel) =>
      sdk.conversationalAi.agents.create({ conversationConfig: {}, workflow })
    expect(await refusal(create({ nodes: { a: { type: 'end' } }, edges: {} }))).toMatchObject({
      status: 422,
      message: 'The workflow has no start node.',
    })
    expect(
      await refusal(
        create({
          nodes: { start: { type: 'start' }, end: { type: 'end' } },
          edges: { e1: { source: 'start', target: 'nowhere' } },
        }),
      ),
    ).toMatchObject({
      status: 422,
      message: "Workflow edge 'e1' points to an unknown node 'nowhere'.",
      param: 'workflow.edges.e1',
    })
    expect(
      await refusal(create({ nodes: { start: { type: 'start' }, goodbye: { type: 'end' } }, edges: {} })),
    ).toMatchObject({
      status: 422,
      message: "Workflow end node 'goodbye' cannot be reached from the start node.",
      param: 'workflow.nodes.goodbye',
    })
    expect(
      await refusal(
        create({
          nodes: {
            start: { type: 'start' },
            call: { type: 'phone_number', transferDestination: { type: 'phone', phoneNumber: '12345' } },
          },
          edges: { e: { source: 'start', target: 'call' } },
        }),
      ),
    ).toMatchObject({ status: 422, param: 'workflow.nodes.call.transfer_destination.phone_number' })
    expect(
      await refusal(
        create({
          nodes: { start: { type: 'start' }, sub: { type: 'override_agent', label: 'x' } },
          edges: { e: { source: 'start', target: 'sub', forwardCondition: { type: 'llm', condition: ' ' } } },
        }),
      ),
    ).toMatchObject({ status: 422, param: 'workflow.edges.e.forward_condition.condition' })
    // Tools and agents of another workspace are not there.
    const foreign = await otherSdk.conversationalAi.agents.create({ conversationConfig: {} })
    expect(
      await refusal(
        create({
          nodes: { start: { type: 'start' }, other: { type: 'standalone_agent', agentId: foreign.agentId } },
          edges: { e: { source: 'start', target: 'other' } },
        }),
      ),
    ).toMatchObject({ status: 404 })
    expect(
      await refusal(
        create({
          nodes: { start: { type: 'start' }, t: { type: 'tool', tools: [{ toolId: 'tool_missing' }] } },
          edges: { e: { source: 'start', target: 't' } },
        }),
      ),
    ).toMatchObject({ status: 404, message: 'The workflow names a tool that does not exist: tool_missing.' })

    // A refused update leaves the saved workflow as it was.
    const { agentId } = await create({
      nodes: { start: { type: 'start' }, end: { type: 'end' } },
      edges: { go: { source: 'start', target: 'end' } },
    })
    const refused = await refusal(
      sdk.conversationalAi.agents.update(agentId, {
        name: 'Changed',
        workflow: { nodes: { start: { type: 'start' }, lost: { type: 'end' } }, edges: {} },
      }),
    )
    expect(refused.status).toBe(422)
    const kept = await sdk.conversationalAi.agents.get(agentId)
    expect(Object.keys(kept.workflow?.nodes ?? {}).sort()).toEqual(['end', 'start'])
    expect(kept.name).not.toBe('Changed')
  })
})
