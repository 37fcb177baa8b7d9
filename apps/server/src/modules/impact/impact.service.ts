import { bindUseCases } from '../../platform/use-cases.js'
import {
  apply,
  createPartner,
  listPartners,
  partnerApplications,
  review,
  userApplications,
} from './impact-applications.js'
import type { ImpactDeps } from './impact-deps.js'

export function createImpactService(deps: ImpactDeps) {
  return bindUseCases(deps, {
    listPartners,
    apply,
    userApplications,
    partnerApplications,
    review,
    createPartner,
  })
}

export type ImpactService = ReturnType<typeof createImpactService>
