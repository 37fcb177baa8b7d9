import { createHash } from 'node:crypto'
import { DEFAULT_OUTPUT_FORMAT, SPEECH_TO_SPEECH_SILENCE_DB, speechToSpeechCredits } from '@timbre/contract'
import {
  ISOLATION_SAMPLE_RATE,
  type OutputFormat,
  type SpeechService,
  type VoiceConversionRun,
  type VoiceDefinition,
  type VoiceProfile,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { renderForMeasuring } from '../../platform/audio/measure.js'
import { resolveFormat } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { UsableVoice, VoiceLookup } from '../voices/voices.module.js'
import type { StsUpload } from './sts-form.js'
import { checkModel, decodeUpload } from './sts-input.js'

// Speech to speech: the upload is checked by content, decoded, optionally denoised, and
// converted to the target voice by DSP (pitch contour mapped onto the target's range, formants
// and EQ moved towards it, loudness matched), keeping its words and timing. The signal
// processing runs in the speech service's worker threads, a second of audio at a time, so the
// event loop stays free and a stream sends each second as soon as it is converted. 1,000
// credits per minute of input, reserved before the work and settled when the audio is out;
// nothing is charged for a refused or broken-off request.

/** The rate conversion runs at: the whole speech band, at half the cost of 48 kHz. */
const WORK_RATE = 24_000
/** Seconds of audio converted and sent per piece of a streamed answer. */
const PIECE_SECONDS = 1
/** What the target voice says when it is measured: longer than the usual sentence, for a steadier pitch range. */
const MEASURE_TEXT =
  'The quick brown fox jumps over the lazy dog. How are you doing today? I hope the weather stays fine, and that we can walk by the river.'

/** One converted piece of audio and where the output stands after it. */
export interface StsPiece {
  audio: Uint8Array
  alignment: null
  characters: 0
  piece: 0
  endSeconds: number
}

export interface StsRun {
  readonly cost: number
  readonly historyItemId: string | null
  readonly format: OutputFormat
  /** Pieces `pieces()` will give, and how many have been converted so far. */
  readonly blocks: number
  readonly converted: number
  /** The converted audio a piece at a time; report each with `delivered` or `held`. */
  pieces(): AsyncIterable<StsPiece>
  /** The piece is being written to the client: its seconds are charged whatever happens next. */
  delivered(piece: StsPiece): void
  /** The piece is kept back until `complete` (a whole response). */
  held(piece: StsPiece): void
  /** Stores the audio and charges it in full with its history item. */
  complete(): Promise<void>
  /** Stops converting; charges the seconds delivered (with their history item), releases the rest. */
  abandon(): Promise<void>
}

export function createSpeechToSpeechService(deps: {
  recorder: Recorder
  voices: VoiceLookup
  speech: SpeechService
}) {
  const profiles = new Map<string, Promise<VoiceProfile>>()

  /** The target voice measured on its own speech, once per voice recipe. */
  function targetProfile(voice: VoiceDefinition): Promise<VoiceProfile> {
    const key = createHash('sha256')
      .update(JSON.stringify([voice.engine, voice.dsp, voice.language]))
      .digest('hex')
    let profile = profiles.get(key)
    if (!profile) {
      profile = (async () => {
        const samples = await renderForMeasuring(deps.speech, voice, { rate: WORK_RATE, text: MEASURE_TEXT })
        return deps.speech.measureVoice(samples, WORK_RATE)
      })()
      profile.catch(() => profiles.delete(key))
      profiles.set(key, profile)
    }
    return profile
  }

  return {
    /** Checks, decodes and reserves the credits; the audio is made as `pieces()` is read. */
    async begin(input: {
      principal: Principal
      requestId: string
      voiceId: string
      upload: StsUpload
      outputFormat: string | undefined
      enableLogging: boolean
    }): Promise<StsRun> {
      const { principal, upload } = input
      const format = resolveFormat(input.outputFormat ?? DEFAULT_OUTPUT_FORMAT)
      const modelId = checkModel(upload.modelId)
      const voice: UsableVoice | null = await deps.voices.findUsable(principal.workspaceId, input.voiceId)
      if (!voice) {
        throw new AppError('voice_not_found', {
          message: `A voice with the voice_id ${input.voiceId} was not found.`,
          param: 'voice_id',
        })
      }
      const samples = await decodeUpload(upload)
      const conversion: VoiceConversionRun = await deps.speech.openConversion({
        samples,
        sampleRate: ISOLATION_SAMPLE_RATE,
        target: await targetProfile(voice.definition),
        format,
        denoise: upload.removeBackgroundNoise,
        silenceDb: SPEECH_TO_SPEECH_SILENCE_DB,
        workRate: WORK_RATE,
        blockSeconds: PIECE_SECONDS,
      })
      const { seconds } = conversion.opened
      // Nothing audible, or nothing with a pitch: there is no speech to convert, and no charge.
      if (conversion.opened.blocks === 0 || conversion.opened.voicedSeconds < 0.2) {
        conversion.drop()
        throw new AppError('speech_to_speech_silent', { param: 'audio' })
      }

      const title = upload.fileName || 'audio'
      const recording = await deps.recorder
        .begin({
          principal,
          requestId: input.requestId,
          kind: 'speech-to-speech',
          format,
          costMultiplier: 1,
          history: input.enableLogging
            ? {
                voiceId: voice.voiceId,
                voiceName: voice.name,
                voiceCategory: voice.category,
                modelId,
                text: title,
                dialogue: null,
                settings: upload.voiceSettings,
                source: 'STS',
              }
            : null,
          charge: { text: title, hash: null, credits: speechToSpeechCredits(seconds), seconds },
        })
        .catch((error: unknown) => {
          conversion.drop()
          throw error
        })
      async function* pieces(): AsyncIterable<StsPiece> {
        let converted = 0
        for await (const audio of conversion.chunks()) {
          converted++
          yield {
            audio,
            alignment: null,
            characters: 0,
            piece: 0,
            endSeconds: Math.min(seconds, converted * PIECE_SECONDS),
          }
        }
      }

      return {
        cost: recording.cost,
        historyItemId: recording.historyItemId,
        format,
        blocks: conversion.opened.blocks,
        get converted() {
          return conversion.converted
        },
        pieces,
        delivered: (piece) => recording.delivered(piece),
        held: (piece) => recording.held(piece),
        complete: () => recording.complete(),
        async abandon() {
          conversion.drop()
          await recording.fail()
        },
      }
    },
  }
}

export type SpeechToSpeechService = ReturnType<typeof createSpeechToSpeechService>
