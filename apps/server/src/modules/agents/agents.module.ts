import { CONVAI_SWEEP_CRON, type Tier } from '@timbre/contract'
import type { Database } from '../../db/database.js'
import { JOB_DEFINITIONS } from '../../jobs/job-types.js'
import type { JobQueue } from '../../jobs/queue.js'
import { type ChatFetch, createChatClient } from '../../platform/llm/chat-client.js'
import type { OutboundPolicy } from '../../platform/outbound/outbound.js'
import { createCheckedFetch } from '../../platform/outbound/outbound.js'
import type { WorkspacePlan } from '../billing/billing.module.js'
import type { DomainModule } from '../domain-module.js'
import { AGENT_URL_ERRORS } from './agent-references.js'
import { type AgentTestReplies, createAgentTestReplies } from './agent-test-replies.js'
import { createAgentsRepository } from './agents.repository.js'
import { agentsRoutes } from './agents.routes.js'
import { type AgentsService, createAgentsService } from './agents.service.js'
import type { AgentsDeps } from './agents-deps.js'
import { sweepConversations } from './analysis/conversations-sweep.js'
import { type PostCallWebhook, runPostCall } from './analysis/post-call.js'
import { createPostCallRepository } from './analysis/post-call.repository.js'
import { type ConversationFactsLookup, createConversationFacts } from './conversation-facts.js'
import { createConversationTokens } from './conversations/conversation-tokens.js'
import { createConversationsRepository } from './conversations/conversations.repository.js'
import { conversationsRoutes } from './conversations/conversations.routes.js'
import { createConversationsService } from './conversations/conversations.service.js'
import { createGgufLoader } from './llm/gguf-models.js'
import { llmRoutes } from './llm/llm.routes.js'
import { createLlmCatalogue, type OperatorLlm } from './llm/llm-catalogue.js'
import { mcpApprovalsRoutes } from './mcp/mcp-approvals.routes.js'
import { connectMcp } from './mcp/mcp-connection.js'
import { createMcpServersRepository } from './mcp/mcp-servers.repository.js'
import { mcpServersRoutes } from './mcp/mcp-servers.routes.js'
import { createMcpServersService } from './mcp/mcp-servers.service.js'
import type { DependentAgentsLookup, KnowledgeRetrieval } from './ports.js'
import type { ConversationLedger } from './runtime/conversation-charge.js'
import { conversationSocketRoutes } from './runtime/conversation-socket.routes.js'
import type { SecretValue } from './runtime/custom-llm-headers.js'
import type { RuntimeDeps } from './runtime/runtime-deps.js'
import { simulationRoutes } from './runtime/simulation.routes.js'
import type { VoiceDeps } from './runtime/voice-channel.js'
import { convaiSettingsRoutes } from './settings/convai-settings.routes.js'
import { createConvaiSettingsService } from './settings/convai-settings.service.js'
import { createConvaiSettingsRepository } from './settings/settings.repository.js'
import { createToolsRepository } from './tools/tools.repository.js'
import { toolsRoutes } from './tools/tools.routes.js'
import { createToolsService } from './tools/tools.service.js'
import { type AgentPhoneLine, createPhoneLine } from './twilio/phone-line.js'
import { twilioRoutes } from './twilio/twilio.routes.js'
import { agentStreamTwiml, type CallFacts } from './twilio/twilio-twiml.js'
import { versioningOf } from './versions/agent-at-branch.js'
import { createVersionsRepository } from './versions/versions.repository.js'
import { versionsRoutes } from './versions/versions.routes.js'
import { createVersionsService } from './versions/versions.service.js'
import { widgetRoutes } from './widget/widget.routes.js'

export type { AgentTestReply, TestHistoryEntry, TestToolCall } from './agent-test-replies.js'
export type { ConversationFact, ConversationFactsLookup } from './conversation-facts.js'
export type { RetrievedPassage } from './ports.js'
export type { AgentPhoneLine, PhoneLine, PhoneLineSink } from './twilio/phone-line.js'
export type { AgentsService, AgentTestReplies, DependentAgentsLookup, KnowledgeRetrieval }

/**
 * The TwiML that connects a call placed by telephony to the agent's media stream, with a signed
 * token naming the agent, its workspace and who placed the call.
 */
export type AgentCallTwiml = (request: {
  workspaceId: string
  agentId: string
  userId: string
  call: CallFacts
}) => string

/** An agent's name and platform settings (its allowed overrides among them), or null. */
export type AgentInfoLookup = (
  workspaceId: string,
  agentId: string,
) => Promise<{ id: string; name: string; platformSettings: Record<string, unknown> } | null>

/**
 * Conversational AI agents: their configuration, tools, MCP servers, language models and
 * settings. Knowledge retrieval is a port the knowledge base supplies; without it agents are
 * built all the same and the built-in engine says it does not know.
 */
/** The longest a conversation's MCP session is kept open. */
const CONVERSATION_MAX_MS = 60 * 60 * 1000

/** What the agents domain is built from. */
export interface AgentsModuleDeps {
  db: Database
  secretKey: string
  tierOf(workspaceId: string): Promise<Tier>
  modelsDir: string
  operatorLlm: OperatorLlm | null
  outbound: OutboundPolicy
  publicUrl: () => string
  /** How the operator's own language-model endpoint is called. */
  operatorFetch: ChatFetch
  knowledge?: KnowledgeRetrieval | null | undefined
  /** Speech in and out of voice conversations (the realtime recogniser, the generation pipeline). */
  voice: VoiceDeps
  /** Conversation minutes are charged to the credits ledger at the plan's price. */
  credits: ConversationLedger
  plan(workspaceId: string): Promise<WorkspacePlan>
  /** Post-call analysis and the retention sweep run as jobs. */
  queue: JobQueue
  /** The workspace webhook the convai settings name receives each finished conversation. */
  postCallWebhook?: PostCallWebhook | null
  /** Whether a workspace has a webhook, so settings cannot name another's or none. */
  webhookExists?: ((workspaceId: string, webhookId: string) => Promise<boolean>) | null
  /** Unseals a workspace secret a custom LLM's headers or key name. */
  secretValue?: SecretValue | null
}

export function createAgentsModule(deps: AgentsModuleDeps): DomainModule<{
  agents: AgentsService
  dependentAgents: DependentAgentsLookup
  testReplies: AgentTestReplies
  agentInfo: AgentInfoLookup
  callTwiml: AgentCallTwiml
  phoneLine: AgentPhoneLine
  conversationFacts: ConversationFactsLookup
}> {
  const agentsRepo = createAgentsRepository(deps.db)
  const secretValue = deps.secretValue ?? (async () => null)
  // MCP sessions stay open for a whole conversation, so their requests may last that long.
  const mcpFetch = createCheckedFetch(deps.outbound, AGENT_URL_ERRORS, CONVERSATION_MAX_MS)
  const shared: AgentsDeps = {
    agents: agentsRepo,
    tools: createToolsRepository(deps.db),
    mcpServers: createMcpServersRepository(deps.db),
    llms: createLlmCatalogue({ modelsDir: deps.modelsDir, operator: deps.operatorLlm }),
    outbound: deps.outbound,
    publicUrl: deps.publicUrl,
    knowledge: deps.knowledge ?? null,
    versions: createVersionsRepository(deps.db),
    webhookExists: deps.webhookExists ?? (async () => false),
    mcpConnect: (workspaceId, config) =>
      connectMcp({ outbound: deps.outbound, fetch: mcpFetch, secretValue }, workspaceId, config),
  }
  const agents = createAgentsService(shared)
  const tools = createToolsService(shared)
  const mcpServers = createMcpServersService(shared)
  const conversationsRepo = createConversationsRepository(deps.db)
  const tokens = createConversationTokens(deps.secretKey)
  const conversations = createConversationsService({
    agents: agentsRepo,
    conversations: conversationsRepo,
    tokens,
    storage: deps.voice.storage,
  })
  const queuePostCall = (conversationId: string) => deps.queue.send('convai.post-call', { conversationId })
  const access = { agents: agentsRepo, conversations: conversationsRepo, tokens, tierOf: deps.tierOf }
  const runtime: RuntimeDeps = {
    ...versioningOf(shared),
    tools: shared.tools,
    conversations: conversationsRepo,
    brain: {
      // An agent's own endpoint is a user-supplied address, under the outbound rules; the
      // operator's is configured by the operator and may sit beside Timbre on plain http.
      chat: createChatClient({
        fetch: createCheckedFetch(deps.outbound, AGENT_URL_ERRORS, 120_000) as ChatFetch,
      }),
      operatorChat: createChatClient({ fetch: deps.operatorFetch }),
      llms: shared.llms,
      knowledge: shared.knowledge,
      loadGguf: createGgufLoader(shared.llms),
      secretValue,
    },
    webhookFetch: createCheckedFetch(deps.outbound, AGENT_URL_ERRORS, 30_000),
    mcpServers: shared.mcpServers,
    mcpConnect: shared.mcpConnect,
    voice: deps.voice,
    charge: { credits: deps.credits, plan: deps.plan },
    afterCall: queuePostCall,
  }
  const settingsRepo = createConvaiSettingsRepository(deps.db)
  const settings = createConvaiSettingsService({ ...shared, repo: settingsRepo })
  const postCallRepo = createPostCallRepository(deps.db)
  const postCall = {
    agents: agentsRepo,
    conversations: postCallRepo,
    settings: settingsRepo,
    brain: runtime.brain,
    webhook: deps.postCallWebhook ?? null,
    storage: deps.voice.storage,
  }
  return {
    name: 'agents',
    routes: async (app) => {
      await app.register(agentsRoutes(agents))
      await app.register(versionsRoutes(createVersionsService(versioningOf(shared))))
      await app.register(widgetRoutes(agents))
      await app.register(llmRoutes(agents, shared.llms))
      await app.register(toolsRoutes(tools))
      await app.register(mcpServersRoutes(mcpServers))
      await app.register(mcpApprovalsRoutes(mcpServers))
      await app.register(convaiSettingsRoutes(settings))
      await app.register(conversationsRoutes(conversations))
      await app.register(conversationSocketRoutes({ ...runtime, ...access }))
      await app.register(simulationRoutes(runtime))
      await app.register(twilioRoutes({ ...runtime, ...access }))
    },
    jobs: async (queue) => {
      const attempts = JOB_DEFINITIONS['convai.post-call'].options.retryLimit
      await queue.work('convai.post-call', (payload, meta) =>
        runPostCall(postCall, payload.conversationId, meta.retryCount >= attempts),
      )
      await queue.work('convai.sweep', async () => {
        await sweepConversations({
          conversations: postCallRepo,
          storage: deps.voice.storage,
          queuePostCall,
        })
      })
      await queue.schedule('convai.sweep', CONVAI_SWEEP_CRON, {})
    },
    // Conversations left live by a process that stopped are recorded as failed (the sweep then
    // queues their post-call work).
    start: async () => {
      await conversationsRepo.failStale()
    },
    ports: {
      agents,
      // Agent tests ask for the agent's next reply and its model's judgement.
      testReplies: createAgentTestReplies(runtime),
      // Analytics reads conversations' times, outcomes and costs.
      conversationFacts: createConversationFacts(conversationsRepo),
      // Telephony names the agent a number or a batch calls with and checks its overrides.
      agentInfo: async (workspaceId, agentId) => {
        const agent = await agentsRepo.find(workspaceId, agentId)
        return agent ? { id: agent.id, name: agent.name, platformSettings: agent.platform_settings } : null
      },
      // Telephony's calls connect to the agent's media stream with a token of their own.
      callTwiml: (request) =>
        agentStreamTwiml({
          siteUrl: deps.publicUrl(),
          agentId: request.agentId,
          token: tokens.issue({
            agentId: request.agentId,
            workspaceId: request.workspaceId,
            userId: request.userId,
          }).token,
          call: request.call,
        }),
      phoneLine: createPhoneLine({ ...runtime, ...access }),
      // The knowledge base lists the agents that use a document.
      dependentAgents: async (workspaceId, documentId) =>
        (await agentsRepo.usingDocument(workspaceId, documentId)).map((a) => ({
          id: a.id,
          name: a.name,
          createdAt: new Date(a.created_at),
        })),
    },
  }
}
