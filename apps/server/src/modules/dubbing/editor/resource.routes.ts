import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../../errors.js'
import { requirePrincipal } from '../../../plugins/auth.js'
import {
  dubbingConfig as config,
  dubParams,
  editorBody,
  languageBody,
  migrateBody,
  renderBody,
  renderParams,
  segmentCreateBody,
  segmentLanguageParams,
  segmentParams,
  segmentsBody,
  segmentsLanguagesBody,
  segmentUpdateBody,
  speakerBody,
  speakerParams,
  dubbingTags as tags,
  versionSchema,
} from '../dubbing.schemas.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import type { Dubs } from '../dubs.js'
import { createSegment, deleteSegment, updateSegment } from './segment-edits.js'
import { dubSegments, renderDub, transcribeSegments, translateSegments } from './segment-work.js'
import { addLanguage, createSpeaker, migrateSegments, similarVoices, updateSpeaker } from './speakers.js'

// The dubbing editor's resource API under /v1/dubbing/resource/{dubbing_id}: the whole
// resource, segments, speakers, languages, and the transcribe, translate, dub, render and
// migrate-segments calls; plus the web editor's hold on a dub and a segment's clip.

const base = '/v1/dubbing/resource/:dubbing_id'

/** Segments: edit a language's text and times, delete, add to a speaker, a clip's audio. */
function segmentRoutes(deps: DubbingDeps, dubs: Dubs): FastifyPluginAsyncZod {
  return async (app) => {
    const version = { 200: versionSchema }

    app.patch(
      `${base}/segment/:segment_id/:language`,
      {
        config,
        schema: {
          tags,
          summary: "Change a segment's text or times in a language",
          params: segmentLanguageParams,
          body: segmentUpdateBody,
          response: version,
        },
      },
      async (request) =>
        updateSegment(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          segmentId: request.params.segment_id,
          language: request.params.language,
          ...(request.body.start_time !== undefined ? { start: request.body.start_time } : {}),
          ...(request.body.end_time !== undefined ? { end: request.body.end_time } : {}),
          ...(request.body.text !== undefined ? { text: request.body.text } : {}),
        }),
    )

    app.delete(
      `${base}/segment/:segment_id`,
      { config, schema: { tags, summary: 'Delete a segment', params: segmentParams, response: version } },
      async (request) =>
        deleteSegment(deps, requirePrincipal(request), request.params.dubbing_id, request.params.segment_id),
    )

    app.post(
      `${base}/speaker/:speaker_id/segment`,
      {
        config,
        schema: {
          tags,
          summary: 'Add a segment to a speaker',
          params: speakerParams,
          body: segmentCreateBody,
          response: { 200: z.object({ version: z.number().int(), new_segment: z.string() }) },
        },
      },
      async (request) =>
        createSegment(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          speakerId: request.params.speaker_id,
          start: request.body.start_time,
          end: request.body.end_time,
          ...(request.body.text !== undefined ? { text: request.body.text } : {}),
          ...(request.body.translations ? { translations: request.body.translations } : {}),
        }),
    )

    app.get(
      `${base}/segment/:segment_id/:language/audio`,
      {
        config,
        schema: {
          tags,
          summary: "A segment's dubbed clip",
          params: segmentLanguageParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const file = await dubs.clip(
          requirePrincipal(request),
          request.params.dubbing_id,
          request.params.segment_id,
          request.params.language,
        )
        return reply.type(file.contentType).send(file.data)
      },
    )
  }
}

/** Speakers and languages: add, change, similar voices, move segments, add a language, render one. */
function speakerRoutes(deps: DubbingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const version = { 200: versionSchema }

    app.post(
      `${base}/speaker`,
      {
        config,
        schema: {
          tags,
          summary: 'Add a speaker',
          params: dubParams,
          body: speakerBody,
          response: { 200: z.object({ version: z.number().int(), speaker_id: z.string() }) },
        },
      },
      async (request) =>
        createSpeaker(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          ...(request.body.speaker_name ? { name: request.body.speaker_name } : {}),
          ...(request.body.voice_id ? { voiceId: request.body.voice_id } : {}),
        }),
    )

    app.patch(
      `${base}/speaker/:speaker_id`,
      {
        config,
        schema: {
          tags,
          summary: 'Rename a speaker or change their voice',
          params: speakerParams,
          body: speakerBody,
          response: version,
        },
      },
      async (request) =>
        updateSpeaker(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          speakerId: request.params.speaker_id,
          ...(request.body.speaker_name ? { name: request.body.speaker_name } : {}),
          ...(request.body.voice_id ? { voiceId: request.body.voice_id } : {}),
          ...(request.body.languages ? { languages: request.body.languages } : {}),
        }),
    )

    app.get(
      `${base}/speaker/:speaker_id/similar-voices`,
      {
        config,
        schema: {
          tags,
          summary: "Voices nearest to a speaker's",
          params: speakerParams,
          response: { 200: z.any() },
        },
      },
      async (request) =>
        similarVoices(deps, requirePrincipal(request), request.params.dubbing_id, request.params.speaker_id),
    )

    app.post(
      `${base}/language`,
      {
        config,
        schema: {
          tags,
          summary: 'Add a target language',
          params: dubParams,
          body: languageBody,
          response: version,
        },
      },
      async (request) => {
        if (!request.body.language)
          throw new AppError('validation_error', {
            message: "The field 'language' is required.",
            param: 'language',
          })
        return addLanguage(
          deps,
          requirePrincipal(request),
          request.params.dubbing_id,
          request.body.language.toLowerCase(),
        )
      },
    )

    app.post(
      `${base}/migrate-segments`,
      {
        config,
        schema: {
          tags,
          summary: 'Move segments to another speaker',
          params: dubParams,
          body: migrateBody,
          response: version,
        },
      },
      async (request) =>
        migrateSegments(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          segmentIds: request.body.segment_ids,
          speakerId: request.body.speaker_id,
        }),
    )

    app.post(
      `${base}/render/:language`,
      {
        config,
        schema: {
          tags,
          summary: 'Render a language as audio, video or an archive',
          params: renderParams,
          body: renderBody,
          response: { 200: z.object({ version: z.number().int(), render_id: z.string() }) },
        },
      },
      async (request) =>
        renderDub(deps, requirePrincipal(request), {
          dubId: request.params.dubbing_id,
          language: request.params.language,
          type: request.body.render_type,
        }),
    )
  }
}

/** The resource, transcribe, translate, dub, and the editor's hold. */
function workRoutes(deps: DubbingDeps, dubs: Dubs): FastifyPluginAsyncZod {
  return async (app) => {
    const version = { 200: versionSchema }

    app.get(
      base,
      {
        config,
        schema: {
          tags,
          summary: 'The dub as an editable resource',
          params: dubParams,
          response: { 200: z.any() },
        },
      },
      async (request) => dubs.resource(requirePrincipal(request), request.params.dubbing_id),
    )

    app.post(
      `${base}/transcribe`,
      {
        config,
        schema: {
          tags,
          summary: 'Transcribe segments again from the source',
          params: dubParams,
          body: segmentsBody,
          response: version,
        },
      },
      async (request) =>
        transcribeSegments(deps, requirePrincipal(request), request.params.dubbing_id, request.body.segments),
    )

    app.post(
      `${base}/translate`,
      {
        config,
        schema: {
          tags,
          summary: 'Translate segments again (all when none are named)',
          params: dubParams,
          body: segmentsLanguagesBody,
          response: version,
        },
      },
      async (request) =>
        translateSegments(deps, requirePrincipal(request), request.id, {
          dubId: request.params.dubbing_id,
          segments: request.body.segments,
          ...(request.body.languages ? { languages: request.body.languages } : {}),
        }),
    )

    app.post(
      `${base}/dub`,
      {
        config,
        schema: {
          tags,
          summary: 'Dub segments again (all when none are named)',
          params: dubParams,
          body: segmentsLanguagesBody,
          response: version,
        },
      },
      async (request) =>
        dubSegments(deps, requirePrincipal(request), request.id, {
          dubId: request.params.dubbing_id,
          segments: request.body.segments,
          ...(request.body.languages ? { languages: request.body.languages } : {}),
        }),
    )

    app.put(
      `${base}/editor`,
      {
        config,
        schema: {
          tags,
          summary:
            'Hold the dub for this editor session (a second editor is refused); renew it while editing',
          params: dubParams,
          body: editorBody,
          response: { 200: z.object({ held_until: z.string() }) },
        },
      },
      async (request) =>
        dubs.holdEditor(requirePrincipal(request), request.params.dubbing_id, request.body.session_id),
    )

    app.delete(
      `${base}/editor`,
      {
        config,
        schema: {
          tags,
          summary: 'Release the editor hold',
          params: dubParams,
          body: editorBody,
          response: { 200: z.object({ status: z.string() }) },
        },
      },
      async (request) =>
        dubs.releaseEditor(requirePrincipal(request), request.params.dubbing_id, request.body.session_id),
    )
  }
}

export function resourceRoutes(deps: DubbingDeps, dubs: Dubs): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(workRoutes(deps, dubs))
    await app.register(segmentRoutes(deps, dubs))
    await app.register(speakerRoutes(deps))
  }
}
