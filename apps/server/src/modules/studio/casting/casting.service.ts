import { bindUseCases } from '../../../platform/use-cases.js'
import { applyCast, type CastingDeps, detectCast, getCast, setCastVoice } from './casting.js'

export function createCastingService(deps: CastingDeps) {
  return bindUseCases(deps, { getCast, detectCast, applyCast, setCastVoice })
}

export type CastingService = ReturnType<typeof createCastingService>
