import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { outputQuery } from './music.schemas.js'
import type { MusicService } from './music.service.js'
import { stemsForm, uploadForm, videoForm } from './music-forms.js'

const config = { scope: 'music' as const, verifiedEmail: true }
const tags = ['music']
const zip = (reply: { type(t: string): unknown; header(k: string, v: string): unknown }, name: string) => {
  reply.header('content-disposition', `attachment; filename="${name}"`)
  reply.type('application/zip')
}

// Uploads, stem separation and video to music.
export function musicFilesRoutes(service: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/music/upload',
      {
        config: { ...config, multipart: uploadForm },
        schema: { tags, summary: 'Upload a song', response: { 200: z.any() } },
      },
      async (request) => {
        const body = await readMultipart(request, uploadForm)
        const extract = body.text('extract_composition_plan')
        return service.upload(
          requirePrincipal(request),
          body.requiredFile('file').data,
          Boolean(extract && extract !== 'false'),
        )
      },
    )

    app.post(
      '/v1/music/stem-separation',
      {
        config: { ...config, multipart: stemsForm },
        schema: {
          tags,
          summary: 'Separate a song into stems (a zip)',
          description:
            'Free. A song this workspace composed (its very bytes) gets its exact stems from the score: drums, bass, ' +
            'harmony, melody, vocals. Any other recording is split as classical methods can: its harmonic part ' +
            '(held notes, voices, chords) and its percussive part (drums, attacks), by median filtering of the spectrogram.',
          querystring: outputQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const body = await readMultipart(request, stemsForm)
        const stems = await service.separateStems(
          requirePrincipal(request),
          body.requiredFile('file').data,
          request.query.output_format,
        )
        zip(reply, 'stems.zip')
        return reply.send(stems)
      },
    )

    app.post(
      '/v1/music/video-to-music',
      {
        config: { ...config, multipart: videoForm },
        schema: {
          tags,
          summary: 'Score a video',
          description:
            'The cuts become sections and the busier the picture the fuller the music; it ends with the video. Charged as a song of that length.',
          querystring: outputQuery,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const body = await readMultipart(request, videoForm)
        const song = await service.prepareVideo({
          principal: requirePrincipal(request),
          requestId: request.id,
          videos: body.files('videos').map((f) => f.data),
          description: body.text('description') ?? null,
          tags: body.texts('tags'),
          modelId: body.text('model_id'),
          outputFormat: request.query.output_format,
        })
        const { audio } = await service.renderWhole(song)
        reply.header('song-id', song.songId).header('character-cost', String(song.recording.cost))
        return reply.type(song.format.contentType).send(Buffer.from(audio))
      },
    )
  }
}
