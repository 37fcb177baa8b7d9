import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { parseName } from '../voices/voices.module.js'
import type { PvcDeps } from './pvc-deps.js'
import { descriptionOf, draftDefinition, labelsOf, languageOf } from './pvc-fields.js'
import { PVC_LIMITS } from './pvc-limits.js'
import { limitOf, sampleView, voiceOf } from './pvc-lookups.js'
import { type Caller, EDITABLE_STATES, type PvcState } from './pvc-state.js'

export async function create(deps: PvcDeps, caller: Caller, body: Record<string, unknown>): Promise<string> {
  const { repository } = deps
  const limit = await limitOf(deps, caller)
  const name = parseName(typeof body.name === 'string' ? body.name : undefined)
  const language = languageOf(body.language)
  const description = descriptionOf(body.description)
  const labels = labelsOf(body.labels)
  const voiceId = newId()
  const definition = draftDefinition(voiceId, name, language)
  const created = await repository.create(
    {
      id: voiceId,
      workspace_id: caller.workspaceId,
      owner_user_id: caller.userId,
      category: 'professional',
      name,
      description,
      labels: JSON.stringify({ ...labels, language }),
      language,
      definition: JSON.stringify(definition),
      settings: null,
      verified_languages: JSON.stringify([]),
      safety_control: null,
      sharing: null,
    },
    { voice_id: voiceId, workspace_id: caller.workspaceId, state: 'draft', captcha_text: null },
    limit,
  )
  if (!created) {
    throw new AppError('pvc_limit_reached', {
      message: `Your plan includes ${limit} professional voice clone${limit > 1 ? 's' : ''}, and all are in use. Delete one or upgrade.`,
    })
  }
  return voiceId
}

export async function update(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  body: Record<string, unknown>,
): Promise<void> {
  const { repository } = deps
  const voice = await voiceOf(deps, caller, voiceId)
  if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
  const set: { name?: string; description?: string | null; labels?: string; language?: string } = {}
  if (body.name !== undefined) set.name = parseName(typeof body.name === 'string' ? body.name : undefined)
  if (body.description !== undefined) set.description = descriptionOf(body.description)
  let language = voice.language ?? 'en'
  if (body.language !== undefined) {
    language = languageOf(body.language)
    // The samples were accepted as speech in the voice's language: all stay in one language.
    if (language !== voice.language && (await repository.samples(voiceId)).length > 0) {
      throw new AppError('pvc_language_mismatch', {
        message: `The samples of this voice are in '${voice.language}'. All samples must be in one language: delete them before changing the language to '${language}'.`,
        param: 'language',
      })
    }
    if (language !== voice.language && !EDITABLE_STATES.includes(voice.state as PvcState))
      throw new AppError('pvc_voice_busy')
    set.language = language
  }
  if (body.labels !== undefined || set.language) {
    const labels =
      body.labels !== undefined ? labelsOf(body.labels) : (voice.labels as Record<string, string>)
    set.labels = JSON.stringify({ ...labels, language })
  }
  await repository.updateVoice(voiceId, set)
}

/** The clone's flow as the web app shows it. */
export async function status(deps: PvcDeps, caller: Caller, voiceId: string) {
  const { repository } = deps
  const voice = await voiceOf(deps, caller, voiceId)
  const samples = await repository.samples(voiceId)
  return {
    voice_id: voiceId,
    name: voice.name,
    description: voice.description,
    language: voice.language,
    state: voice.state,
    verified: voice.verified,
    verification_attempts_count: voice.verification_attempts,
    verification_attempts_max: PVC_LIMITS.verificationAttemptsMax,
    manual_verification_requested: voice.manual_verification !== null,
    training_progress: voice.training_progress,
    training_error: voice.training_error,
    dataset_duration_seconds: Math.round(samples.reduce((s, x) => s + x.duration_seconds, 0) * 10) / 10,
    min_training_seconds: deps.minTrainingSeconds,
    samples: samples.map(sampleView),
  }
}
