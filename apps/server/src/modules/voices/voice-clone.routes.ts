import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { CloneGuards } from './clone-guards.js'
import type { VoiceCloneService } from './voice-clone.service.js'
import { readVoiceForm, voiceAddForm } from './voice-form.js'
import { addVoiceResponse } from './voices.schemas.js'

// Instant voice cloning: POST /v1/voices/add (multipart: name, files, description, labels,
// remove_background_noise).
export function voiceCloneRoutes(clones: VoiceCloneService, guards: CloneGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/voices/add',
      {
        // A workspace can take instant cloning away from a group.
        config: {
          scope: 'voices' as const,
          permission: 'create_instant_voice_clone' as const,
          multipart: voiceAddForm,
        },
        schema: {
          tags: ['voices'],
          summary: 'Add a voice by instant cloning',
          description:
            'The samples are measured (pitch, pitch range, speaking rate, spectral envelope and brightness); ' +
            'the nearest synthetic voice is retuned toward them (pace, pitch, formants, an equaliser) and ' +
            'checked once on a reading of its own. Not on the free plan.',
          response: { 200: addVoiceResponse },
        },
      },
      async (request) => {
        const caller = requirePrincipal(request)
        await guards.check(caller)
        await clones.checkAllowed(caller)
        const { voice_id, analysis } = await clones.add(caller, await readVoiceForm(request, voiceAddForm))
        request.log.info(
          { voice_id, similarity: analysis.similarity, distance: analysis.distance },
          'voice cloned',
        )
        return { voice_id, requires_verification: false }
      },
    )
  }
}
