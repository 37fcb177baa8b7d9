import {
  analyseVoice,
  type CloneBase,
  deriveCloneVoice,
  nearestBase,
  type VoiceDefinition,
  type VoiceFeatures,
} from '@timbre/speech'
import { RATE } from './media.js'

// The voice each speaker is dubbed in. With cloning, an instant clone of the speaker's own
// speech in the target language: the premade voice of that language nearest in pitch, retuned
// to the speaker's measured pitch, range and pace (the voice lab's instant-clone derivation).
// Without it, that nearest premade voice as it is. Either way a higher source voice stays higher.

/** The speaker's speech (their segments of the isolated track) measured. */
export function measureSpeaker(
  speech: Float32Array,
  spans: Array<{ start: number; end: number }>,
): VoiceFeatures {
  const total = spans.reduce((sum, s) => sum + Math.max(0, Math.round((s.end - s.start) * RATE)), 0)
  const joined = new Float32Array(total)
  let at = 0
  for (const span of spans) {
    const part = speech.subarray(Math.round(span.start * RATE), Math.round(span.end * RATE))
    joined.set(part.subarray(0, Math.min(part.length, total - at)), at)
    at += part.length
  }
  return analyseVoice(joined, RATE)
}

/** A speaker's voice in one language, stored with the dub (a clone is not added to the voice library). */
export interface SpeakerVoice {
  /** The premade voice it is, or was derived from. */
  voice_id: string
  cloned: boolean
  definition: VoiceDefinition
}

export function voiceForSpeaker(input: {
  dubId: string
  speakerId: string
  speakerName: string
  language: string
  features: VoiceFeatures
  bases: CloneBase[]
  clone: boolean
}): SpeakerVoice {
  const base = nearestBase(input.features, input.bases)
  // A speaker whose pitch could not be measured keeps the base voice: there is nothing to match.
  if (!input.clone || input.features.f0MedianHz <= 0)
    return { voice_id: base.voice.voice_id, cloned: false, definition: base.voice }
  const definition = deriveCloneVoice({
    voiceId: `dub_${input.dubId}_${input.speakerId}_${input.language}`,
    name: `${input.speakerName} (${input.language})`,
    description: 'Instant clone of a dubbed speaker',
    language: input.language,
    target: input.features,
    base,
  })
  return { voice_id: base.voice.voice_id, cloned: true, definition }
}
