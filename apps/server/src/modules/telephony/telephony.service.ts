import { bindUseCases } from '../../platform/use-cases.js'
import { cancelBatch, getBatch, listBatches, retryBatch, submitBatch } from './batch-calls.js'
import { outboundCall } from './outbound-calls.js'
import {
  createPhoneNumber,
  deletePhoneNumber,
  getPhoneNumber,
  listPhoneNumbers,
  updatePhoneNumber,
} from './phone-numbers.js'
import type { TelephonyDeps } from './telephony.deps.js'

/** Phone numbers, outbound calls and batch calls. */
export function createTelephonyService(deps: TelephonyDeps) {
  return bindUseCases(deps, {
    createPhoneNumber,
    getPhoneNumber,
    listPhoneNumbers,
    updatePhoneNumber,
    deletePhoneNumber,
    outboundCall,
    submitBatch,
    getBatch,
    listBatches,
    cancelBatch,
    retryBatch,
  })
}

export type TelephonyService = ReturnType<typeof createTelephonyService>
