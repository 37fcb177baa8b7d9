import {
  analyseVoice,
  collectSpeech,
  type SpeechService,
  type VoiceDefinition,
  type VoiceFeatures,
} from '@timbre/speech'

// A voice's own measurements: it reads a fixed sentence and the rendering is analysed (pitch,
// pitch range, pace, loudness). Similar voices compares an uploaded clip with these.

const MEASURE_TEXT =
  'The quick brown fox jumps over the lazy dog. How are you doing today? I hope the weather stays fine.'
const MEASURE_SEED = 7
const MEASURE_RATE = 16_000

function pcmToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float32Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

export async function measureVoice(speech: SpeechService, voice: VoiceDefinition): Promise<VoiceFeatures> {
  const pipeline = speech.pipeline(`pcm_${MEASURE_RATE}`)
  const text = voice.language === 'en' ? MEASURE_TEXT : voice.preview_text
  pipeline.push({ text, voice, modelId: 'eleven_multilingual_v2', seed: MEASURE_SEED })
  pipeline.end()
  const result = await collectSpeech(pipeline, pipeline.format)
  return analyseVoice(pcmToFloat(result.audio), MEASURE_RATE)
}
