// Voice design: previews from a description and a voice from a preview.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { client, settle } from '../../lib/api'

/** POST /v1/text-to-voice/design: three previews of a described voice. */
export const designVoice = (body: {
  voice_description: string
  text?: string
  auto_generate_text?: boolean
}) =>
  settle(
    client.POST('/v1/text-to-voice/design', {
      params: { query: { output_format: DEFAULT_OUTPUT_FORMAT } },
      body,
    }),
  )

/** POST /v1/text-to-voice: a workspace voice from a preview. */
export const createVoiceFromPreview = (body: {
  voice_name: string
  voice_description: string
  generated_voice_id: string
}) => settle(client.POST('/v1/text-to-voice', { body }))
