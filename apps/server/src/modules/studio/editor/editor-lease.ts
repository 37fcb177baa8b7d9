import { STUDIO_EDITOR_LEASE_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { requireEditableProject } from '../project-access.js'
import type { Workspace } from '../project-rules.js'
import type { StudioDeps } from '../studio-deps.js'
import type { EditorLeaseRepository } from './editor-lease.repository.js'

// Studio does not support multiple editors or tabs: the web editor holds a project's lease while
// it is open (renewing it), and another browser opening the project is refused with the spec's
// message until the lease is given up or runs out. The public API's saves do not need the lease
// (they are version-checked), so scripts keep working beside an open editor.

export interface EditorLeaseDeps extends StudioDeps {
  leases: EditorLeaseRepository
}

export async function takeEditorLease(
  deps: EditorLeaseDeps,
  principal: Workspace,
  projectId: string,
  holder: string,
) {
  const project = await requireEditableProject(deps, principal, projectId)
  if (!(await deps.leases.take(project.id, holder, principal.userId, STUDIO_EDITOR_LEASE_SECONDS)))
    throw new AppError('studio_editor_in_use')
  return { holder, expires_in_seconds: STUDIO_EDITOR_LEASE_SECONDS }
}

export async function releaseEditorLease(
  deps: EditorLeaseDeps,
  principal: Workspace,
  projectId: string,
  holder: string,
) {
  const project = await requireEditableProject(deps, principal, projectId)
  await deps.leases.release(project.id, holder)
  return { status: 'ok' as const }
}
