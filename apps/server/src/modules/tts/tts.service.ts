import { DEFAULT_OUTPUT_FORMAT, DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import type { SpeechRequest, VoiceSettings } from '@timbre/speech'
import {
  beginGeneration,
  type Generation,
  type GenerationDeps,
} from '../../platform/generation/begin-generation.js'
import { pronunciationRules, resolveVoice } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { HistoryPorts } from '../history/history.module.js'
import type { TtsBody, TtsQuery } from './tts.schemas.js'

/** Request settings win over the voice's saved settings, which win over the defaults. */
export function mergeSettings(
  saved: VoiceSettings | null,
  requested: TtsBody['voice_settings'],
): Partial<VoiceSettings> {
  const out: Partial<VoiceSettings> = { ...(saved ?? {}) }
  for (const [key, value] of Object.entries(requested ?? {})) {
    if (value !== null && value !== undefined) (out as Record<string, unknown>)[key] = value
  }
  return out
}

export function createTtsService(deps: GenerationDeps & { context: Pick<HistoryPorts, 'textsByRequestId'> }) {
  /** previous_request_ids name earlier generations of this workspace; their text is context. */
  async function contextFromRequests(
    workspaceId: string,
    ids: string[] | null | undefined,
  ): Promise<string | undefined> {
    if (!ids || ids.length === 0) return undefined
    const byId = await deps.context.textsByRequestId(workspaceId, ids)
    const texts = ids.map((id) => byId.get(id)).filter((t): t is string => !!t)
    return texts.length > 0 ? texts.join(' ') : undefined
  }

  return {
    async begin(input: {
      principal: Principal
      requestId: string
      voiceId: string
      body: TtsBody
      query: TtsQuery
    }): Promise<Generation> {
      const { principal, body, query } = input
      const voice = await resolveVoice(deps.voices, principal.workspaceId, input.voiceId)
      const modelId = body.model_id ?? DEFAULT_TTS_MODEL_ID
      const voiceSettings = mergeSettings(voice.settings, body.voice_settings)
      const previousText =
        body.previous_text ?? (await contextFromRequests(principal.workspaceId, body.previous_request_ids))
      const nextText =
        body.next_text ?? (await contextFromRequests(principal.workspaceId, body.next_request_ids))
      const rules = await pronunciationRules(
        deps,
        principal.workspaceId,
        body.pronunciation_dictionary_locators,
        modelId,
      )
      const request: SpeechRequest = {
        ...rules,
        text: body.text,
        voice: voice.definition,
        modelId,
        voiceSettings,
        ...(body.language_code ? { languageCode: body.language_code } : {}),
        ...(body.seed !== null && body.seed !== undefined ? { seed: body.seed } : {}),
        ...(body.apply_text_normalization ? { applyTextNormalization: body.apply_text_normalization } : {}),
        ...(previousText ? { previousText } : {}),
        ...(nextText ? { nextText } : {}),
      }
      return beginGeneration(deps, {
        principal,
        requestId: input.requestId,
        voice,
        speechRequests: [request],
        modelId,
        outputFormat: query.output_format ?? DEFAULT_OUTPUT_FORMAT,
        logging: query.enable_logging ?? true,
        kind: 'tts',
        text: body.text,
        settings: voiceSettings,
      })
    },
  }
}

export type TtsService = ReturnType<typeof createTtsService>
