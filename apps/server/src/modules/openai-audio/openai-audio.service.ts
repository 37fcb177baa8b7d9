import {
  OPENAI_TRANSCRIPTION_FORMATS,
  type OpenAiTranscriptionFormat,
  SPEECH_TO_TEXT_MODEL_IDS,
  TRANSCRIPT_EXPORT_DEFAULTS,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Generation } from '../../platform/generation/begin-generation.js'
import type { Principal } from '../../plugins/auth.js'
import type { SpeechToTextPorts, TranscriptionInput } from '../speech-to-text/speech-to-text.module.js'
import type { TtsPorts } from '../tts/tts.module.js'
import {
  modelNames,
  speechModelId,
  speechOutputFormat,
  speechVoiceId,
  transcriptionModelId,
} from './openai-names.js'
import { type OpenAiTranscription, openAiTranscription } from './transcription-response.js'

/** The speed range of this product's engines; OpenAI's wider one is refused outside it. */
const SPEED_MIN = 0.7
const SPEED_MAX = 1.2

export interface SpeechRequest {
  model: string
  input: string
  voice: string
  response_format?: string
  speed?: number
}

export interface TranscriptionRequest {
  file: TranscriptionInput['file']
  model: string
  language: string | null
  responseFormat: string | undefined
  granularities: string[]
}

export function createOpenAiAudioService(deps: {
  tts: TtsPorts
  stt: SpeechToTextPorts
  /** Our model ids, for the models list. */
  modelIds: () => readonly string[]
}) {
  return {
    speech(principal: Principal, requestId: string, body: SpeechRequest): Promise<Generation> {
      const speed = body.speed ?? null
      if (speed !== null && (speed < SPEED_MIN || speed > SPEED_MAX))
        throw new AppError('validation_error', {
          param: 'speed',
          message: `speed must be between ${SPEED_MIN} and ${SPEED_MAX} on this server.`,
        })
      return deps.tts.speak({
        principal,
        requestId,
        voiceId: speechVoiceId(body.voice),
        text: body.input,
        modelId: speechModelId(body.model),
        outputFormat: speechOutputFormat(body.response_format),
        speed: speed === 1 ? null : speed,
      })
    },

    async transcribe(
      principal: Principal,
      requestId: string,
      request: TranscriptionRequest,
    ): Promise<OpenAiTranscription> {
      const format = (request.responseFormat ?? 'json') as OpenAiTranscriptionFormat
      if (!(OPENAI_TRANSCRIPTION_FORMATS as readonly string[]).includes(format))
        throw new AppError('validation_error', {
          param: 'response_format',
          message: `response_format must be one of ${OPENAI_TRANSCRIPTION_FORMATS.join(', ')}.`,
        })
      const subtitles = format === 'srt' || format === 'vtt'
      const body = await deps.stt.transcribe(principal, requestId, {
        file: request.file,
        cloudStorageUrl: null,
        modelId: transcriptionModelId(request.model),
        languageCode: request.language,
        tagAudioEvents: false,
        numSpeakers: null,
        granularity: 'word',
        diarize: false,
        diarizationThreshold: null,
        // OpenAI's subtitles are ours with their default cue limits.
        additionalFormats: subtitles ? [{ format, options: { ...TRANSCRIPT_EXPORT_DEFAULTS[format] } }] : [],
        webhook: false,
        webhookId: null,
        webhookMetadata: null,
        keyterms: [],
      })
      return openAiTranscription(body, format, request.granularities)
    },

    models() {
      const ours = [...deps.modelIds(), ...SPEECH_TO_TEXT_MODEL_IDS]
      return {
        object: 'list' as const,
        data: modelNames(ours).map((id) => ({
          id,
          object: 'model' as const,
          created: 0,
          owned_by: 'timbre',
        })),
      }
    },
  }
}

export type OpenAiAudioService = ReturnType<typeof createOpenAiAudioService>
