import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { ClipsService } from './clips.service.js'
import {
  addClipBody,
  addTrackBody,
  clipParams,
  clipView,
  projectParams,
  splitClipBody,
  splitResult,
  statusOk,
  trackParams,
  trackView,
  updateClipBody,
  updateTrackBody,
} from './voiceover.schemas.js'
import type { VoiceoverService } from './voiceover.service.js'

// Tracks and clips of a project's timeline. Every placement follows the timeline's rules and
// is refused with the rule's message.
const tags = ['voiceover']
const config = { scope: 'projects' as const, permission: 'voiceover_studio' as const }

export function timelineRoutes(service: VoiceoverService, clips: ClipsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/voiceover/projects/:project_id/tracks',
      {
        config,
        schema: {
          tags,
          summary: 'Add a track',
          params: projectParams,
          body: addTrackBody,
          response: { 200: trackView },
        },
      },
      async (request) => service.addTrack(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.patch(
      '/v1/voiceover/projects/:project_id/tracks/:track_id',
      {
        config,
        schema: {
          tags,
          summary: "Rename, mute or change a track's voice",
          params: trackParams,
          body: updateTrackBody,
          response: { 200: trackView },
        },
      },
      async (request) =>
        service.updateTrack(
          requirePrincipal(request),
          request.params.project_id,
          request.params.track_id,
          request.body,
        ),
    )

    app.delete(
      '/v1/voiceover/projects/:project_id/tracks/:track_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a track and its clips',
          params: trackParams,
          response: { 200: statusOk },
        },
      },
      async (request) =>
        service.deleteTrack(requirePrincipal(request), request.params.project_id, request.params.track_id),
    )

    app.post(
      '/v1/voiceover/projects/:project_id/clips',
      {
        config,
        schema: {
          tags,
          summary: 'Add a clip',
          description:
            '`kind` speech goes on speaker tracks (its `text` is read by `voice_id` or the track voice, and the clip is ' +
            'as long as the speech), sound_effect on sound-effect tracks (`prompt`, generated as long as the clip), ' +
            'media on foreground tracks (`source_start_seconds` into the media). Without `end_seconds` a clip takes ' +
            'up to 3 seconds of the free space.',
          params: projectParams,
          body: addClipBody,
          response: { 200: clipView },
        },
      },
      async (request) =>
        clips.add(requirePrincipal(request), request.id, request.params.project_id, request.body),
    )

    app.patch(
      '/v1/voiceover/projects/:project_id/clips/:clip_id',
      {
        config,
        schema: {
          tags,
          summary: 'Move, resize or regenerate a clip',
          params: clipParams,
          body: updateClipBody,
          response: { 200: clipView },
        },
      },
      async (request) =>
        clips.update(
          requirePrincipal(request),
          request.id,
          request.params.project_id,
          request.params.clip_id,
          request.body,
        ),
    )

    app.post(
      '/v1/voiceover/projects/:project_id/clips/:clip_id/split',
      {
        config,
        schema: {
          tags,
          summary: 'Split a media clip in two',
          params: clipParams,
          body: splitClipBody,
          response: { 200: splitResult },
        },
      },
      async (request) =>
        clips.split(
          requirePrincipal(request),
          request.params.project_id,
          request.params.clip_id,
          request.body.at_seconds,
        ),
    )

    app.delete(
      '/v1/voiceover/projects/:project_id/clips/:clip_id',
      { config, schema: { tags, summary: 'Delete a clip', params: clipParams, response: { 200: statusOk } } },
      async (request) =>
        clips.remove(requirePrincipal(request), request.params.project_id, request.params.clip_id),
    )

    app.get(
      '/v1/voiceover/projects/:project_id/clips/:clip_id/audio',
      {
        config,
        schema: {
          tags,
          summary: "A clip's generated audio (MP3)",
          params: clipParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) =>
        reply
          .type('audio/mpeg')
          .send(
            await clips.audio(requirePrincipal(request), request.params.project_id, request.params.clip_id),
          ),
    )
  }
}
