// What the service sends a worker for one segment, and what comes back. Plain data only:
// it crosses the worker boundary by structured clone.
import type { WordTiming } from '../engines/engine.js'
import type { SegmentStyle, SpeechPiece } from '../text/types.js'
import type { VoiceDefinition, VoiceSettings } from '../types.js'

export interface SegmentJob {
  pieces: SpeechPiece[]
  style: SegmentStyle
  language: string
  voice: VoiceDefinition
  settings: Required<VoiceSettings>
  /** Seed of this segment (request seed mixed with the segment index). */
  seed: number
  outputRate: number
  /** `fast`: cheaper DSP for the low-latency models. */
  quality: 'high' | 'fast'
}

export interface SegmentAudio {
  /** Mono float PCM at `outputRate`, silence trimmed, edges faded. */
  samples: Float32Array
  /** Seconds from the start of `samples`; normalised text ranges. */
  words: WordTiming[]
}
