import {
  VOICE_DESIGN_DEFAULT_FORMAT,
  VOICE_DESIGN_PREVIEW_TTL_SECONDS,
  voiceDesignCredits,
} from '@timbre/contract'
import { collectSpeech, type VoiceDefinition } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { resolveFormat } from '../../platform/generation/generation-inputs.js'
import type { Principal } from '../../plugins/auth.js'
import type { NewPreview } from './voice-design.repository.js'
import type { Preview, VoiceDesignDeps } from './voice-design-deps.js'

// Rendering the previews of designed or remixed voices: each speaks the text, is stored for a
// day, and the whole request is charged like text to speech, or not at all when it fails.

/** Expired previews removed per request, so the table never grows without bound. */
const SWEEP_BATCH = 50

async function sweep(deps: VoiceDesignDeps): Promise<void> {
  const keys = await deps.repository.deleteExpired(deps.now(), SWEEP_BATCH)
  await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)))
}

/** Speaks, stores and records the previews of the given voices, charged as one request. */
export async function render(
  deps: VoiceDesignDeps,
  principal: Principal,
  requestId: string,
  input: {
    description: string
    text: string
    language: string
    voices: VoiceDefinition[]
    outputFormat: string | undefined
    sourceVoiceId: string | null
    withAudio: boolean
  },
): Promise<{ previews: Preview[]; text: string }> {
  const format = resolveFormat(input.outputFormat ?? VOICE_DESIGN_DEFAULT_FORMAT)
  const recording = await deps.recorder.begin({
    principal,
    requestId,
    kind: 'voice-design',
    format,
    costMultiplier: 1,
    history: null,
    charge: { text: input.text, hash: null, credits: voiceDesignCredits(input.text) },
  })
  const stored: string[] = []
  try {
    const rows: NewPreview[] = []
    const previews: Preview[] = []
    let seconds = 0
    const results = await Promise.all(
      input.voices.map(async (voice) => {
        const pipeline = deps.speech.pipeline(format.id)
        pipeline.push({
          text: input.text,
          voice,
          modelId: 'eleven_multilingual_v2',
          languageCode: input.language,
          seed: 1,
        })
        pipeline.end()
        return collectSpeech(pipeline, pipeline.format)
      }),
    )
    const expires = new Date(deps.now().getTime() + VOICE_DESIGN_PREVIEW_TTL_SECONDS * 1000)
    for (const [index, voice] of input.voices.entries()) {
      const result = results[index]!
      const key = `voice-design/${principal.workspaceId}/${voice.voice_id}.${format.fileExtension}`
      await deps.storage.put(key, Buffer.from(result.audio))
      stored.push(key)
      seconds = Math.max(seconds, result.durationSeconds)
      rows.push({
        id: voice.voice_id,
        workspace_id: principal.workspaceId,
        user_id: principal.userId,
        source_voice_id: input.sourceVoiceId,
        description: input.description,
        text: input.text,
        language: input.language,
        definition: JSON.stringify(voice),
        media_type: format.contentType,
        storage_key: key,
        duration_seconds: result.durationSeconds,
        expires_at: expires,
      })
      previews.push({
        audio_base_64: input.withAudio ? Buffer.from(result.audio).toString('base64') : '',
        generated_voice_id: voice.voice_id,
        media_type: format.contentType,
        duration_secs: Math.round(result.durationSeconds * 1000) / 1000,
        language: input.language,
      })
    }
    await deps.repository.insertMany(rows)
    recording.held({
      audio: new Uint8Array(0),
      alignment: null,
      characters: [...input.text].length,
      piece: 0,
      endSeconds: seconds,
    })
    await recording.complete()
    await sweep(deps).catch(() => undefined)
    return { previews, text: input.text }
  } catch (error) {
    // Nothing reached the caller: the reservation goes back whole, and no preview stays.
    await recording.fail()
    await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)))
    if (error instanceof AppError) throw error
    throw new AppError('voice_previews_failed', {
      message: `Failed to generate voice previews: ${String((error as Error)?.message ?? error)}`,
    })
  }
}
