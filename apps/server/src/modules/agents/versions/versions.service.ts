import { bindUseCases } from '../../../platform/use-cases.js'
import { createBranch, getBranch, getVersion, listBranches, updateBranch } from './branches.js'
import { createDeployment, listDeployments } from './deployments.js'
import { removeDraft, saveDraft } from './drafts.js'
import { mergeBranch, previewMerge } from './merges.js'
import type { VersioningDeps } from './versioning.js'

/** Agent versions, drafts, branches, the traffic split and merges. */
export function createVersionsService(deps: VersioningDeps) {
  return bindUseCases(deps, {
    listBranches,
    createBranch,
    getBranch,
    updateBranch,
    getVersion,
    saveDraft,
    removeDraft,
    createDeployment,
    listDeployments,
    previewMerge,
    mergeBranch,
  })
}

export type VersionsService = ReturnType<typeof createVersionsService>
