import type { ImpactDecision } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { ImpactDeps } from './impact-deps.js'

type ApplicationRow = Awaited<ReturnType<ImpactDeps['repository']['ofUser']>>[number]

const unix = (at: Date) => Math.floor(at.getTime() / 1000)

function applicationView(row: ApplicationRow, forReviewer: boolean) {
  return {
    application_id: row.id,
    partner_id: row.partner_id,
    partner_name: row.partner_name,
    organisation: row.organisation,
    statement: row.statement,
    status: row.status,
    review_message: row.review_message,
    // The grant code is the applicant's to redeem; the reviewer sees the applicant instead.
    grant_code: forReviewer ? null : row.grant_code,
    applicant_email: forReviewer ? row.applicant_email : null,
    created_at_unix: unix(row.created_at),
    updated_at_unix: unix(row.updated_at),
  }
}

export async function listPartners(deps: ImpactDeps) {
  const partners = await deps.repository.partners()
  return {
    partners: partners.map((p) => ({
      partner_id: p.id,
      name: p.name,
      description: p.description,
      category: p.category,
      benefit: { tier: p.benefit_tier, duration_months: p.benefit_months },
    })),
  }
}

/**
 * Applying to a partner: one application per partner. When the partner asked for more, the
 * same call answers it and the application is pending again.
 */
export async function apply(
  deps: ImpactDeps,
  principal: Principal,
  form: { partner_id: string; organisation: string; statement: string },
) {
  if (!(await deps.repository.partner(form.partner_id)))
    throw new AppError('impact_partner_not_found', { param: 'partner_id' })
  const now = deps.now()
  const existing = await deps.repository.existing(principal.userId, form.partner_id)
  if (existing) {
    if (!(await deps.repository.answer(existing.id, form.organisation, form.statement, now)))
      throw new AppError('impact_application_open')
    return { application_id: existing.id, status: 'pending' }
  }
  const id = newId()
  const inserted = await deps.repository.insertApplication({
    id,
    partner_id: form.partner_id,
    user_id: principal.userId,
    organisation: form.organisation,
    statement: form.statement,
    status: 'pending',
    review_message: null,
    grant_code: null,
    created_at: now,
    updated_at: now,
  })
  if (!inserted) throw new AppError('impact_application_open')
  return { application_id: id, status: 'pending' }
}

export async function userApplications(deps: ImpactDeps, principal: Principal) {
  return {
    applications: (await deps.repository.ofUser(principal.userId)).map((r) => applicationView(r, false)),
  }
}

/** The applications to the partners this user reviews for. */
export async function partnerApplications(deps: ImpactDeps, principal: Principal) {
  return {
    applications: (await deps.repository.ofReviewer(principal.email)).map((r) => applicationView(r, true)),
  }
}

const STATUS_OF: Record<ImpactDecision, string> = {
  approve: 'approved',
  reject: 'rejected',
  request_more_info: 'more_info_requested',
}

/**
 * A partner's decision. Approve issues the partner's benefit as a grant offer whose code the
 * applicant redeems; approved and rejected applications are final.
 */
export async function review(
  deps: ImpactDeps,
  principal: Principal,
  applicationId: string,
  decision: { decision: ImpactDecision; message?: string | undefined },
) {
  const row = await deps.repository.withPartner(applicationId)
  if (!row) throw new AppError('impact_application_not_found')
  if (row.reviewer_email.toLowerCase() !== principal.email.toLowerCase())
    throw new AppError('impact_not_reviewer')
  if (row.status === 'approved' || row.status === 'rejected') throw new AppError('impact_application_decided')
  const message = decision.message?.trim() || null
  if (decision.decision === 'request_more_info' && !message)
    throw new AppError('impact_message_required', { param: 'message' })
  const grant =
    decision.decision === 'approve'
      ? await deps.issueGrantOffer({
          tier: row.benefit_tier as 'grant_tier_1' | 'grant_tier_2',
          duration_months: row.benefit_months,
        })
      : null
  const decided = await deps.repository.decide(applicationId, {
    status: STATUS_OF[decision.decision],
    review_message: message,
    grant_code: grant?.code ?? null,
    updated_at: deps.now(),
  })
  if (!decided) throw new AppError('impact_application_decided')
  return { application_id: applicationId, status: STATUS_OF[decision.decision] }
}

/** The operator lists a partner, its reviewer and the benefit an approval grants. */
export async function createPartner(
  deps: ImpactDeps,
  input: {
    name: string
    description: string
    category: string
    reviewer_email: string
    benefit: { tier: string; duration_months: number }
  },
) {
  const id = newId()
  await deps.repository.insertPartner({
    id,
    name: input.name,
    description: input.description,
    category: input.category,
    reviewer_email: input.reviewer_email,
    benefit_tier: input.benefit.tier,
    benefit_months: input.benefit.duration_months,
    created_at: deps.now(),
  })
  return { partner_id: id }
}
