import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { readEditForm, refuseOversizedBody } from './multipart-form.js'
import type { VoiceCloneService } from './voice-clone.service.js'
import { addVoiceResponse } from './voices.schemas.js'

// Instant voice cloning: POST /v1/voices/add (multipart: name, files, description, labels,
// remove_background_noise).
export function voiceCloneRoutes(clones: VoiceCloneService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/voices/add',
      {
        config: { scope: 'voices' as const },
        preValidation: refuseOversizedBody,
        schema: {
          tags: ['voices'],
          summary: 'Add a voice by instant cloning',
          description:
            'multipart/form-data: `name` (required), `files` (one or more audio samples of one speaker: ' +
            'WAV, MP3, OGG, FLAC, M4A or WebM, checked by content, at most 5 minutes each), `description`, ' +
            '`labels` (a JSON object of strings; `language` picks the base voices), `remove_background_noise` ' +
            '(true or false: RNNoise before analysis). The samples are measured (pitch, pitch range, pace, ' +
            'loudness) and the nearest premade voice is retuned to match. Not on the free plan.',
          consumes: ['multipart/form-data'],
          response: { 200: addVoiceResponse },
        },
      },
      async (request) => {
        const caller = requirePrincipal(request)
        await clones.checkAllowed(caller)
        const { voice_id, analysis } = await clones.add(caller, await readEditForm(request))
        request.log.info(
          { voice_id, similarity: analysis.similarity, distance: analysis.distance },
          'voice cloned',
        )
        return { voice_id, requires_verification: false }
      },
    )
  }
}
