// Text to speech: models, streamed speech and dialogue, speech with timestamps.
import { binary, client, JSON_HEADERS, settle } from '../../lib/api'
import type {
  DialogueRequest,
  Model,
  TimestampsRequest,
  TimestampsResponse,
  TtsRequest,
} from '../../lib/api-types'

/** POST /v1/text-to-speech/{voice_id}/with-timestamps: audio and what was spoken. */
export const speakWithTimestamps = (
  voiceId: string,
  body: TimestampsRequest,
  outputFormat: string,
): Promise<TimestampsResponse> =>
  settle(
    client.POST('/v1/text-to-speech/{voice_id}/with-timestamps', {
      params: { path: { voice_id: voiceId }, query: { output_format: outputFormat } },
      body,
    }),
  )
export const listModels = (): Promise<Model[]> => settle(client.GET('/v1/models'))

/** POST /v1/text-to-speech/{voice_id}/stream; the body is read as it arrives. */
export const streamSpeech = (
  voiceId: string,
  body: TtsRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(
    `/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=${encodeURIComponent(outputFormat)}`,
    { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), signal },
  )

/** POST /v1/text-to-dialogue/stream. */
export const streamDialogue = (
  body: DialogueRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(`/v1/text-to-dialogue/stream?output_format=${encodeURIComponent(outputFormat)}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal,
  })
