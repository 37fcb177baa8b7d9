import { multipartForm } from '../../platform/http/multipart.js'
import { PVC_LIMITS } from './pvc-limits.js'

// The multipart forms of the professional clone calls: samples, the captcha recording and the
// supporting documents of a manual verification request.

const AUDIO =
  'WAV, MP3, OGG, FLAC, M4A or WebM, recognised by content, up to 5 minutes; speech at -23 to -18 dB RMS ' +
  'with peaks below -3 dB'

export const pvcSamplesForm = multipartForm({
  files: {
    files: {
      description: `Audio samples: ${AUDIO}.`,
      maxBytes: PVC_LIMITS.sampleBytesMax,
      maxCount: PVC_LIMITS.filesPerRequest,
      label: 'Each file',
    },
  },
  fields: {
    remove_background_noise: { description: 'true: RNNoise runs over the samples.', kind: 'boolean' },
    language: {
      description: "The samples' language; it must be the voice's, as all samples are in one language.",
    },
  },
  maxTotalBytes: PVC_LIMITS.requestBytesMax,
})

export const pvcCaptchaForm = multipartForm({
  files: {
    recording: {
      description: 'A recording of the captcha text read aloud by the voice.',
      maxBytes: PVC_LIMITS.sampleBytesMax,
      label: 'The recording',
    },
  },
  fields: {},
})

export const pvcVerificationForm = multipartForm({
  files: {
    files: {
      description: 'Supporting documents that prove the right to the voice.',
      maxBytes: PVC_LIMITS.sampleBytesMax,
      // One more than taken, so that the service says how many it takes.
      maxCount: PVC_LIMITS.manualFilesMax + 1,
      label: 'Each document',
    },
  },
  fields: { extra_text: { description: 'Anything the reviewer should know.' } },
  maxTotalBytes: PVC_LIMITS.requestBytesMax,
})
