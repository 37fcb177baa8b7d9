import { bindUseCases } from '../../platform/use-cases.js'
import {
  grantAlphaAccess,
  hasAlphaAccess,
  listAlphaAccess,
  requestAlphaAccess,
  revokeAlphaAccess,
} from './alpha-access.js'
import { acceptBipaTerms, requireBipaTerms, setCcpaOptOut } from './bipa-terms.js'
import type { ConsentDeps } from './consent-deps.js'
import { acceptTerms, consentStatus } from './consent-status.js'
import { confirmEmailChange, revertEmailChange, sendEmailChangeCode } from './email-change.js'
import { publicUserName, updatePublicUserName } from './public-name.js'
import { publishTerms } from './terms-publishing.js'
import { trainingOptOut, updateTrainingOptOut } from './training-opt-out.js'

export function createConsentService(deps: ConsentDeps) {
  return bindUseCases(deps, {
    consentStatus,
    acceptTerms,
    acceptBipaTerms,
    requireBipaTerms,
    setCcpaOptOut,
    trainingOptOut,
    updateTrainingOptOut,
    sendEmailChangeCode,
    confirmEmailChange,
    revertEmailChange,
    publicUserName,
    updatePublicUserName,
    hasAlphaAccess,
    requestAlphaAccess,
    listAlphaAccess,
    grantAlphaAccess,
    revokeAlphaAccess,
    publishTerms,
  })
}

export type ConsentService = ReturnType<typeof createConsentService>
