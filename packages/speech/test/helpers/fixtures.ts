import { DEFAULT_VOICE_SETTINGS, findPremadeVoice, type VoiceDefinition } from '../../src/index.js'
import type { SegmentJob } from '../../src/synthesis/segment-job.js'

export function voiceNamed(name: string): VoiceDefinition {
  const voice = findPremadeVoiceByName(name)
  if (!voice) throw new Error(`no premade voice ${name}`)
  return voice
}

function findPremadeVoiceByName(name: string): VoiceDefinition | undefined {
  return PREMADE.find((v) => v.name === name)
}

import { PREMADE_VOICES as PREMADE } from '../../src/index.js'

export { findPremadeVoice }

export function pcmSamples(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Int16Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true)
  return out
}

/** A render task for the worker tests: "Hello there." by Noah at 16 kHz. */
export function helloJob(): SegmentJob {
  return {
    pieces: [{ kind: 'text', text: 'Hello there.', normStart: 0, normEnd: 12 }],
    style: { whisper: false, volume: 1, rate: 1, pitch: 1 },
    language: 'en',
    voice: voiceNamed('Noah'),
    settings: { ...DEFAULT_VOICE_SETTINGS },
    seed: 1,
    outputRate: 16000,
    quality: 'high',
  }
}
