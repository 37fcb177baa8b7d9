import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { type OpenAiChatServer, startOpenAiChatServer } from '../../../../test/helpers/openai-chat-server.js'
import { sdkClientFor } from '../../../../test/helpers/sdk-client.js'
import { type SelfSignedCertificate, selfSignedCertificate } from '../../../../test/helpers/self-signed.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'

// Live MCP servers: a real MCP server made with the official MCP SDK, over HTTPS on this machine
// (the operator setting lets the test reach a loopback address), serving Streamable HTTP and SSE.
// Its tools are listed through the public API, and an agent's conversation connects to it and
// calls its tool with the model's arguments, under the server's approval policy.

let t: TestApp
let llm: OpenAiChatServer
let tls: SelfSignedCertificate
let mcpHttps: Server
let mcpBase: string
let owner: TestUser
let sdk: ElevenLabsClient
let address: string
const toolCalls: Array<Record<string, unknown>> = []

function orderServer(): McpServer {
  const server = new McpServer({ name: 'orders', version: '1.0.0' })
  server.registerTool(
    'order_status',
    { description: 'Tells where an order is.', inputSchema: { order_id: z.string() } },
    async (args) => {
      toolCalls.push(args)
      return { content: [{ type: 'text', text: `Order ${args.order_id} left the warehouse today.` }] }
    },
  )
  return server
}

beforeAll(async () => {
  tls = selfSignedCertificate('IP:127.0.0.1,DNS:localhost')
  const sse = new Map<string, SSEServerTransport>()
  mcpHttps = createServer({ key: tls.key, cert: tls.cert }, async (req, res) => {
    const url = new URL(req.url ?? '/', 'https://127.0.0.1')
    if (url.pathname === '/mcp') {
      // Stateless Streamable HTTP: one server and transport per request.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      res.on('close', () => void transport.close())
      await orderServer().connect(transport)
      await transport.handleRequest(req, res)
    } else if (url.pathname === '/sse' && req.method === 'GET') {
      const transport = new SSEServerTransport('/messages', res)
      sse.set(transport.sessionId, transport)
      res.on('close', () => sse.delete(transport.sessionId))
      await orderServer().connect(transport)
    } else if (url.pathname === '/messages') {
      const transport = sse.get(url.searchParams.get('sessionId') ?? '')
      if (transport) await transport.handlePostMessage(req, res)
      else res.writeHead(404).end()
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => mcpHttps.listen(0, '127.0.0.1', resolve))
  mcpBase = `https://127.0.0.1:${(mcpHttps.address() as AddressInfo).port}`
  llm = await startOpenAiChatServer((body) => {
    const last = body.messages.at(-1)
    if (last?.role === 'tool') return { text: `Here is what I found: ${last.content}` }
    return {
      toolCalls: [
        { id: `call_${llm.requests.length}`, name: 'order_status', arguments: { order_id: 'A-17' } },
      ],
    }
  })
  t = await createTestApp({
    env: {
      AGENTS_LLM_URL: llm.url,
      AGENTS_LLM_MODELS: 'qwen3-4b',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      WEBHOOK_CA_FILE: tls.certPath,
    },
  })
  owner = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await sdkClientFor(t.app, owner, address)
}, 120_000)

afterAll(async () => {
  await t?.close()
  await llm?.close()
  mcpHttps?.closeAllConnections()
  mcpHttps?.close()
  tls?.remove()
})

async function until(done: () => boolean, ms = 20_000): Promise<void> {
  for (let waited = 0; !done(); waited += 50) {
    if (waited > ms) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** One text exchange over the socket; the agent's replies. */
async function ask(agentId: string, text: string): Promise<string[]> {
  const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
  const socket = new WebSocket(signedUrl.replace(/^ws:\/\/[^/]+/, address.replace(/^http/, 'ws')))
  const replies: string[] = []
  socket.on('message', (data) => {
    const event = JSON.parse(data.toString())
    if (event.type === 'agent_response') replies.push(event.agent_response_event.agent_response)
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
  await until(() => replies.length > 0)
  socket.send(JSON.stringify({ type: 'user_message', text }))
  await until(() => replies.length > 1)
  socket.close()
  return replies.slice(1)
}

async function agentWith(serverId: string): Promise<string> {
  const { agentId } = await sdk.conversationalAi.agents.create({
    conversationConfig: {
      conversation: { textOnly: true },
      agent: { firstMessage: 'Orders desk.', prompt: { llm: 'qwen3-4b', mcpServerIds: [serverId] } },
    },
  })
  return agentId
}

describe('live MCP servers', () => {
  it('lists the tools of a Streamable HTTP and an SSE server', async () => {
    for (const [transport, path] of [
      ['STREAMABLE_HTTP', '/mcp'],
      ['SSE', '/sse'],
    ] as const) {
      const server = await sdk.conversationalAi.mcpServers.create({
        config: { name: `Orders ${transport}`, url: `${mcpBase}${path}`, transport },
      })
      const listed = await sdk.conversationalAi.mcpServers.tools.list(server.id)
      expect(listed.success).toBe(true)
      expect(listed.tools).toEqual([
        expect.objectContaining({
          name: 'order_status',
          description: 'Tells where an order is.',
          inputSchema: expect.objectContaining({ properties: { order_id: { type: 'string' } } }),
        }),
      ])
    }
    const gone = await sdk.conversationalAi.mcpServers.create({
      config: { name: 'Gone', url: `${mcpBase}/nothing-here`, transport: 'STREAMABLE_HTTP' },
    })
    const failed = await sdk.conversationalAi.mcpServers.tools.list(gone.id)
    expect(failed.success).toBe(false)
    expect(failed.errorMessage).toContain('could not be reached')
  }, 60_000)

  it('calls an approved tool in a conversation and refuses one that needs approval', async () => {
    const server = await sdk.conversationalAi.mcpServers.create({
      config: { name: 'Orders', url: `${mcpBase}/mcp`, transport: 'STREAMABLE_HTTP' },
    })
    // New servers ask before every call: the tool is not called.
    const asked = await ask(await agentWith(server.id), 'Where is my order A-17?')
    expect(asked[0]).toContain('needs approval')
    expect(toolCalls).toEqual([])

    // Per-tool approval of the tool as the server lists it.
    await sdk.conversationalAi.mcpServers.approvalPolicy.update(server.id, {
      approvalPolicy: 'require_approval_per_tool',
    })
    const [tool] = (await sdk.conversationalAi.mcpServers.tools.list(server.id)).tools
    await sdk.conversationalAi.mcpServers.toolApprovals.create(server.id, {
      toolName: 'order_status',
      toolDescription: tool?.description ?? '',
      inputSchema: tool?.inputSchema,
    })
    const statuses = await sdk.conversationalAi.mcpServers.tools.list(server.id)
    expect(statuses.toolApprovalStatuses).toEqual([
      { toolId: `mcp:${server.id}:order_status`, state: 'up_to_date', approvalPolicy: 'auto_approved' },
    ])
    const answered = await ask(await agentWith(server.id), 'Where is my order A-17?')
    expect(answered).toEqual(['Here is what I found: Order A-17 left the warehouse today.'])
    expect(toolCalls).toEqual([{ order_id: 'A-17' }])
    // The model saw the MCP tool with the server's schema.
    const offered = llm.requests.at(-2)?.tools?.find((s) => s.function.name === 'order_status')
    expect(offered?.function.parameters).toMatchObject({ properties: { order_id: { type: 'string' } } })
  }, 60_000)
})
