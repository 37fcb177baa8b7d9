import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendAudio } from '../../../lib/audio/audio-reply.js'
import { requirePrincipal } from '../../../plugins/auth.js'
import { transcriptParams } from '../speech-to-text.schemas.js'
import {
  cuesQuery,
  cuesResponse,
  editorDocument,
  segmentJoin,
  segmentSplit,
  speakerMerge,
  speakerParams,
  speakerRename,
  wordsEdit,
} from './transcript-editing.schemas.js'
import type { TranscriptEditingService } from './transcript-editing.service.js'

const tags = ['speech to text']
const config = { scope: 'speech-to-text' as const, verifiedEmail: true }
const base = '/v1/speech-to-text/transcripts/:transcription_id'
const edited = { 200: editorDocument }

// The transcript editor (Timbre's own calls): its document, the kept audio with byte ranges,
// subtitle cues, and edits that each name the version they were made on.
export function transcriptEditingRoutes(editing: TranscriptEditingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${base}/editor`,
      {
        config,
        schema: {
          tags,
          summary: 'A transcript for editing: words, segments, speakers, waveform, version',
          params: transcriptParams,
          response: edited,
        },
      },
      async (request) => editing.getEditor(requirePrincipal(request), request.params.transcription_id),
    )

    app.get(
      `${base}/audio`,
      {
        config,
        schema: {
          tags,
          summary: 'The audio a transcript was made from (MP3), with byte ranges',
          params: transcriptParams,
        },
      },
      async (request, reply) => {
        const audio = await editing.getAudio(requirePrincipal(request), request.params.transcription_id)
        return sendAudio(request, reply, audio)
      },
    )

    app.get(
      `${base}/cues`,
      {
        config,
        schema: {
          tags,
          summary: 'The subtitle cues of a transcript under given cue limits, as its SRT export cuts them',
          params: transcriptParams,
          querystring: cuesQuery,
          response: { 200: cuesResponse },
        },
      },
      async (request) =>
        editing.getCues(requirePrincipal(request), request.params.transcription_id, request.query),
    )

    app.patch(
      `${base}/words`,
      {
        config,
        schema: {
          tags,
          summary: 'Replace a range of words; the new words are timed by re-alignment',
          params: transcriptParams,
          body: wordsEdit,
          response: edited,
        },
      },
      async (request) =>
        editing.editWords(requirePrincipal(request), request.params.transcription_id, request.body),
    )

    app.patch(
      `${base}/speakers/:speaker_id`,
      {
        config,
        schema: {
          tags,
          summary: 'Name a speaker',
          params: speakerParams,
          body: speakerRename,
          response: edited,
        },
      },
      async (request) =>
        editing.renameSpeaker(
          requirePrincipal(request),
          request.params.transcription_id,
          request.params.speaker_id,
          request.body,
        ),
    )

    app.post(
      `${base}/speakers/:speaker_id/merge`,
      {
        config,
        schema: {
          tags,
          summary: "Give a speaker's words to another speaker",
          params: speakerParams,
          body: speakerMerge,
          response: edited,
        },
      },
      async (request) =>
        editing.mergeSpeaker(
          requirePrincipal(request),
          request.params.transcription_id,
          request.params.speaker_id,
          request.body,
        ),
    )

    app.post(
      `${base}/segments/split`,
      {
        config,
        schema: {
          tags,
          summary: 'Start a new segment at a word',
          params: transcriptParams,
          body: segmentSplit,
          response: edited,
        },
      },
      async (request) =>
        editing.splitAt(requirePrincipal(request), request.params.transcription_id, request.body),
    )

    app.post(
      `${base}/segments/join`,
      {
        config,
        schema: {
          tags,
          summary: 'Join a segment with the one after it',
          params: transcriptParams,
          body: segmentJoin,
          response: edited,
        },
      },
      async (request) =>
        editing.joinWithNext(requirePrincipal(request), request.params.transcription_id, request.body),
    )
  }
}
