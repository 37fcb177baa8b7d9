import { SIMILAR_VOICES_THRESHOLD_MAX, SIMILAR_VOICES_TOP_K_MAX } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  accentsQuery,
  accentsResponse,
  addSharedVoiceBody,
  addVoiceResponse,
  libraryVoicesResponse,
  sharedVoiceParams,
  sharedVoicesQuery,
  sharingBody,
  sharingResponse,
} from './voice-library.schemas.js'
import type { VoiceLibraryService } from './voice-library.service.js'
import { voiceIdParams } from './voices.schemas.js'

// The shared voice library (GET /v1/shared-voices, POST /v1/voices/add/{public_user_id}/{voice_id}),
// similar voices (POST /v1/similar-voices), accents (GET /v1/voices/accents), and the owner's
// sharing settings (POST /v1/voices/{voice_id}/sharing, this server's own call).
const tags = ['voice library']
const config = { scope: 'voices' as const }

function numberField(raw: string | undefined, param: string, min: number, max: number, integer: boolean) {
  if (raw === undefined || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    throw new AppError('validation_error', {
      message: `${param} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}.`,
      param,
    })
  }
  return value
}

/** The clip of POST /v1/similar-voices and how near a match must be. */
const similarForm = multipartForm({
  files: {
    audio_file: {
      description:
        'A recording of one voice; measured (pitch, pitch range, pace) as instant cloning measures samples.',
      maxBytes: 10 * 1024 * 1024,
      label: 'The clip',
    },
  },
  fields: {
    similarity_threshold: {
      description: `0 to ${SIMILAR_VOICES_THRESHOLD_MAX}, smaller is closer; default 1.`,
      kind: 'number',
    },
    top_k: { description: `1 to ${SIMILAR_VOICES_TOP_K_MAX}; default 10.`, kind: 'integer' },
  },
})

async function readSimilarForm(request: FastifyRequest) {
  const form = await readMultipart(request, similarForm)
  const clip = form.file('audio_file')?.data
  if (!clip?.length) {
    throw new AppError('validation_error', {
      message: 'Upload a voice clip as audio_file.',
      param: 'audio_file',
    })
  }
  return {
    clip,
    threshold: numberField(
      form.text('similarity_threshold'),
      'similarity_threshold',
      0,
      SIMILAR_VOICES_THRESHOLD_MAX,
      false,
    ),
    topK: numberField(form.text('top_k'), 'top_k', 1, SIMILAR_VOICES_TOP_K_MAX, true),
  }
}

export function voiceLibraryRoutes(library: VoiceLibraryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/shared-voices',
      {
        config,
        schema: {
          tags,
          summary: 'Browse the voices shared by the workspaces of this server',
          description:
            'Pages are numbered from 0. `sort`: created_date (newest shared first) or, for the others, ' +
            'the number of copies made. Usage counts are not tracked per shared voice yet and read 0.',
          querystring: sharedVoicesQuery,
          response: { 200: libraryVoicesResponse },
        },
      },
      async (request) => library.list(requirePrincipal(request), request.siteOrigin, request.query),
    )

    app.post(
      '/v1/voices/add/:public_user_id/:voice_id',
      {
        // A workspace can take adding voices from the library away from a group.
        config: { ...config, permission: 'add_voice_from_voice_library' as const },
        schema: {
          tags,
          summary: 'Add a copy of a shared voice to your voices under a new name',
          params: sharedVoiceParams,
          body: addSharedVoiceBody,
          response: { 200: addVoiceResponse },
        },
      },
      async (request) =>
        library.addCopy(
          requirePrincipal(request),
          request.params.public_user_id,
          request.params.voice_id,
          request.body.new_name,
        ),
    )

    app.post(
      '/v1/similar-voices',
      {
        config: { ...config, multipart: similarForm },
        schema: {
          tags,
          summary: 'Shared voices nearest to an uploaded clip',
          description: 'The clip is compared with each shared voice.',
          response: { 200: libraryVoicesResponse },
        },
      },
      async (request) => {
        const form = await readSimilarForm(request)
        return library.similar(requirePrincipal(request), request.siteOrigin, form.clip, form)
      },
    )

    app.get(
      '/v1/voices/accents',
      {
        config,
        schema: {
          tags,
          summary: 'Accents of the voice catalogue (Standard is always offered per language)',
          querystring: accentsQuery,
          response: { 200: accentsResponse },
        },
      },
      async (request) => library.accents(request.query.language),
    )

    app.post(
      '/v1/voices/:voice_id/sharing',
      {
        config,
        schema: {
          tags,
          summary: 'Share a voice in the library, stop sharing it, or stop new copies (copied_disabled)',
          description:
            'The owner of the voice or a workspace admin. `enabled` lists it; `disabled` unlists it; ' +
            '`copied_disabled` keeps its link but refuses new copies. The listing may carry its own name, ' +
            'description, labels and category.',
          params: voiceIdParams,
          body: sharingBody,
          response: { 200: sharingResponse },
        },
      },
      async (request) => library.share(requirePrincipal(request), request.params.voice_id, request.body),
    )
  }
}
