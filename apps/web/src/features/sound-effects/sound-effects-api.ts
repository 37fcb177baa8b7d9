// Sound-effect generation.
import { binary, JSON_HEADERS } from '../../lib/api'
import type { SoundEffectRequest } from '../../lib/api-types'

/** POST /v1/sound-generation: the effect's audio; `history-item-id` names its history item. */
export const generateSoundEffect = (
  body: SoundEffectRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(`/v1/sound-generation?output_format=${encodeURIComponent(outputFormat)}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal,
  })
