import { DEFAULT_OUTPUT_FORMAT, DEFAULT_TTS_MODEL_ID } from '@timbre/contract'
import { beginGeneration, type GenerationDeps } from '../../platform/generation/begin-generation.js'
import { pronunciationRules, resolveVoice } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { SoundEffectsService } from '../sound-effects/sound-effects.module.js'

// The audio of a clip, made by the product's own generators: speech through the one generation
// pipeline and the recorder (reserved before, settled after), sound effects through the sound
// effects service. A speech clip's audio is held back until the caller has placed it: the
// reservation is settled only when the clip is written, and released when it is refused.

const CLIP_FORMAT = DEFAULT_OUTPUT_FORMAT

export interface PendingSpeech {
  audio: Buffer
  durationMs: number
  historyItemId: string | null
  /** Settles the credits (the clip was written). */
  complete(): Promise<void>
  /** Releases the credits (the clip was refused). */
  release(): Promise<void>
}

export function createClipAudio(deps: { generation: GenerationDeps; soundEffects: SoundEffectsService }) {
  return {
    async speech(
      principal: Principal,
      requestId: string,
      input: { text: string; voiceId: string; languageCode: string | null },
    ): Promise<PendingSpeech> {
      const voice = await resolveVoice(deps.generation.voices, principal.workspaceId, input.voiceId)
      const modelId = DEFAULT_TTS_MODEL_ID
      const rules = await pronunciationRules(deps.generation, principal.workspaceId, null, modelId)
      const gen = await beginGeneration(deps.generation, {
        principal,
        requestId,
        voice,
        speechRequests: [
          {
            ...rules,
            text: input.text,
            voice: voice.definition,
            modelId,
            voiceSettings: voice.settings ?? {},
            ...(input.languageCode ? { languageCode: input.languageCode } : {}),
          },
        ],
        modelId,
        outputFormat: CLIP_FORMAT,
        logging: true,
        kind: 'tts',
        text: input.text,
        settings: voice.settings ?? {},
      })
      const parts: Uint8Array[] = []
      let endSeconds = 0
      try {
        for await (const chunk of gen.chunks()) {
          gen.held(chunk)
          parts.push(chunk.audio)
          endSeconds = Math.max(endSeconds, chunk.endSeconds)
        }
      } catch (error) {
        await gen.fail()
        throw error
      }
      return {
        audio: Buffer.concat(parts),
        durationMs: Math.round(endSeconds * 1000),
        historyItemId: gen.historyItemId,
        complete: () => gen.complete(),
        release: () => gen.fail(),
      }
    },

    /** A sound effect exactly as long as its clip (charged by the sound effects service). */
    async soundEffect(
      principal: Principal,
      requestId: string,
      input: { prompt: string; durationMs: number },
    ) {
      const result = await deps.soundEffects.generate({
        principal,
        requestId,
        body: { text: input.prompt, duration_seconds: input.durationMs / 1000 },
        query: { output_format: CLIP_FORMAT },
      })
      return { audio: Buffer.from(result.audio), historyItemId: result.historyItemId }
    },
  }
}

export type ClipAudio = ReturnType<typeof createClipAudio>
