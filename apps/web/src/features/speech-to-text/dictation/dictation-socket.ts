// The realtime transcription socket as the dictation panel uses it: the site's session cookie
// signs it in (the server checks the page's Origin on the upgrade), audio goes out as base64
// PCM chunks, and partial and committed transcripts come back.

/** The sample rates the socket takes as `pcm_<rate>`. */
export const SOCKET_RATES = [16_000, 22_050, 24_000, 44_100, 48_000] as const
/** The rate dictation asks the browser for: what the recogniser itself works at. */
export const DICTATION_RATE = 16_000

export type SocketEvent =
  | { type: 'started' }
  | { type: 'partial'; text: string }
  | { type: 'committed'; text: string }
  | { type: 'error'; message: string }
  | { type: 'closed' }

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, sampleRate: number): string {
  const query = new URLSearchParams({
    model_id: 'scribe_v2_realtime',
    audio_format: `pcm_${sampleRate}`,
    commit_strategy: 'vad',
    vad_silence_threshold_secs: '0.8',
  })
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${location.host}/v1/speech-to-text/realtime?${query}`
}

/** Little-endian 16-bit samples as the base64 of `audio_base_64`. */
export function pcmBase64(samples: ArrayBuffer): string {
  const bytes = new Uint8Array(samples)
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** A server message as an event of the panel; null for those it does not show. */
export function readServerMessage(data: string): SocketEvent | null {
  let message: { message_type?: string; text?: string; error?: string }
  try {
    message = JSON.parse(data)
  } catch {
    return null
  }
  switch (message.message_type) {
    case 'session_started':
      return { type: 'started' }
    case 'partial_transcript':
      return { type: 'partial', text: message.text ?? '' }
    case 'committed_transcript':
      return { type: 'committed', text: message.text ?? '' }
    case 'committed_transcript_with_timestamps':
      return null
    default:
      return message.error ? { type: 'error', message: message.error } : null
  }
}
