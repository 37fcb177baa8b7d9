import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { requireAdmin } from './access.js'
import type { ProductionsDeps } from './productions-deps.js'
import type { Qualification } from './qualifications.js'
import { scoreAnswers } from './questionnaires.js'
import { sniffDocument, sniffVideo } from './upload-sniff.js'

// Becoming a producer: upload a video and a CV (checked by their bytes), apply with the form,
// and be reviewed by an administrator, who may also ingest candidates found elsewhere.

export async function uploadApplicantFile(
  deps: ProductionsDeps,
  principal: Principal,
  kind: 'video' | 'cv',
  file: { data: Buffer },
) {
  const contentType = kind === 'video' ? sniffVideo(file.data) : sniffDocument(file.data)
  if (!contentType)
    throw new AppError(kind === 'video' ? 'production_upload_invalid' : 'production_cv_invalid')
  const id = newId()
  const key = `productions/applicants/${principal.userId}/${id}`
  await deps.storage.put(key, file.data)
  await deps.producers.insertUpload({
    id,
    user_id: principal.userId,
    kind,
    storage_key: key,
    content_type: contentType,
    bytes: file.data.length,
    created_at: deps.now(),
  })
  return { upload_id: id, content_type: contentType }
}

export interface ApplicationForm {
  firstName: string
  email: string
  startDate: string
  context: string
  qualifications: { base: Qualification['base']; language: string }[]
  videoUploadId: string | null
  cvUploadId: string | null
  questionnaireAnswers: { question_id: string; option: number }[]
}

export async function eligibility(deps: ProductionsDeps, principal: Principal) {
  const [applicant, producer] = await Promise.all([
    deps.producers.applicantOf(principal.userId),
    deps.producers.producer(principal.userId),
  ])
  if (producer) return { eligible: false, reason: 'already_producer', is_producer: true }
  if (applicant) return { eligible: false, reason: `application_${applicant.status}`, is_producer: false }
  if (!principal.emailVerified) return { eligible: false, reason: 'email_not_verified', is_producer: false }
  return { eligible: true, reason: null, is_producer: false }
}

export async function apply(deps: ProductionsDeps, principal: Principal, form: ApplicationForm) {
  if (form.qualifications.length === 0) throw new AppError('production_qualification_required')
  const score = scoreAnswers(
    form.qualifications.map((q) => q.base),
    form.questionnaireAnswers,
  )
  for (const [id, kind] of [
    [form.videoUploadId, 'video'],
    [form.cvUploadId, 'cv'],
  ] as const) {
    if (id && !(await deps.producers.upload(principal.userId, id, kind)))
      throw new AppError('production_upload_not_found', { param: `${kind}_upload_id` })
  }
  const id = newId()
  const inserted = await deps.producers.insertApplicant({
    id,
    user_id: principal.userId,
    first_name: form.firstName,
    email: form.email,
    start_date: form.startDate,
    context: form.context,
    qualifications: JSON.stringify(form.qualifications),
    video_upload_id: form.videoUploadId,
    cv_upload_id: form.cvUploadId,
    questionnaire_answers: JSON.stringify(form.questionnaireAnswers),
    questionnaire_score: score,
    source: 'application',
    status: 'pending',
    created_at: deps.now(),
  })
  if (!inserted) throw new AppError('production_applicant_exists')
  return { applicant_id: id, status: 'pending', questionnaire_score: score }
}

function applicantView(row: NonNullable<Awaited<ReturnType<ProductionsDeps['producers']['applicant']>>>) {
  return {
    applicant_id: row.id,
    user_id: row.user_id,
    first_name: row.first_name,
    email: row.email,
    start_date: row.start_date,
    context: row.context,
    qualifications: (typeof row.qualifications === 'string'
      ? JSON.parse(row.qualifications)
      : row.qualifications) as { base: string; language: string }[],
    has_video: row.video_upload_id !== null,
    has_cv: row.cv_upload_id !== null,
    questionnaire_score: row.questionnaire_score,
    source: row.source,
    status: row.status,
    created_at_unix: Math.floor(new Date(row.created_at).getTime() / 1000),
  }
}

/** Administrators: applications, pending first by default. */
export async function listApplicants(deps: ProductionsDeps, principal: Principal, status: string | null) {
  requireAdmin(deps, principal)
  return { applicants: (await deps.producers.applicants(status)).map(applicantView) }
}

/** The caller's own application, if any. */
export async function ownApplication(deps: ProductionsDeps, principal: Principal) {
  const row = await deps.producers.applicantOf(principal.userId)
  return { applicant: row ? applicantView(row) : null }
}

/** Approving makes the applicant a producer with the qualifications applied for. */
export async function decideApplicant(
  deps: ProductionsDeps,
  principal: Principal,
  applicantId: string,
  decision: 'approve' | 'reject',
) {
  requireAdmin(deps, principal)
  const row = await deps.producers.applicant(applicantId)
  if (!row) throw new AppError('production_not_found', { param: 'applicantId' })
  const applied = applicantView(row).qualifications
  const qualifications: Qualification[] = applied.map((q) => ({
    base: q.base as Qualification['base'],
    language: q.language,
    review: false,
    extra_tags: [],
    score: null,
  }))
  const status = decision === 'approve' ? 'approved' : 'rejected'
  const done = await deps.producers.decide(
    row.id,
    { status, reviewerId: principal.userId, at: deps.now() },
    decision === 'approve' ? { userId: row.user_id, qualifications } : null,
  )
  if (!done) throw new AppError('production_applicant_decided')
  return { applicant_id: row.id, status }
}

/** An administrator adds a candidate with an account (by email) as a pending applicant. */
export async function ingestCandidate(
  deps: ProductionsDeps,
  principal: Principal,
  input: Omit<ApplicationForm, 'videoUploadId' | 'cvUploadId' | 'questionnaireAnswers'>,
) {
  requireAdmin(deps, principal)
  if (input.qualifications.length === 0) throw new AppError('production_qualification_required')
  const user = await deps.producers.userByEmail(input.email)
  if (!user)
    throw new AppError('production_not_found', { param: 'email', message: 'No account has this email.' })
  const id = newId()
  const inserted = await deps.producers.insertApplicant({
    id,
    user_id: user.id,
    first_name: input.firstName,
    email: input.email,
    start_date: input.startDate,
    context: input.context,
    qualifications: JSON.stringify(input.qualifications),
    video_upload_id: null,
    cv_upload_id: null,
    source: 'ingestion',
    status: 'pending',
    created_at: deps.now(),
  })
  if (!inserted) throw new AppError('production_applicant_exists')
  return { applicant_id: id, status: 'pending' }
}
