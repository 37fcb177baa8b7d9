import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { DubRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'

// What every editor call starts from: the caller's dub, finished (an edit while the pipeline
// runs would be overwritten by it).

export async function editableDub(deps: DubbingDeps, principal: Principal, dubId: string): Promise<DubRow> {
  const dub = await deps.repository.find(principal.workspaceId, dubId)
  if (!dub) throw new AppError('dubbing_not_found', { param: 'dubbing_id' })
  if (dub.status === 'queued' || dub.status === 'running') throw new AppError('dubbing_in_progress')
  return dub
}

export function checkLanguage(dub: DubRow, language: string): void {
  if (!dub.target_languages.includes(language))
    throw new AppError('dubbing_language_not_found', { param: 'language' })
}
