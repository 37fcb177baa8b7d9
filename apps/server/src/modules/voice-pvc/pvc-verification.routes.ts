import { z } from 'zod'
import { readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { config, type PvcApp, tags, voiceParams } from './pvc.schemas.js'
import { pvcCaptchaForm, pvcVerificationForm } from './pvc-form.js'
import type { PvcTraining } from './pvc-training.service.js'
import type { PvcVerification } from './pvc-verification.service.js'

/** Proving the voice is the caller's (a captcha read aloud, or documents), then training it. */
export function pvcVerificationRoutes(
  app: PvcApp,
  verification: PvcVerification,
  training: PvcTraining,
): void {
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
        return verification.verify(requirePrincipal(request), request.params.voice_id, form.file('recording'))
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
