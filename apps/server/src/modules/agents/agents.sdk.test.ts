import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { BUILT_IN_LLM_ID, HTTPS_URL_MESSAGE } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Agents, tools, MCP servers, settings and the language-model calls through the official SDK
// with only its base URL changed.

let t: TestApp
let address: string
let owner: TestUser
let member: TestUser
let outsider: TestUser

async function clientOf(user: TestUser, permissions: string[] = ['convai']): Promise<ElevenLabsClient> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions },
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

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database)
  member = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await joinWorkspaceOf(t.database.db, owner, member)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t?.close())

describe('conversationalAi.agents against Timbre', () => {
  it('creates, reads, lists, updates, duplicates and deletes an agent', async () => {
    const sdk = await clientOf(owner)
    const created = await sdk.conversationalAi.agents.create({
      name: 'Support',
      tags: ['faq'],
      conversationConfig: {
        agent: {
          firstMessage: 'Hello {{user_name}}, how can I help?',
          language: 'en',
          prompt: { prompt: 'You answer questions about Timbre.', temperature: 0.3 },
        },
      },
      platformSettings: { privacy: { retentionDays: -1 } },
    })
    expect(created.agentId).toMatch(/^agent_/)

    const agent = await sdk.conversationalAi.agents.get(created.agentId)
    expect(agent.name).toBe('Support')
    expect(agent.tags).toEqual(['faq'])
    expect(agent.conversationConfig.agent?.firstMessage).toBe('Hello {{user_name}}, how can I help?')
    expect(agent.conversationConfig.agent?.prompt?.temperature).toBe(0.3)
    // Defaults fill what the client left out: the built-in engine, a voice, PCM audio.
    expect(agent.conversationConfig.agent?.prompt?.llm).toBe(BUILT_IN_LLM_ID)
    expect(agent.conversationConfig.tts?.voiceId).toBeTruthy()
    expect(agent.platformSettings?.privacy?.retentionDays).toBe(-1)
    expect(agent.accessInfo?.isCreator).toBe(true)

    const updated = await sdk.conversationalAi.agents.update(created.agentId, {
      name: 'Support desk',
      conversationConfig: { agent: { prompt: { temperature: 0.5 } } },
    })
    expect(updated.name).toBe('Support desk')
    // A partial update keeps the rest of the configuration.
    expect(updated.conversationConfig.agent?.prompt?.prompt).toBe('You answer questions about Timbre.')
    expect(updated.conversationConfig.agent?.prompt?.temperature).toBe(0.5)

    const copy = await sdk.conversationalAi.agents.duplicate(created.agentId, { name: 'Support copy' })
    const list = await sdk.conversationalAi.agents.list({ pageSize: 1 })
    expect(list.agents).toHaveLength(1)
    expect(list.hasMore).toBe(true)
    const next = await sdk.conversationalAi.agents.list({ pageSize: 1, cursor: list.nextCursor ?? undefined })
    expect([list.agents[0]?.agentId, next.agents[0]?.agentId].sort()).toEqual(
      [created.agentId, copy.agentId].sort(),
    )
    expect((await sdk.conversationalAi.agents.list({ search: 'copy' })).agents.map((a) => a.name)).toEqual([
      'Support copy',
    ])

    const link = await sdk.conversationalAi.agents.link.get(created.agentId)
    expect(link.agentId).toBe(created.agentId)
    const widget = await sdk.conversationalAi.agents.widget.get(created.agentId)
    expect(widget.widgetConfig.language).toBe('en')
    expect(widget.widgetConfig.firstMessage).toBe('Hello {{user_name}}, how can I help?')

    // A member of the workspace sees it; another workspace does not.
    expect((await (await clientOf(member)).conversationalAi.agents.get(created.agentId)).name).toBe(
      'Support desk',
    )
    expect(
      await refusal((await clientOf(outsider)).conversationalAi.agents.get(created.agentId)),
    ).toMatchObject({
      status: 404,
      code: 'agent_not_found',
    })

    await sdk.conversationalAi.agents.delete(copy.agentId)
    expect(await refusal(sdk.conversationalAi.agents.get(copy.agentId))).toMatchObject({ status: 404 })
  })

  it('refuses bad configurations with clear 4xx answers', async () => {
    const sdk = await clientOf(owner)
    const documents = Array.from({ length: 21 }, (_, i) => ({
      type: 'text' as const,
      name: `d${i}`,
      id: `doc${i}`,
    }))
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: { agent: { prompt: { knowledgeBase: documents } } },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_knowledge_base_too_large' })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: { agent: { firstMessage: 'Your key is {{secret__key}}' } },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_secret_variable_refused' })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: {
            agent: { prompt: { llm: 'custom-llm', customLlm: { url: 'http://llm.example.com/v1' } } },
          },
        }),
      ),
    ).toMatchObject({ status: 422, message: HTTPS_URL_MESSAGE })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: {
            agent: { prompt: { llm: 'custom-llm', customLlm: { url: 'https://10.0.0.5/v1' } } },
          },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_url_refused' })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({ conversationConfig: { agent: { prompt: { llm: 'gpt-4o' } } } }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_llm_unknown' })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: { agent: { prompt: { toolIds: ['tool_nope'] } } },
        }),
      ),
    ).toMatchObject({ status: 404, code: 'agent_tool_not_found' })
    expect(
      await refusal(
        sdk.conversationalAi.agents.create({
          conversationConfig: {},
          platformSettings: { privacy: { retentionDays: -2 } },
        }),
      ),
    ).toMatchObject({ status: 422 })
  })

  it('keeps secret dynamic variables out of every answer', async () => {
    const sdk = await clientOf(owner)
    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: {
        agent: {
          dynamicVariables: { dynamicVariablePlaceholders: { user_name: 'Ann', secret__token: 'hunter2' } },
        },
      },
    })
    const agent = await sdk.conversationalAi.agents.get(agentId)
    // The SDK types this field loosely and sends it with its own key spelling.
    const variables = agent.conversationConfig.agent?.dynamicVariables as Record<string, unknown> | undefined
    expect(variables?.dynamicVariablePlaceholders).toEqual({ user_name: 'Ann' })
    expect(JSON.stringify(agent)).not.toContain('hunter2')
  })

  it('needs the convai scope', async () => {
    const sdk = await clientOf(owner, ['text-to-speech'])
    expect(await refusal(sdk.conversationalAi.agents.list())).toMatchObject({ status: 403 })
  })
})

describe('conversationalAi.tools, mcpServers, settings and llm against Timbre', () => {
  it('manages tools and refuses a webhook that is not HTTPS', async () => {
    const sdk = await clientOf(owner)
    const tool = await sdk.conversationalAi.tools.create({
      toolConfig: {
        type: 'webhook',
        name: 'order_status',
        description: 'Looks up an order',
        apiSchema: { url: 'https://shop.example.com/orders/{order_id}', method: 'GET' },
      },
    })
    expect(tool.id).toMatch(/^tool_/)
    expect(tool.usageStats.avgLatencySecs).toBe(0)
    const client = await sdk.conversationalAi.tools.create({
      toolConfig: { type: 'client', name: 'show_map', description: 'Shows a map', expectsResponse: true },
    })
    expect((await sdk.conversationalAi.tools.list()).tools.map((x) => x.id).sort()).toEqual(
      [tool.id, client.id].sort(),
    )
    expect((await sdk.conversationalAi.tools.list({ types: 'client' })).tools.map((x) => x.id)).toEqual([
      client.id,
    ])
    const updated = await sdk.conversationalAi.tools.update(client.id, {
      toolConfig: { type: 'client', name: 'show_map', description: 'Shows a map of the city' },
    })
    expect(updated.toolConfig).toMatchObject({ description: 'Shows a map of the city' })

    const refused = await refusal(
      sdk.conversationalAi.tools.create({
        toolConfig: {
          type: 'webhook',
          name: 'plain',
          description: 'x',
          apiSchema: { url: 'http://example.com/hook' },
        },
      }),
    )
    expect(refused).toMatchObject({ status: 422, message: HTTPS_URL_MESSAGE })
    expect(
      await refusal(
        sdk.conversationalAi.tools.create({
          toolConfig: {
            type: 'webhook',
            name: 'inside',
            description: 'x',
            apiSchema: { url: 'https://127.0.0.1/hook' },
          },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_url_refused' })

    const { agentId } = await sdk.conversationalAi.agents.create({
      conversationConfig: { agent: { prompt: { toolIds: [tool.id] } } },
    })
    const dependents = await sdk.conversationalAi.tools.getDependentAgents(tool.id)
    expect(dependents.agents.map((a) => (a as { id: string }).id)).toEqual([agentId])
    expect(await refusal(sdk.conversationalAi.tools.delete(tool.id))).toMatchObject({ status: 409 })
    await sdk.conversationalAi.tools.delete(tool.id, { force: true })
    expect(await refusal(sdk.conversationalAi.tools.get(tool.id))).toMatchObject({ status: 404 })
  })

  it('manages MCP servers with approval policies, approvals and tool settings', async () => {
    const sdk = await clientOf(owner)
    const server = await sdk.conversationalAi.mcpServers.create({
      config: { name: 'Docs', url: 'https://mcp.example.com/sse', transport: 'SSE' },
    })
    expect(server.config.approvalPolicy).toBe('require_approval_all')
    const policy = await sdk.conversationalAi.mcpServers.approvalPolicy.update(server.id, {
      approvalPolicy: 'require_approval_per_tool',
    })
    expect(policy.config.approvalPolicy).toBe('require_approval_per_tool')
    const approved = await sdk.conversationalAi.mcpServers.toolApprovals.create(server.id, {
      toolName: 'search',
      toolDescription: 'Searches the docs',
      inputSchema: { type: 'object' },
    })
    expect(approved.config.toolApprovalHashes).toEqual([
      {
        toolName: 'search',
        toolHash: expect.stringMatching(/^[0-9a-f]{64}$/),
        approvalPolicy: 'auto_approved',
      },
    ])
    await sdk.conversationalAi.mcpServers.toolConfigs.create(server.id, {
      toolName: 'search',
      responseTimeoutSecs: 9,
    })
    expect(await sdk.conversationalAi.mcpServers.toolConfigs.get(server.id, 'search')).toMatchObject({
      responseTimeoutSecs: 9,
    })
    await sdk.conversationalAi.mcpServers.toolConfigs.delete(server.id, 'search')
    const revoked = await sdk.conversationalAi.mcpServers.toolApprovals.delete(server.id, 'search')
    expect(revoked.config.toolApprovalHashes).toEqual([])
    const renamed = await sdk.conversationalAi.mcpServers.update(server.id, { responseTimeoutSecs: 20 })
    expect(renamed.config.responseTimeoutSecs).toBe(20)
    expect((await sdk.conversationalAi.mcpServers.list()).mcpServers.map((s) => s.id)).toContain(server.id)
    expect(
      await refusal(
        sdk.conversationalAi.mcpServers.create({ config: { name: 'Plain', url: 'http://mcp.example.com' } }),
      ),
    ).toMatchObject({ status: 422, message: HTTPS_URL_MESSAGE })
    expect(
      await refusal(
        sdk.conversationalAi.mcpServers.create({
          config: { name: 'Inside', url: 'https://192.168.1.4/mcp' },
        }),
      ),
    ).toMatchObject({ status: 422, code: 'agent_url_refused' })
    await sdk.conversationalAi.mcpServers.delete(server.id)
    expect(await refusal(sdk.conversationalAi.mcpServers.get(server.id))).toMatchObject({ status: 404 })
  })

  it('reads and changes the settings; lists the language models and their usage price', async () => {
    const sdk = await clientOf(owner)
    expect((await sdk.conversationalAi.settings.get()).canUseMcpServers).toBe(true)
    const changed = await sdk.conversationalAi.settings.update({ ragRetentionPeriodDays: 5 })
    expect(changed.ragRetentionPeriodDays).toBe(5)
    expect(
      await refusal((await clientOf(member)).conversationalAi.settings.update({ ragRetentionPeriodDays: 3 })),
    ).toMatchObject({
      status: 403,
    })

    const llms = await sdk.conversationalAi.llm.list()
    expect(llms.llms.map((l) => l.llm)).toContain(BUILT_IN_LLM_ID)
    const usage = await sdk.conversationalAi.llmUsage.calculate({
      promptLength: 800,
      numberOfPages: 2,
      ragEnabled: true,
    })
    expect(usage.llmPrices.find((p) => (p.llm as string) === BUILT_IN_LLM_ID)).toEqual({
      llm: BUILT_IN_LLM_ID,
      pricePerMinute: 0,
      pricePerMessage: 0,
    })
  })
})
