import {
  isEnglishOnly,
  MODEL_PROFILES,
  type ModelProfile,
  type OutputFormat,
  type PreparedRequest,
  type PronunciationRule,
  parseOutputFormat,
  type SpeechRequest,
  type SpeechService,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { PronunciationRulesPort, UsableVoice, VoiceLookup } from './ports.js'
import { toAppError } from './speech-errors.js'

// What every generation checks before it costs anything: the voice, the model, the output
// format, the pronunciation rules and the plan of each request, each refusal an API error.

export async function resolveVoice(
  voices: VoiceLookup,
  workspaceId: string,
  voiceId: string,
): Promise<UsableVoice> {
  const voice = await voices.findUsable(workspaceId, voiceId)
  if (!voice)
    throw new AppError('voice_not_found', {
      message: `A voice with the voice_id ${voiceId} was not found.`,
      param: 'voice_id',
    })
  return voice
}

export function resolveModel(modelId: string): ModelProfile {
  const model = MODEL_PROFILES[modelId]
  if (!model)
    throw new AppError('model_not_found', { message: `Unknown model_id '${modelId}'.`, param: 'model_id' })
  if (!model.can_do_text_to_speech) {
    throw new AppError('model_cannot_do_text_to_speech', {
      message: `The model '${modelId}' cannot do text to speech.`,
      param: 'model_id',
    })
  }
  return model
}

/**
 * The pronunciation rules of a request: its dictionaries in order (or the workspace
 * defaults), as the `pronunciationRules` field of its speech requests.
 */
export async function pronunciationRules(
  deps: { dictionaries: PronunciationRulesPort },
  workspaceId: string,
  locators:
    | ReadonlyArray<{ pronunciation_dictionary_id: string; version_id?: string | null | undefined }>
    | null
    | undefined,
  modelId: string,
): Promise<{ pronunciationRules?: PronunciationRule[] }> {
  const model = resolveModel(modelId)
  const rules = await deps.dictionaries.rulesFor(workspaceId, locators, {
    id: modelId,
    englishOnly: isEnglishOnly(model),
  })
  return rules.length > 0 ? { pronunciationRules: rules } : {}
}

export function resolveFormat(outputFormat: string): OutputFormat {
  try {
    return parseOutputFormat(outputFormat)
  } catch {
    throw new AppError('invalid_output_format', {
      message: `Unknown output_format '${outputFormat}'.`,
      param: 'output_format',
    })
  }
}

/** Plans a request with the speech package; its refusals become API errors. */
export function prepareSpeech(speech: SpeechService, request: SpeechRequest): PreparedRequest {
  try {
    return speech.prepare(request)
  } catch (error) {
    throw toAppError(error)
  }
}
