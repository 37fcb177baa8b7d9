import multipart from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { AppDeps } from '../../app-deps.js'
import { MULTIPART_LIMITS } from './multipart-form.js'
import { createPageTokenCodec } from './page-token.js'
import { seedPremadeVoices } from './premade-voices.seed.js'
import { voiceEditRoutes } from './voice-edit.routes.js'
import { createVoiceEditService } from './voice-edit.service.js'
import { voicePreviewRoutes } from './voice-preview.routes.js'
import { createVoicePreviews } from './voice-previews.service.js'
import { createVoiceSamplesRepository } from './voice-samples.repository.js'
import { voiceSettingsRoutes } from './voice-settings.routes.js'
import { createVoicesRepository } from './voices.repository.js'
import { voicesRoutes } from './voices.routes.js'
import { createVoicesService } from './voices.service.js'

/** Voices: premade library, workspace voices, settings, samples and previews. */
export function voicesModule(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const repository = createVoicesRepository(deps.db)
    const samples = createVoiceSamplesRepository(deps.db)
    await seedPremadeVoices(repository)
    // Scoped to this plugin: only the voice edit call takes multipart bodies.
    await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true })

    const voices = createVoicesService({
      repository,
      samples,
      storage: deps.storage,
      tokens: createPageTokenCodec(deps.config.secretKey),
      publicUrl: deps.config.publicUrl,
    })
    await app.register(voicesRoutes(voices))
    await app.register(voiceSettingsRoutes(voices))
    await app.register(
      voiceEditRoutes(createVoiceEditService({ repository, samples, storage: deps.storage })),
    )
    await app.register(
      voicePreviewRoutes(
        createVoicePreviews({ repository, samples, storage: deps.storage, speech: deps.speech }),
      ),
    )
  }
}
