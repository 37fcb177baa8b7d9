import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { VoicePreviews } from './voice-previews.service.js'
import { previewQuery, voiceIdParams } from './voices.schemas.js'

// The audio behind preview_url: public, like the public API's preview links, so players
// and <audio> elements can load it without credentials. Voice ids are unguessable.

export function voicePreviewRoutes(previews: VoicePreviews): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voices/:voice_id/preview',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['voices'],
          summary: 'Preview audio of a voice (MP3); `language` picks one of its verified languages',
          security: [],
          params: voiceIdParams,
          querystring: previewQuery,
          response: { 200: z.any().describe('MP3 audio'), 304: z.null().describe('Not modified') },
        },
      },
      async (request, reply) => {
        const preview = await previews.audio(request.params.voice_id, request.query.language)
        reply.header('etag', preview.etag).header('cache-control', 'public, max-age=86400')
        if (request.headers['if-none-match'] === preview.etag) return reply.status(304).send(null)
        return reply.type('audio/mpeg').send(preview.data)
      },
    )
  }
}
