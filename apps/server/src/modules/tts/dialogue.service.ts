import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { type SpeechRequest, stripAudioTags } from '@timbre/speech'
import { AppError } from '../../errors.js'
import {
  beginGeneration,
  type Generation,
  type GenerationDeps,
} from '../../platform/generation/begin-generation.js'
import { pronunciationRules, resolveVoice } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { DialogueBody } from './dialogue.schemas.js'
import type { DialoguePiece } from './timestamps-response.js'
import { mergeSettings } from './tts.service.js'

/** The v3 model interprets audio tags, which dialogue scripts use most. */
const DIALOGUE_DEFAULT_MODEL = 'eleven_v3'

export interface DialogueInput {
  principal: Principal
  requestId: string
  body: DialogueBody
  outputFormat: string | undefined
  logging: boolean | undefined
}

export interface DialogueGeneration {
  gen: Generation
  /** The spoken inputs in render order (the pipeline's pieces): voice and index as sent. */
  pieces: DialoguePiece[]
}

/**
 * A dialogue is one generation whose requests are the inputs in order: empty entries are
 * dropped, whitespace-only ones stay in the dialogue list but say nothing, and the history
 * shows the script without audio tags.
 */
export async function beginDialogue(deps: GenerationDeps, input: DialogueInput): Promise<DialogueGeneration> {
  const { principal, body } = input
  const indexed = body.inputs.map((entry, index) => ({ ...entry, index })).filter((i) => i.text.length > 0)
  const spoken = indexed.filter((i) => i.text.trim().length > 0)
  if (spoken.length === 0)
    throw new AppError('text_empty', { message: 'Every dialogue input is empty.', param: 'inputs' })
  const modelId = body.model_id ?? DIALOGUE_DEFAULT_MODEL
  const voices = new Map<string, Awaited<ReturnType<typeof resolveVoice>>>()
  for (const entry of indexed) {
    if (!voices.has(entry.voice_id))
      voices.set(entry.voice_id, await resolveVoice(deps.voices, principal.workspaceId, entry.voice_id))
  }
  const rules = await pronunciationRules(
    deps,
    principal.workspaceId,
    body.pronunciation_dictionary_locators,
    modelId,
  )
  const requests: SpeechRequest[] = spoken.map((entry) => {
    const voice = voices.get(entry.voice_id)!
    return {
      ...rules,
      text: entry.text,
      voice: voice.definition,
      modelId,
      voiceSettings: mergeSettings(voice.settings, body.settings),
      ...(body.language_code ? { languageCode: body.language_code } : {}),
      ...(body.seed !== null && body.seed !== undefined ? { seed: body.seed } : {}),
      ...(body.apply_text_normalization ? { applyTextNormalization: body.apply_text_normalization } : {}),
    }
  })
  const gen = await beginGeneration(deps, {
    principal,
    requestId: input.requestId,
    voice: voices.get(spoken[0]!.voice_id)!,
    speechRequests: requests,
    modelId,
    outputFormat: input.outputFormat ?? DEFAULT_OUTPUT_FORMAT,
    logging: input.logging ?? true,
    kind: 'dialogue',
    text: indexed.map((i) => stripAudioTags(i.text)).join('\n'),
    dialogue: indexed.map((i) => ({
      text: i.text,
      voice_id: i.voice_id,
      voice_name: voices.get(i.voice_id)?.name ?? null,
    })),
    settings: body.settings ?? null,
  })
  return { gen, pieces: spoken.map((entry) => ({ voiceId: entry.voice_id, inputIndex: entry.index })) }
}
