import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { CloneGuards } from '../voices/voices.module.js'
import { config, readConfig, tags, voiceBody, voiceParams } from './pvc.schemas.js'
import type { PvcService } from './pvc.service.js'
import { pvcSampleRoutes } from './pvc-sample.routes.js'
import type { PvcTraining } from './pvc-training.service.js'
import { pvcVerificationRoutes } from './pvc-verification.routes.js'
import type { PvcVerification } from './pvc-verification.service.js'

// The professional voice clone calls of the public API under /v1/voices/pvc, the product's
// own captcha path /v1/voices/{voice_id}/captcha, and GET /v1/voices/pvc/{voice_id} with the
// clone's state and progress for the web app.

export function pvcRoutes(deps: {
  service: PvcService
  verification: PvcVerification
  training: PvcTraining
  /** Checks before a voice is cloned (biometric consent), from the voices domain. */
  guards?: CloneGuards | undefined
}): FastifyPluginAsyncZod {
  const { service, verification, training } = deps
  return async (app) => {
    app.post(
      '/v1/voices/pvc',
      { config, schema: { tags, summary: 'Create a professional voice clone (draft)', body: voiceBody } },
      async (request) => {
        const caller = requirePrincipal(request)
        await deps.guards?.check(caller)
        return { voice_id: await service.create(caller, request.body) }
      },
    )

    app.get(
      '/v1/voices/pvc/:voice_id',
      {
        config: readConfig,
        schema: { tags, summary: 'A professional clone: state, progress and samples', params: voiceParams },
      },
      async (request) => service.status(requirePrincipal(request), request.params.voice_id),
    )

    app.post(
      '/v1/voices/pvc/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Edit a professional clone',
          params: voiceParams,
          body: voiceBody.optional(),
        },
      },
      async (request) => {
        await service.update(requirePrincipal(request), request.params.voice_id, request.body ?? {})
        return { voice_id: request.params.voice_id }
      },
    )

    pvcSampleRoutes(app, service)
    pvcVerificationRoutes(app, verification, training)
  }
}
