import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { soundEffectBody, soundEffectQuery } from './sound-effects.schemas.js'
import type { SoundEffectsService } from './sound-effects.service.js'

const config = { scope: 'sound-generation' as const, verifiedEmail: true }

// POST /v1/sound-generation: the effect's audio bytes in the requested output_format.
export function soundEffectsRoutes(service: SoundEffectsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/sound-generation',
      {
        config,
        schema: {
          tags: ['sound effects'],
          summary: 'Turn a text prompt into a sound effect',
          description:
            'A procedural synthesiser reading `text` as a small score: 85 sound types in eight families ' +
            '(animals, vehicles, weather, household, crowds, machines, interface, impacts), counts ("twice", ' +
            '"three times", "3 barks"), order ("then", "followed by"), beds ("while it rains", "with traffic ' +
            'in the background"), lengths ("for 5 seconds") and loud, soft or distant. `duration_seconds` ' +
            '0.5-22 fits the sequence into that length, or null for automatic (200 credits; 40 credits per ' +
            'second when set). The same prompt and settings give the same audio.',
          querystring: soundEffectQuery,
          body: soundEffectBody,
          response: { 200: z.any().describe('Audio in the requested output_format') },
        },
      },
      async (request, reply) => {
        const result = await service.generate({
          principal: requirePrincipal(request),
          requestId: request.id,
          body: request.body,
          query: request.query,
        })
        if (result.historyItemId) reply.header('history-item-id', result.historyItemId)
        reply.header('character-cost', String(result.cost))
        return reply.type(result.format.contentType).send(Buffer.from(result.audio))
      },
    )
  }
}
