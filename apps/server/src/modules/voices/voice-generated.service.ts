import { maxVoiceAddEdits, PLAN_LIMITS, PLANS, type Tier } from '@timbre/contract'
import type { VoiceDefinition } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { monthStart } from './voice-clone.service.js'
import { verifiedLanguagesOf } from './voice-definition.js'
import { parseLabels, parseName } from './voice-edit.service.js'
import { VOICE_LIMITS } from './voice-limits.js'
import type { VoicesRepository } from './voices.repository.js'
import type { VoiceView } from './voices.schemas.js'
import type { Caller, VoicesService } from './voices.service.js'

// Voices made by voice design or remix ("generated"): the same plan voice limit and monthly
// add/edit counter as cloning, checked again inside the transaction that inserts the voice.

export interface GeneratedVoiceInput {
  name: string
  description: string
  labels: Record<string, string>
  definition: VoiceDefinition
}

export function createGeneratedVoices(deps: {
  repository: VoicesRepository
  voices: VoicesService
  tierOf: (workspaceId: string) => Promise<string>
}) {
  const { repository } = deps

  async function voiceLimit(workspaceId: string): Promise<number> {
    const raw = await deps.tierOf(workspaceId)
    return PLAN_LIMITS[(raw in PLANS ? raw : 'free') as Tier].voiceLimit
  }

  function limitReached(limit: number): AppError {
    return new AppError('voice_limit_reached', {
      message: `You have reached the maximum of ${limit} custom voices for your plan. Delete a voice or upgrade.`,
    })
  }

  return {
    /** Refuses before any work when the workspace has no free voice slot or add/edit left. */
    async checkRoom(workspaceId: string): Promise<void> {
      const limit = await voiceLimit(workspaceId)
      if ((await repository.countOwned(workspaceId)) >= limit) throw limitReached(limit)
      const maxAddEdits = maxVoiceAddEdits(limit)
      if ((await repository.countAddEditsSince(workspaceId, monthStart())) >= maxAddEdits) {
        throw new AppError('voice_add_edit_limit_reached', {
          message: `You have used all ${maxAddEdits} voice additions and edits of your plan this month.`,
        })
      }
    },

    async create(caller: Caller, input: GeneratedVoiceInput): Promise<VoiceView> {
      const name = parseName(input.name)
      const description = input.description.trim()
      if (description.length > VOICE_LIMITS.descriptionMax) {
        throw new AppError('validation_error', {
          message: `voice_description is at most ${VOICE_LIMITS.descriptionMax} characters.`,
          param: 'voice_description',
        })
      }
      const labels = parseLabels(JSON.stringify(input.labels))
      await this.checkRoom(caller.workspaceId)
      const limit = await voiceLimit(caller.workspaceId)
      const voiceId = newId()
      const definition: VoiceDefinition = { ...input.definition, voice_id: voiceId, name, description }
      const saved = await repository.createOwned(
        {
          id: voiceId,
          workspace_id: caller.workspaceId,
          owner_user_id: caller.userId,
          category: 'generated',
          name,
          description: description || null,
          labels: JSON.stringify({ ...pickLabels(definition), ...labels }),
          language: definition.language,
          definition: JSON.stringify(definition),
          settings: null,
          verified_languages: JSON.stringify(verifiedLanguagesOf(definition)),
          safety_control: null,
          sharing: null,
        },
        [],
        limit,
      )
      if (!saved) throw limitReached(limit)
      return deps.voices.get(caller, voiceId, true)
    },
  }
}

/** The descriptive labels a design gave its voice (gender, age, accent, language). */
function pickLabels(definition: VoiceDefinition): Record<string, string> {
  const { gender, age, accent, descriptive } = definition.labels
  return { gender, age, accent, descriptive, language: definition.language }
}

export type GeneratedVoices = ReturnType<typeof createGeneratedVoices>
