import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { clientGone, streamSource } from '../../platform/generation/generation-response.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { composeBody, outputQuery, planBody } from './music.schemas.js'
import type { MusicService } from './music.service.js'
import { fileNameFor, multipartSong, streamLine } from './song-responses.js'

const config = { scope: 'music' as const, verifiedEmail: true }
const ABOUT =
  'An algorithmic composer renders the song with a General MIDI SoundFont (Fluid R3): `prompt` ' +
  'words pick genre, mood, tempo, key and instruments; a `composition_plan` gives sections of exact ' +
  'length. The same request and `seed` give the same bytes. Lines are sung: eSpeak NG (a formant speech ' +
  'synthesizer) speaks each line on one pitch, and each syllable is moved to its melody note, held there and ' +
  'stretched to its length (TD-PSOLA), in a female or male voice ("female vocals", "male vocals"; otherwise ' +
  'the seed chooses), read as English. It sounds like a robotic speech synthesizer singing in tune: the words ' +
  'are clear, the voice is buzzy and flat in expression, nothing like a human singer. 1,000 credits per ' +
  'minute, per started second.'

// POST /v1/music and its streamed and detailed variants, and POST /v1/music/plan.
export function musicRoutes(service: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
    const compose = { querystring: outputQuery, body: composeBody, tags: ['music'], description: ABOUT }

    app.post(
      '/v1/music',
      { config, schema: { ...compose, summary: 'Compose a song', response: { 200: z.any() } } },
      async (request, reply) => {
        const song = await service.prepare(requirePrincipal(request), request.id, request.body, request.query)
        const { audio } = await service.renderWhole(song)
        reply.header('song-id', song.songId).header('character-cost', String(song.recording.cost))
        return reply.type(song.format.contentType).send(Buffer.from(audio))
      },
    )

    app.post(
      '/v1/music/stream',
      {
        config,
        schema: { ...compose, summary: 'Compose a song, streamed as it renders', response: { 200: z.any() } },
      },
      async (request, reply) => {
        const song = await service.prepare(requirePrincipal(request), request.id, request.body, request.query)
        const body = await streamSource(service.chunks(song, clientGone(request, reply).signal), {
          encode: (chunk) => Buffer.from(chunk.bytes),
          delivered: (chunk) => service.delivered(song, chunk),
          complete: () => song.complete(),
          fail: () => song.recording.fail(),
          onBroken: () => reply.raw.destroy(),
        })
        reply.header('song-id', song.songId).header('character-cost', String(song.recording.cost))
        return reply.type(song.format.contentType).send(body)
      },
    )

    app.post(
      '/v1/music/detailed',
      {
        config,
        schema: {
          ...compose,
          summary: 'Compose a song with its plan and metadata (multipart)',
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const song = await service.prepare(requirePrincipal(request), request.id, request.body, request.query)
        const { audio, waveform } = await service.renderWhole(song)
        const answer = multipartSong({
          plan: song.plan,
          metadata: song.metadata,
          audio,
          contentType: song.format.contentType,
          fileName: fileNameFor(song.metadata, song.format.fileExtension),
          extra: request.body.with_waveform_visual ? { waveform_visual: waveform } : undefined,
        })
        reply.header('song-id', song.songId).header('character-cost', String(song.recording.cost))
        return reply.type(answer.contentType).send(answer.body)
      },
    )

    app.post(
      '/v1/music/detailed/stream',
      {
        config,
        schema: {
          ...compose,
          summary: 'Stream a song and its metadata as JSON lines',
          description: `${ABOUT} Each line is a JSON string holding one event: \`metadata\` first, then \`audio\` events with \`audio_base64\`, then \`done\`.`,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const song = await service.prepare(requirePrincipal(request), request.id, request.body, request.query)
        let first = true
        const body = await streamSource(service.chunks(song, clientGone(request, reply).signal), {
          encode: (chunk) => {
            const audio = streamLine({
              type: 'audio',
              audio_base64: Buffer.from(chunk.bytes).toString('base64'),
              end_ms: chunk.endMs,
            })
            if (!first) return audio
            first = false
            const head = streamLine({
              type: 'metadata',
              song_id: song.songId,
              composition_plan: song.plan,
              song_metadata: song.metadata,
            })
            return Buffer.concat([head, audio])
          },
          delivered: (chunk) => service.delivered(song, chunk),
          complete: () => song.complete(),
          fail: () => song.recording.fail(),
          onBroken: () => reply.raw.destroy(),
        })
        reply.header('song-id', song.songId).header('character-cost', String(song.recording.cost))
        return reply.type('application/json').send(body)
      },
    )

    app.post(
      '/v1/music/plan',
      {
        config,
        schema: {
          tags: ['music'],
          summary: 'Create a composition plan from a prompt (free)',
          body: planBody,
          response: { 200: z.any() },
        },
      },
      async (request) => service.plan(requirePrincipal(request), request.body),
    )
  }
}
