// The voice changer.
import { binary } from '../../lib/api'

/** POST /v1/speech-to-speech/{voice_id}/stream: the recording spoken in another voice. */
export const convertSpeech = (voiceId: string, audio: Blob, fileName: string, signal?: AbortSignal) => {
  const form = new FormData()
  form.set('audio', audio, fileName)
  form.set('model_id', 'eleven_multilingual_sts_v2')
  return binary(`/v1/speech-to-speech/${encodeURIComponent(voiceId)}/stream`, {
    method: 'POST',
    body: form,
    signal,
  })
}
