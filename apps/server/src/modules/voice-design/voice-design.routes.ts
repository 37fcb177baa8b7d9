import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  createVoiceBody,
  createVoiceResponse,
  designBody,
  generatedVoiceParams,
  outputFormatQuery,
  previewsResponse,
  remixBody,
  voiceIdParams,
} from './voice-design.schemas.js'
import type { VoiceDesignService } from './voice-design.service.js'

const tags = ['voice design']
const config = { scope: 'voice-generation' as const, verifiedEmail: true }
const describeDesign =
  '`voice_description` (at least 20 characters; gender, age, accent, pitch, pace and timbre words in ' +
  'English, German, French or Spanish) becomes three previews that differ in pitch, formants and pace. ' +
  '`text` (70-150 characters) is spoken, or a text is generated. Charged as text to speech: one credit ' +
  'per character of the text. Previews are kept for 24 hours.'

// Voice design and remix (POST /v1/text-to-voice/design, /create-previews, /{voice_id}/remix),
// a preview's audio, and a voice made from a preview (POST /v1/text-to-voice).
export function voiceDesignRoutes(service: VoiceDesignService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const path of ['/v1/text-to-voice/design', '/v1/text-to-voice/create-previews']) {
      app.post(
        path,
        {
          config,
          schema: {
            tags,
            summary: 'Design a voice from a description: three previews',
            description: describeDesign,
            querystring: outputFormatQuery,
            body: designBody,
            response: { 200: previewsResponse },
          },
        },
        async (request) =>
          service.design(requirePrincipal(request), request.id, request.body, request.query.output_format),
      )
    }

    app.post(
      '/v1/text-to-voice/:voice_id/remix',
      {
        config,
        schema: {
          tags,
          summary: 'Remix a voice by a description of the change: three previews',
          description:
            '`voice_description` says what to change ("a higher pitch", "slower and more breathy", "make it ' +
            'sound older"); the previews start from the voice as it is. Same text rules and price as design.',
          params: voiceIdParams,
          querystring: outputFormatQuery,
          body: remixBody,
          response: { 200: previewsResponse },
        },
      },
      async (request) =>
        service.remix(
          requirePrincipal(request),
          request.id,
          request.params.voice_id,
          request.body,
          request.query.output_format,
        ),
    )

    app.get(
      '/v1/text-to-voice/:generated_voice_id/stream',
      {
        config,
        schema: {
          tags,
          summary: 'The audio of a voice preview',
          params: generatedVoiceParams,
          response: { 200: z.any().describe('Audio') },
        },
      },
      async (request, reply) => {
        const { data, mediaType } = await service.audio(
          requirePrincipal(request),
          request.params.generated_voice_id,
        )
        return reply.type(mediaType).send(data)
      },
    )

    app.post(
      '/v1/text-to-voice',
      {
        config,
        schema: {
          tags,
          summary: 'Create a voice from a preview',
          description:
            'Within the plan\'s voice limit and monthly voice additions. The voice is of category "generated".',
          body: createVoiceBody,
          response: { 200: createVoiceResponse },
        },
      },
      async (request) => service.create(requirePrincipal(request), request.body, request.siteOrigin),
    )
  }
}
