import { VOICE_DESIGN_PREVIEW_COUNT } from '@timbre/contract'
import { describedLanguage, designVoices, parseVoiceDescription, remixVoice } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { render } from './preview-render.js'
import type { DesignBody, RemixBody } from './voice-design.schemas.js'
import { autoText, checkDescription, checkText, type VoiceDesignDeps } from './voice-design-deps.js'

// Voices from words: a description designs new voices, or remixes one the workspace can use.

/** POST /v1/text-to-voice/design and /create-previews. */
export async function design(
  deps: VoiceDesignDeps,
  principal: Principal,
  requestId: string,
  body: DesignBody,
  outputFormat?: string,
) {
  const description = checkDescription(body.voice_description)
  const text = checkText(body.text)
  const traits = parseVoiceDescription(description)
  const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31)
  const language = (text ? describedLanguage(text) : null) ?? traits.language ?? 'en'
  const voices = designVoices(traits, {
    voiceIds: Array.from({ length: VOICE_DESIGN_PREVIEW_COUNT }, () => newId()),
    name: 'Voice design preview',
    description,
    language,
    seed,
    guidance: body.guidance_scale,
  })
  return render(deps, principal, requestId, {
    description,
    text: text ?? autoText(language, seed),
    language: voices[0]!.language,
    voices,
    outputFormat,
    sourceVoiceId: null,
    withAudio: !body.stream_previews,
  })
}

/** POST /v1/text-to-voice/{voice_id}/remix: previews of a voice changed as described. */
export async function remix(
  deps: VoiceDesignDeps,
  principal: Principal,
  requestId: string,
  voiceId: string,
  body: RemixBody,
  outputFormat?: string,
) {
  const description = checkDescription(body.voice_description)
  const text = checkText(body.text)
  const source = await deps.voices.lookup.findUsable(principal.workspaceId, voiceId)
  if (!source) {
    throw new AppError('voice_not_found', {
      message: `A voice with the voice_id ${voiceId} was not found.`,
      param: 'voice_id',
    })
  }
  if (source.definition.engine.engine === 'piper') {
    throw new AppError('validation_error', {
      message: 'Neural voices from the models directory cannot be remixed.',
      param: 'voice_id',
    })
  }
  const seed = body.seed ?? Math.floor(Math.random() * 2 ** 31)
  const voices = remixVoice(source.definition, parseVoiceDescription(description), {
    voiceIds: Array.from({ length: VOICE_DESIGN_PREVIEW_COUNT }, () => newId()),
    seed,
  }).map((v) => ({ ...v, name: source.name, description }))
  const language = source.definition.language
  return render(deps, principal, requestId, {
    description,
    text: text ?? autoText(language, seed),
    language,
    voices,
    outputFormat,
    sourceVoiceId: source.voiceId,
    withAudio: !body.stream_previews,
  })
}
