import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { VoiceEditService } from './voice-edit.service.js'
import { readVoiceForm, voiceEditForm } from './voice-form.js'
import { sampleParams, statusOk, voiceIdParams } from './voices.schemas.js'

// Editing a voice (multipart: files, name, description, labels, remove_background_noise)
// and its samples (samples/{sampleId}).
const tags = ['voices']
const config = { scope: 'voices' as const }

export function voiceEditRoutes(edits: VoiceEditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/voices/:voice_id/edit',
      {
        config: { ...config, multipart: voiceEditForm },
        schema: {
          tags,
          summary: 'Edit a voice of your workspace',
          description:
            'A voice holds at most 25 samples; the files of one request are at most 50 MB together.',
          params: voiceIdParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        const caller = requirePrincipal(request)
        await edits.checkEditable(caller, request.params.voice_id)
        await edits.edit(caller, request.params.voice_id, await readVoiceForm(request, voiceEditForm))
        return { status: 'ok' as const }
      },
    )

    app.delete(
      '/v1/voices/:voice_id/samples/:sample_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a sample of a voice',
          params: sampleParams,
          response: { 200: statusOk },
        },
      },
      async (request) => {
        await edits.removeSample(requirePrincipal(request), request.params.voice_id, request.params.sample_id)
        return { status: 'ok' as const }
      },
    )

    app.get(
      '/v1/voices/:voice_id/samples/:sample_id/audio',
      {
        config,
        schema: {
          tags,
          summary: 'The audio of a voice sample, as uploaded',
          params: sampleParams,
          response: { 200: z.any().describe('The sample audio') },
        },
      },
      async (request, reply) => {
        const { voice_id, sample_id } = request.params
        const sample = await edits.sampleAudio(requirePrincipal(request), voice_id, sample_id)
        return reply
          .type(sample.mimeType)
          .header('content-disposition', `attachment; filename="${sample.fileName.replace(/[^\w.-]/g, '_')}"`)
          .send(sample.data)
      },
    )
  }
}
