import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { PvcService } from './pvc.service.js'
import { pvcCaptchaForm, pvcSamplesForm, pvcVerificationForm } from './pvc-form.js'
import type { PvcTraining } from './pvc-training.service.js'
import type { PvcVerification } from './pvc-verification.service.js'

// The professional voice clone calls of the public API under /v1/voices/pvc, the product's
// own captcha path /v1/voices/{voice_id}/captcha, and GET /v1/voices/pvc/{voice_id} with the
// clone's state and progress for the web app.

const config = { scope: 'voices' as const, permission: 'create_professional_voice_clone' as const }
const readConfig = { scope: 'voices' as const }
const tags = ['voices']
const voiceParams = z.object({ voice_id: z.string().min(1).max(100) })
const sampleParams = voiceParams.extend({ sample_id: z.string().min(1).max(100) })
const speakerParams = sampleParams.extend({ speaker_id: z.string().min(1).max(100) })
const voiceBody = z.object({
  name: z.unknown().optional(),
  language: z.unknown().optional(),
  description: z.unknown().optional(),
  labels: z.unknown().optional(),
})
const sampleBody = z
  .object({
    remove_background_noise: z.unknown().optional(),
    selected_speaker_ids: z.unknown().optional(),
    trim_start_time: z.unknown().optional(),
    trim_end_time: z.unknown().optional(),
    file_name: z.unknown().optional(),
  })
  .optional()

export function pvcRoutes(deps: {
  service: PvcService
  verification: PvcVerification
  training: PvcTraining
}): FastifyPluginAsyncZod {
  const { service, verification, training } = deps
  return async (app) => {
    app.post(
      '/v1/voices/pvc',
      { config, schema: { tags, summary: 'Create a professional voice clone (draft)', body: voiceBody } },
      async (request) => ({ voice_id: await service.create(requirePrincipal(request), request.body) }),
    )

    app.get(
      '/v1/voices/pvc/:voice_id',
      {
        config: readConfig,
        schema: { tags, summary: 'A professional clone: state, progress and samples', params: voiceParams },
      },
      async (request) => service.status(requirePrincipal(request), request.params.voice_id),
    )

    app.post(
      '/v1/voices/pvc/:voice_id',
      {
        config,
        schema: {
          tags,
          summary: 'Edit a professional clone',
          params: voiceParams,
          body: voiceBody.optional(),
        },
      },
      async (request) => {
        await service.update(requirePrincipal(request), request.params.voice_id, request.body ?? {})
        return { voice_id: request.params.voice_id }
      },
    )

    app.post(
      '/v1/voices/pvc/:voice_id/samples',
      {
        config: { ...config, multipart: pvcSamplesForm },
        schema: { tags, summary: 'Add samples to a professional clone', params: voiceParams },
      },
      async (request) => {
        const form = await readMultipart(request, pvcSamplesForm)
        return service.addSamples(requirePrincipal(request), request.params.voice_id, {
          files: form.files('files'),
          fields: form.textRecord(),
        })
      },
    )

    app.post(
      '/v1/voices/pvc/:voice_id/samples/:sample_id',
      {
        config,
        schema: {
          tags,
          summary: 'Trim, rename or pick speakers of a sample',
          params: sampleParams,
          body: sampleBody,
        },
      },
      async (request) => {
        const { voice_id, sample_id } = request.params
        await service.updateSample(requirePrincipal(request), voice_id, sample_id, request.body ?? {})
        return { voice_id }
      },
    )

    app.delete(
      '/v1/voices/pvc/:voice_id/samples/:sample_id',
      { config, schema: { tags, summary: 'Delete a sample', params: sampleParams } },
      async (request) => {
        await service.deleteSample(
          requirePrincipal(request),
          request.params.voice_id,
          request.params.sample_id,
        )
        return { status: 'ok' }
      },
    )

    app.get(
      '/v1/voices/pvc/:voice_id/samples/:sample_id/audio',
      {
        config: readConfig,
        schema: {
          tags,
          summary: 'A sample’s audio (its trimmed part), base64 WAV',
          params: sampleParams,
          querystring: z.object({ remove_background_noise: z.enum(['true', 'false']).optional() }),
        },
      },
      async (request) =>
        service.sampleAudio(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    )

    app.get(
      '/v1/voices/pvc/:voice_id/samples/:sample_id/waveform',
      { config: readConfig, schema: { tags, summary: 'A sample’s visual waveform', params: sampleParams } },
      async (request) =>
        service.waveform(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    )

    app.get(
      '/v1/voices/pvc/:voice_id/samples/:sample_id/speakers',
      {
        config: readConfig,
        schema: { tags, summary: 'The speakers found in a sample', params: sampleParams },
      },
      async (request) =>
        service.speakers(requirePrincipal(request), request.params.voice_id, request.params.sample_id),
    )

    app.get(
      '/v1/voices/pvc/:voice_id/samples/:sample_id/speakers/:speaker_id/audio',
      {
        config: readConfig,
        schema: { tags, summary: 'One speaker’s audio from a sample', params: speakerParams },
      },
      async (request) => {
        const { voice_id, sample_id, speaker_id } = request.params
        return service.speakerAudio(requirePrincipal(request), voice_id, sample_id, speaker_id)
      },
    )

    app.post(
      '/v1/voices/pvc/:voice_id/samples/:sample_id/separate-speakers',
      { config, schema: { tags, summary: 'Start speaker separation of a sample', params: sampleParams } },
      async (request) => {
        await service.separate(requirePrincipal(request), request.params.voice_id, request.params.sample_id)
        return { status: 'ok' }
      },
    )

    for (const path of ['/v1/voices/pvc/:voice_id/captcha', '/v1/voices/:voice_id/captcha']) {
      app.get(
        path,
        { config, schema: { tags, summary: 'A captcha text to read aloud', params: voiceParams } },
        async (request) => verification.captcha(requirePrincipal(request), request.params.voice_id),
      )
      app.post(
        path,
        {
          config: { ...config, multipart: pvcCaptchaForm },
          schema: {
            tags,
            summary: 'Verify the voice with a recording of the captcha text',
            params: voiceParams,
          },
        },
        async (request) => {
          const form = await readMultipart(request, pvcCaptchaForm)
          return verification.verify(
            requirePrincipal(request),
            request.params.voice_id,
            form.file('recording'),
          )
        },
      )
    }

    app.post(
      '/v1/voices/pvc/:voice_id/verification',
      {
        config: { ...config, multipart: pvcVerificationForm },
        schema: {
          tags,
          summary: 'Request manual verification with supporting documents',
          params: voiceParams,
        },
      },
      async (request) => {
        const form = await readMultipart(request, pvcVerificationForm)
        return verification.requestManual(
          requirePrincipal(request),
          request.params.voice_id,
          form.files('files'),
          form.text('extra_text'),
        )
      },
    )

    app.post(
      '/v1/voices/pvc/:voice_id/train',
      {
        config,
        schema: {
          tags,
          summary: 'Train a professional clone (a job; its progress is on GET /v1/voices/pvc/{voice_id})',
          params: voiceParams,
          body: z.object({ model_id: z.string().max(100).optional() }).optional(),
        },
      },
      async (request) =>
        training.start(requirePrincipal(request), request.params.voice_id, request.body?.model_id),
    )
  }
}
