import { BUILT_IN_LLM_ID, CUSTOM_LLM_ID } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { type OutboundErrors, parseOutboundUrl } from '../../platform/outbound/outbound.js'
import type { AgentReferences } from './agent-config.js'
import type { AgentsDeps } from './agents-deps.js'

export const AGENT_URL_ERRORS: OutboundErrors = {
  invalid: 'agent_url_invalid',
  refused: 'agent_url_refused',
  unresolved: 'agent_url_unresolved',
}

/** A URL an agent calls out to (custom LLM, webhook tool, MCP server): HTTPS, no private address. */
export function checkAgentUrl(deps: Pick<AgentsDeps, 'outbound'>, url: unknown, param: string): URL {
  if (typeof url !== 'string') throw new AppError('agent_url_invalid', { param })
  try {
    return parseOutboundUrl(url, deps.outbound, AGENT_URL_ERRORS)
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, { param })
    throw error
  }
}

/** A post-call webhook named in settings must be one of the workspace's own webhooks. */
export async function checkPostCallWebhook(
  deps: Pick<AgentsDeps, 'webhookExists'>,
  workspaceId: string,
  webhookId: string | null,
): Promise<void> {
  if (webhookId !== null && !(await deps.webhookExists(workspaceId, webhookId)))
    throw new AppError('agent_post_call_webhook_not_found', { param: 'post_call_webhook_id' })
}

/** What a saved agent names must exist in its workspace and be usable on this server. */
export async function checkReferences(
  deps: AgentsDeps,
  workspaceId: string,
  refs: AgentReferences,
): Promise<void> {
  if (!(await deps.llms.accepts(refs.llm))) throw new AppError('agent_llm_unknown', { param: 'llm' })
  if (refs.llm === CUSTOM_LLM_ID) checkAgentUrl(deps, refs.customLlmUrl, 'custom_llm.url')
  const tools = await deps.tools.findMany(workspaceId, [...new Set(refs.toolIds)])
  if (tools.length !== new Set(refs.toolIds).size)
    throw new AppError('agent_tool_not_found', { param: 'tool_ids' })
  const servers = await deps.mcpServers.findMany(workspaceId, [...new Set(refs.mcpServerIds)])
  if (servers.length !== new Set(refs.mcpServerIds).size)
    throw new AppError('mcp_server_not_found', { param: 'mcp_server_ids' })
  await checkPostCallWebhook(deps, workspaceId, refs.postCallWebhookId)
  if (deps.knowledge && refs.knowledgeBaseIds.length) {
    const found = await deps.knowledge.documentsExist({ workspaceId, documentIds: refs.knowledgeBaseIds })
    if (found.length !== refs.knowledgeBaseIds.length)
      throw new AppError('agent_config_invalid', {
        message: 'The document you are trying to access does not exist.',
        param: 'knowledge_base',
      })
  }
}

export const isBuiltIn = (llm: string): boolean => llm === BUILT_IN_LLM_ID
