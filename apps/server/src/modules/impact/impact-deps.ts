import type { BillingPorts } from '../billing/billing.module.js'
import type { ImpactRepository } from './impact.repository.js'

export interface ImpactDeps {
  repository: ImpactRepository
  /** Approval grants the partner's benefit as a grant offer (billing). */
  issueGrantOffer: BillingPorts['issueGrantOffer']
  now(): Date
}
