import { CONSENT_TEXTS } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin } from '../../plugins/workspace-roles.js'
import type { ConsentDeps } from './consent-deps.js'

// Enterprise and trial workspaces start opted out of model training; the others opted in.
const OPTED_OUT_BY_DEFAULT = ['enterprise', 'trial']

/** The workspace's training opt-out, and whether this caller may change it (admins only). */
export async function trainingOptOut(deps: ConsentDeps, principal: Principal) {
  const row = await deps.repository.trainingOptOut(principal.workspaceId)
  const value = row ? row.opted_out : OPTED_OUT_BY_DEFAULT.includes(await deps.tierOf(principal.workspaceId))
  return {
    training_opt_out: {
      value,
      timestamp_unix: row ? Math.floor(row.updated_at.getTime() / 1000) : null,
    },
    can_change: isAdmin(principal),
  }
}

/** "Improve the models for everyone" is the inverse of the opt-out; only admins change it. */
export async function updateTrainingOptOut(deps: ConsentDeps, principal: Principal, optOut: boolean) {
  if (!isAdmin(principal)) throw new AppError('training_opt_out_admin_only')
  await deps.repository.setTrainingOptOut(principal.workspaceId, optOut, principal.userId, deps.now())
  return { ...(await trainingOptOut(deps, principal)), message: CONSENT_TEXTS.trainingOptOutSuccess }
}
