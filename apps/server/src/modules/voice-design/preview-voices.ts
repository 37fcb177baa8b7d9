import type { VoiceDefinition } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { CreateVoiceBody } from './voice-design.schemas.js'
import type { VoiceDesignDeps } from './voice-design-deps.js'

// A stored preview: its audio while it lasts, and a workspace voice made from it.

/** GET /v1/text-to-voice/{generated_voice_id}/stream: the stored preview audio. */
export async function audio(
  deps: VoiceDesignDeps,
  principal: Principal,
  generatedVoiceId: string,
): Promise<{ data: Buffer; mediaType: string }> {
  const row = await deps.repository.find(principal.workspaceId, generatedVoiceId, deps.now())
  const data = row ? await deps.storage.get(row.storage_key) : null
  if (!row || !data) throw new AppError('generated_voice_not_found', { param: 'generated_voice_id' })
  return { data, mediaType: row.media_type }
}

/** POST /v1/text-to-voice: a workspace voice from a preview. */
export async function create(
  deps: VoiceDesignDeps,
  principal: Principal,
  body: CreateVoiceBody,
  origin: string,
) {
  const row = await deps.repository.find(principal.workspaceId, body.generated_voice_id, deps.now())
  if (!row) throw new AppError('generated_voice_not_found', { param: 'generated_voice_id' })
  const labels: Record<string, string> = {}
  for (const [key, value] of Object.entries(body.labels ?? {})) if (value) labels[key] = value
  return deps.voices.generated.create(
    { workspaceId: principal.workspaceId, userId: principal.userId, origin },
    {
      name: body.voice_name,
      description: body.voice_description,
      labels,
      definition: row.definition as VoiceDefinition,
    },
  )
}
