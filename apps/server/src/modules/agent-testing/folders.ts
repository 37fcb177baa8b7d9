import { AGENT_TEST_FOLDER_DEPTH_MAX } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { AgentTestingDeps } from './agent-testing.deps.js'
import type { FolderPath } from './views.js'

/** The folders from the top down to `folderId` (itself included). */
export async function folderPathOf(
  deps: AgentTestingDeps,
  workspaceId: string,
  folderId: string | null,
): Promise<FolderPath> {
  const path: FolderPath = []
  let next = folderId
  while (next && path.length <= AGENT_TEST_FOLDER_DEPTH_MAX) {
    const folder = await deps.tests.findFolder(workspaceId, next)
    if (!folder) break
    path.unshift({ id: folder.id, name: folder.name })
    next = folder.parent_id
  }
  return path
}

async function folderView(deps: AgentTestingDeps, principal: Principal, folderId: string) {
  const folder = await deps.tests.findFolder(principal.workspaceId, folderId)
  if (!folder) throw new AppError('agent_test_folder_not_found')
  return {
    id: folder.id,
    name: folder.name,
    folder_path: await folderPathOf(deps, principal.workspaceId, folder.parent_id),
    children_count: folder.children_count,
  }
}

export async function createFolder(
  deps: AgentTestingDeps,
  principal: Principal,
  body: { name: string; parent_folder_id?: string | null | undefined },
) {
  const parentId = body.parent_folder_id ?? null
  if (parentId) {
    if (!(await deps.tests.findFolder(principal.workspaceId, parentId)))
      throw new AppError('agent_test_folder_not_found', { param: 'parent_folder_id' })
    const depth = (await folderPathOf(deps, principal.workspaceId, parentId)).length
    if (depth >= AGENT_TEST_FOLDER_DEPTH_MAX)
      throw new AppError('agent_test_invalid', {
        message: `Folders nest at most ${AGENT_TEST_FOLDER_DEPTH_MAX} deep.`,
        param: 'parent_folder_id',
      })
  }
  const id = newId()
  await deps.tests.insertFolder({
    id,
    workspaceId: principal.workspaceId,
    createdBy: principal.userId,
    parentId,
    name: body.name,
  })
  return { id, name: body.name }
}

export const getFolder = folderView

export async function renameFolder(
  deps: AgentTestingDeps,
  principal: Principal,
  folderId: string,
  name: string,
) {
  if (!(await deps.tests.findFolder(principal.workspaceId, folderId)))
    throw new AppError('agent_test_folder_not_found')
  await deps.tests.renameFolder(principal.workspaceId, folderId, name)
  return folderView(deps, principal, folderId)
}

/** A folder that holds tests or folders is deleted only with force, and takes them with it. */
export async function deleteFolder(
  deps: AgentTestingDeps,
  principal: Principal,
  folderId: string,
  force: boolean,
) {
  const folder = await deps.tests.findFolder(principal.workspaceId, folderId)
  if (!folder) throw new AppError('agent_test_folder_not_found')
  if (folder.children_count > 0 && !force) throw new AppError('agent_test_folder_not_empty')
  await deps.tests.deleteFolder(principal.workspaceId, folderId)
}
