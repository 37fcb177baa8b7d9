// Professional voice clones.
import { binary, JSON_HEADERS } from '../../lib/api'

// Professional voice clones (the /v1/voices/pvc calls), read as JSON from plain fetches.
export interface PvcSample {
  sample_id: string
  file_name: string
  duration_secs: number
  speaker_separation: {
    status: 'not_started' | 'pending' | 'completed' | 'failed'
    speakers: Record<
      string,
      { speaker_id: string; duration_secs: number; utterances: { start: number; end: number }[] }
    > | null
    selected_speaker_ids: string[] | null
  }
}
export interface PvcStatus {
  voice_id: string
  name: string
  language: string | null
  state: 'draft' | 'needs_verification' | 'fine_tuning' | 'ready' | 'blocked'
  verified: boolean
  verification_attempts_count: number
  verification_attempts_max: number
  manual_verification_requested: boolean
  training_progress: number
  training_error: string | null
  dataset_duration_seconds: number
  min_training_seconds: number
  samples: PvcSample[]
}

const pvcJson = async <T>(url: string, init: RequestInit = {}): Promise<T> =>
  (await (await binary(url, { headers: { accept: 'application/json' }, ...init })).json()) as T
const pvcPath = (voiceId: string) => `/v1/voices/pvc/${encodeURIComponent(voiceId)}`

export const createPvc = (body: { name: string; language: string; description?: string }) =>
  pvcJson<{ voice_id: string }>('/v1/voices/pvc', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  })
export const getPvc = (voiceId: string) => pvcJson<PvcStatus>(pvcPath(voiceId))
export const addPvcSamples = (voiceId: string, files: { blob: Blob; name: string }[]) => {
  const form = new FormData()
  for (const file of files) form.append('files', file.blob, file.name)
  return pvcJson<unknown[]>(`${pvcPath(voiceId)}/samples`, { method: 'POST', body: form })
}
export const deletePvcSample = (voiceId: string, sampleId: string) =>
  pvcJson<{ status: string }>(`${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}`, {
    method: 'DELETE',
  })
export const getPvcWaveform = (voiceId: string, sampleId: string) =>
  pvcJson<{ visual_waveform: number[] }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/waveform`,
  )
export const separatePvcSpeakers = (voiceId: string, sampleId: string) =>
  pvcJson<{ status: string }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/separate-speakers`,
    {
      method: 'POST',
    },
  )
export const getPvcSpeakerAudio = (voiceId: string, sampleId: string, speakerId: string) =>
  pvcJson<{ audio_base64: string; media_type: string }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/speakers/${encodeURIComponent(speakerId)}/audio`,
  )
export const getPvcCaptcha = (voiceId: string) =>
  pvcJson<{ text: string; attempts_left: number }>(`${pvcPath(voiceId)}/captcha`)
export const verifyPvcCaptcha = (voiceId: string, recording: Blob, name: string) => {
  const form = new FormData()
  form.set('recording', recording, name)
  return pvcJson<{ status: string }>(`${pvcPath(voiceId)}/captcha`, { method: 'POST', body: form })
}
export const requestPvcVerification = (voiceId: string, files: File[], extraText: string) => {
  const form = new FormData()
  for (const file of files) form.append('files', file, file.name)
  if (extraText) form.set('extra_text', extraText)
  return pvcJson<{ status: string }>(`${pvcPath(voiceId)}/verification`, { method: 'POST', body: form })
}
export const trainPvc = (voiceId: string) =>
  pvcJson<{ status: string }>(`${pvcPath(voiceId)}/train`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ model_id: 'eleven_multilingual_v2' }),
  })
