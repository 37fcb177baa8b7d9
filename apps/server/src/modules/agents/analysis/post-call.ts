import { CONVAI_POST_CALL_AUDIO_EVENT, CONVAI_POST_CALL_EVENT } from '@timbre/contract'
import type { FileStorage } from '../../../lib/storage.js'
import type { AgentsRepository } from '../agents.repository.js'
import { conversationView } from '../conversations/conversation-view.js'
import type { BrainDeps } from '../runtime/agent-brain.js'
import type { ConvaiSettingsRepository } from '../settings/settings.repository.js'
import { modelJudge } from './model-judge.js'
import type { PostCallRepository } from './post-call.repository.js'
import { analyse, criteriaOf, finishedOf, itemsOf, judgedByModel } from './post-call-analysis.js'
import { postCallAudioData, postCallWebhooksOf } from './post-call-audio.js'
import { writtenRules } from './written-rules.js'

/** Sends an event to the one workspace webhook a setting names; whether it was there. */
export type PostCallWebhook = (
  workspaceId: string,
  webhookId: string,
  eventType: string,
  data: Record<string, unknown>,
) => Promise<boolean>

export interface PostCallDeps {
  agents: AgentsRepository
  conversations: PostCallRepository
  settings: ConvaiSettingsRepository
  brain: BrainDeps
  webhook: PostCallWebhook | null
  /** Where recordings are kept, for the audio event. */
  storage: FileStorage
}

/**
 * The post-call work of one ended conversation, as a job: the analysis is stored (skipped when
 * already there), then the post-call webhook (the agent's `workspace_overrides.webhooks`, else
 * the convai settings' `webhooks.post_call_webhook_id`) gets the conversation as GET returns it,
 * and its recording too when the `audio` event is asked for, then the work is marked done. A rerun after a crash redoes only what was not stored; a crash between queueing
 * the webhook and marking it done sends it again (webhooks are delivered at least once).
 * On the job's last attempt a model that keeps failing gives way to the written rules.
 */
export async function runPostCall(deps: PostCallDeps, conversationId: string, lastAttempt: boolean) {
  const row = await deps.conversations.findById(conversationId)
  if (!row || row.post_call_at || row.ended_at === null) return
  let analysed = row
  const agent = await deps.agents.find(row.workspace_id, row.agent_id)
  if (!row.analysis) {
    const finished = finishedOf(agent?.name ?? '', row)
    const settings = agent?.platform_settings ?? {}
    const config = agent?.conversation_config ?? {}
    const byModel = judgedByModel(config)
    const judge = byModel && agent ? modelJudge(deps.brain, row.workspace_id, config) : writtenRules
    let analysis: Awaited<ReturnType<typeof analyse>>
    try {
      analysis = await analyse(judge, finished, criteriaOf(settings), itemsOf(settings))
    } catch (error) {
      if (!lastAttempt || judge === writtenRules) throw error
      analysis = await analyse(writtenRules, finished, criteriaOf(settings), itemsOf(settings))
    }
    await deps.conversations.setAnalysis(row.id, analysis)
    analysed = { ...row, analysis: analysis as unknown as Record<string, unknown> }
  }
  const webhooks = postCallWebhooksOf(
    (await deps.settings.get(row.workspace_id)) ?? {},
    agent?.platform_settings ?? {},
  )
  if (webhooks.webhookId && deps.webhook) {
    const sent = await deps.webhook(
      row.workspace_id,
      webhooks.webhookId,
      CONVAI_POST_CALL_EVENT,
      conversationView(analysed),
    )
    const audio = sent && webhooks.audio ? await postCallAudioData(deps.storage, row) : null
    if (audio) await deps.webhook(row.workspace_id, webhooks.webhookId, CONVAI_POST_CALL_AUDIO_EVENT, audio)
  }
  await deps.conversations.markPostCall(row.id)
}
