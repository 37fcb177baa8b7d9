import { bindUseCases } from '../../platform/use-cases.js'
import {
  apply,
  decideApplicant,
  eligibility,
  ingestCandidate,
  listApplicants,
  ownApplication,
  uploadApplicantFile,
} from './applicants.use-case.js'
import { claimTask, unclaimedTasks } from './claim-task.use-case.js'
import {
  deliverableFile,
  getTask,
  giveFeedback,
  listTasks,
  renameTask,
  taskMedia,
  taskWaveform,
} from './customer-tasks.use-case.js'
import { sweepDeadlines } from './deadlines.use-case.js'
import { decideEnterpriseQuote } from './enterprise-quote.use-case.js'
import { payWithCheckout } from './pay-checkout.use-case.js'
import { payWithCredits } from './pay-order.use-case.js'
import {
  acknowledgeFeedback,
  content,
  extendDeadline,
  feedbackOf,
  myTask,
  myTasks,
  producerStats,
  revokeTask,
  saveContent,
  submitTask,
} from './producer-work.use-case.js'
import type { ProductionsDeps } from './productions-deps.js'
import { enterpriseEstimate, quote } from './quote.use-case.js'
import { registerFromFile, registerFromTranscript } from './register-task.use-case.js'
import { reviewExtras, reviewTask, setPriority, underReview } from './review-task.use-case.js'
import { createTeam, getTeam, joinTeam, leaveTeam, teamTasks } from './teams.use-case.js'
import { subtitlesDiff, transcriptionDiff } from './work-diff.use-case.js'

/** The customers' side of the marketplace. */
export function createCustomerService(deps: ProductionsDeps) {
  return bindUseCases(deps, {
    registerFromFile,
    registerFromTranscript,
    quote,
    enterpriseEstimate,
    payWithCredits,
    payWithCheckout,
    decideEnterpriseQuote,
    getTask,
    listTasks,
    renameTask,
    deliverableFile,
    taskMedia,
    taskWaveform,
    giveFeedback,
  })
}

/** Producers, their applications, their work, and its review. */
export function createProducerService(deps: ProductionsDeps) {
  return bindUseCases(deps, {
    uploadApplicantFile,
    eligibility,
    apply,
    ownApplication,
    listApplicants,
    decideApplicant,
    ingestCandidate,
    unclaimedTasks,
    claimTask,
    myTasks,
    myTask,
    content,
    saveContent,
    submitTask,
    revokeTask,
    extendDeadline,
    feedbackOf,
    acknowledgeFeedback,
    producerStats,
    underReview,
    reviewExtras,
    reviewTask,
    setPriority,
    sweepDeadlines,
    createTeam,
    getTeam,
    joinTeam,
    leaveTeam,
    teamTasks,
    transcriptionDiff,
    subtitlesDiff,
  })
}

export type CustomerService = ReturnType<typeof createCustomerService>
export type ProducerService = ReturnType<typeof createProducerService>
