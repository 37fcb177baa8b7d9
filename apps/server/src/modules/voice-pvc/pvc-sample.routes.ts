import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  config,
  type PvcApp,
  readConfig,
  sampleBody,
  sampleParams,
  speakerParams,
  tags,
  voiceParams,
} from './pvc.schemas.js'
import type { PvcService } from './pvc.service.js'
import { pvcSamplesForm } from './pvc-form.js'

/** A professional clone's samples: upload, trim, delete, their audio, waveform and speakers. */
export function pvcSampleRoutes(app: PvcApp, service: PvcService): void {
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
      await service.deleteSample(requirePrincipal(request), request.params.voice_id, request.params.sample_id)
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
}
