import { DEFAULT_MODEL_ID, PREMADE_VOICES, type SpeechService } from '@timbre/speech'

// The speech a warm live decoder is seasoned with before any session: a few seconds of our own
// synthesis (a premade voice, rendered in the speech threads), from which the decoder's running
// normalisation learns what speech sounds like. Any clear speech serves; the decoder goes on
// learning from each session's own audio.

const SEASONING_TEXT =
  'Hello, and thank you for calling. Tell me what you need today, and I will do my best to help you with it.'

export function liveDecoderSeasoning(speech: SpeechService): () => Promise<Float32Array> {
  return async () => {
    const voice = PREMADE_VOICES.find((v) => v.name === 'Noah') ?? PREMADE_VOICES[0]!
    const { audio } = await speech.synthesize(
      { text: SEASONING_TEXT, voice, modelId: DEFAULT_MODEL_ID },
      'pcm_16000',
    )
    const pcm = new Int16Array(audio.buffer, audio.byteOffset, Math.floor(audio.byteLength / 2))
    return Float32Array.from(pcm, (v) => v / 32768)
  }
}
