import type { SpeechService } from '@timbre/speech'
import type { FileStorage } from '../../lib/storage.js'
import type { createBaseVoices } from '../../platform/audio/measure.js'
import type { VoiceLookup } from '../../platform/generation/ports.js'
import type { Recorder } from '../recording/recording.module.js'
import type { SpeechToTextPorts } from '../speech-to-text/speech-to-text.module.js'
import type { DubbingRepository } from './dubbing.repository.js'
import type { Translator } from './translation/translator.js'

/** What the dubbing use cases and the pipeline work with. */
export interface DubbingDeps {
  repository: DubbingRepository
  storage: FileStorage
  recorder: Recorder
  speech: SpeechService
  translator: Translator
  speechTurns: SpeechToTextPorts['speechTurns']
  /** The premade voices of a language (English when it has none), each measured once. */
  basesFor: ReturnType<typeof createBaseVoices>
  /** The workspace's voices, for a speaker given a voice of the library. */
  voices: VoiceLookup
}
