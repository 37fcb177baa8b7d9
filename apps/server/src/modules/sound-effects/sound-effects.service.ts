import {
  DEFAULT_OUTPUT_FORMAT,
  SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE,
  SOUND_EFFECT_MAX_SECONDS,
  SOUND_EFFECT_MIN_SECONDS,
  SOUND_EFFECT_MODEL_ID,
  soundEffectCredits,
} from '@timbre/contract'
import { encodeWhole, type OutputFormat, renderSoundEffect } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { resolveFormat } from '../../platform/generation/generation-inputs.js'
import { requestHash } from '../../platform/generation/request-hash.js'
import type { Principal } from '../../plugins/auth.js'
import { countCharacters } from '../credits/credits.module.js'
import type { Recorder } from '../recording/recording.module.js'
import type { SoundEffectBody, SoundEffectQuery } from './sound-effects.schemas.js'

export interface SoundEffectResult {
  audio: Uint8Array
  format: OutputFormat
  cost: number
  historyItemId: string | null
}

/** Sound effects: validated, charged through the recorder, synthesised, stored in history. */
export function createSoundEffectsService(deps: { recorder: Recorder }) {
  return {
    async generate(input: {
      principal: Principal
      requestId: string
      body: SoundEffectBody
      query: SoundEffectQuery
    }): Promise<SoundEffectResult> {
      const { body } = input
      const duration = body.duration_seconds ?? null
      if (
        duration !== null &&
        !(duration >= SOUND_EFFECT_MIN_SECONDS && duration <= SOUND_EFFECT_MAX_SECONDS)
      ) {
        throw new AppError('invalid_sound_effect_duration', { param: 'duration_seconds' })
      }
      const format = resolveFormat(input.query.output_format ?? DEFAULT_OUTPUT_FORMAT)
      const request = {
        text: body.text,
        durationSeconds: duration,
        promptInfluence: body.prompt_influence ?? SOUND_EFFECT_DEFAULT_PROMPT_INFLUENCE,
        loop: body.loop ?? false,
      }
      const settings = {
        duration_seconds: duration,
        prompt_influence: request.promptInfluence,
        loop: request.loop,
      }
      const recording = await deps.recorder.begin({
        principal: input.principal,
        requestId: input.requestId,
        kind: 'sound-generation',
        format,
        costMultiplier: 1,
        history: {
          voiceId: '',
          voiceName: '',
          voiceCategory: '',
          modelId: SOUND_EFFECT_MODEL_ID,
          text: body.text,
          dialogue: null,
          settings,
          source: 'SFX',
        },
        charge: {
          text: body.text,
          hash: requestHash(['sound-generation', body.text, settings]),
          credits: soundEffectCredits(duration),
        },
      })
      try {
        const effect = renderSoundEffect(request, format.sampleRate)
        const audio = encodeWhole(format, effect.samples)
        recording.held({
          audio,
          alignment: null,
          characters: countCharacters(body.text),
          piece: 0,
          endSeconds: effect.samples.length / format.sampleRate,
        })
        await recording.complete()
        return { audio, format, cost: recording.cost, historyItemId: recording.historyItemId }
      } catch (error) {
        // Nothing left the server: the reservation goes back whole.
        await recording.fail()
        throw error
      }
    },
  }
}

export type SoundEffectsService = ReturnType<typeof createSoundEffectsService>
