import type { Principal } from '../../../plugins/auth.js'
import { requireAdmin } from '../../../plugins/workspace-roles.js'
import { type JsonObject, mergeConfig, pathOf, postCallWebhookIdOf } from '../agent-config.js'
import { checkAgentUrl, checkPostCallWebhook } from '../agent-references.js'
import type { AgentsDeps } from '../agents-deps.js'
import type { ConvaiSettingsRepository } from './settings.repository.js'

const DEFAULTS: JsonObject = {
  can_use_mcp_servers: true,
  rag_retention_period_days: 10,
  webhooks: { events: [], send_audio: false },
}

/** The workspace's conversational AI settings; admins change them. */
export function createConvaiSettingsService(
  deps: Pick<AgentsDeps, 'outbound' | 'webhookExists'> & { repo: ConvaiSettingsRepository },
) {
  async function get(principal: Principal) {
    return mergeConfig(DEFAULTS, (await deps.repo.get(principal.workspaceId)) ?? {})
  }
  return {
    get,
    async update(principal: Principal, patch: JsonObject) {
      requireAdmin(principal)
      const next = mergeConfig(await get(principal), patch)
      const initiationUrl = pathOf(next, 'conversation_initiation_client_data_webhook', 'url')
      if (initiationUrl !== undefined)
        checkAgentUrl(deps, initiationUrl, 'conversation_initiation_client_data_webhook.url')
      // Only a changed webhook is checked: one deleted since it was named still saves the rest.
      const webhookId = postCallWebhookIdOf(next)
      if (webhookId !== postCallWebhookIdOf(await get(principal)))
        await checkPostCallWebhook(deps, principal.workspaceId, webhookId)
      await deps.repo.put(principal.workspaceId, next)
      return next
    },
  }
}

export type ConvaiSettingsService = ReturnType<typeof createConvaiSettingsService>
