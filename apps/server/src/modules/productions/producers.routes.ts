import { PRODUCER_CV_MAX_BYTES, PRODUCER_VIDEO_MAX_BYTES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import { isAdmin, requireAdmin, requireProducer } from './access.js'
import {
  applicationBody,
  grantedQualification,
  person,
  producerParams,
  producerTaskParams,
  reviewBody,
  tags,
} from './productions.schemas.js'
import type { ProducerService } from './productions.service.js'
import type { ProductionsDeps } from './productions-deps.js'
import { parseQualifications, qualificationCatalogue } from './qualifications.js'
import { questionnaireView } from './questionnaires.js'

const any = { 200: z.any() }
const uploadForm = (maxBytes: number, what: string) =>
  multipartForm({ files: { file: { description: what, maxBytes, required: true } }, fields: {} })
const videoForm = uploadForm(PRODUCER_VIDEO_MAX_BYTES, 'An introduction video (MP4, MOV, WebM or AVI).')
const cvForm = uploadForm(PRODUCER_CV_MAX_BYTES, 'A CV (PDF, DOCX, DOC, ODT, RTF or text).')
const producerBase = '/v1/productions/producers/:userId/tasks/:taskId'

/** Applying to become a producer, and administrators deciding applications. */
function applicantRoutes(service: ProducerService, deps: ProductionsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, kind, form] of [
      ['/v1/producer-applicants/videos/upload', 'video', videoForm],
      ['/v1/producer-applicants/cv/upload', 'cv', cvForm],
    ] as const) {
      app.post(
        path,
        {
          config: { ...person, multipart: form },
          schema: { tags, summary: `Upload an applicant's ${kind}`, response: any },
        },
        async (request) => {
          const principal = requirePrincipal(request)
          const file = (await readMultipart(request, form)).file('file')
          if (!file)
            throw new AppError('validation_error', {
              message: "The field 'file' is required.",
              param: 'file',
            })
          return service.uploadApplicantFile(principal, kind, file)
        },
      )
    }
    app.get(
      '/v1/productions/producer-applicants/eligibility',
      { config: person, schema: { tags, summary: 'Whether the caller may apply', response: any } },
      async (request) => service.eligibility(requirePrincipal(request)),
    )
    app.post(
      '/v1/productions/producer-applicants',
      {
        config: person,
        schema: {
          tags,
          summary: 'Apply to become a producer',
          body: applicationBody,
          response: { 201: z.any() },
        },
      },
      async (request, reply) => {
        const b = request.body
        const view = await service.apply(requirePrincipal(request), {
          firstName: b.first_name,
          email: b.email,
          startDate: b.start_date,
          context: b.context,
          qualifications: b.qualifications,
          videoUploadId: b.video_upload_id,
          cvUploadId: b.cv_upload_id,
          questionnaireAnswers: b.questionnaire_answers,
        })
        return reply.code(201).send(view)
      },
    )
    app.get(
      '/v1/productions/producer-applicants',
      {
        config: person,
        schema: {
          tags,
          summary: 'Administrators: applications (pending by default); others: their own',
          querystring: z.object({
            status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
          }),
          response: any,
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        if (!isAdmin(deps, principal)) return service.ownApplication(principal)
        return service.listApplicants(principal, request.query.status === 'all' ? null : request.query.status)
      },
    )
    app.get(
      '/v1/productions/producer-applicants/owners',
      { config: person, schema: { tags, summary: 'Who reviews applications', response: any } },
      async (request) => {
        requireAdmin(deps, requirePrincipal(request))
        return { owners: deps.admins.map((email) => ({ email })) }
      },
    )
    app.put(
      '/v1/productions/producer-applicants/:applicantId',
      {
        config: person,
        schema: {
          tags,
          summary: 'Approve or reject an application',
          params: z.object({ applicantId: z.string().min(1).max(64) }),
          body: z.strictObject({ decision: z.enum(['approve', 'reject']) }),
          response: any,
        },
      },
      async (request) =>
        service.decideApplicant(requirePrincipal(request), request.params.applicantId, request.body.decision),
    )
    app.post(
      '/v1/productions/candidate-ingestion',
      {
        config: person,
        schema: {
          tags,
          summary: 'Add a candidate as a pending applicant',
          body: applicationBody.omit({
            video_upload_id: true,
            cv_upload_id: true,
            questionnaire_answers: true,
          }),
          response: { 201: z.any() },
        },
      },
      async (request, reply) => {
        const b = request.body
        const view = await service.ingestCandidate(requirePrincipal(request), {
          firstName: b.first_name,
          email: b.email,
          startDate: b.start_date,
          context: b.context,
          qualifications: b.qualifications,
        })
        return reply.code(201).send(view)
      },
    )
  }
}

/** Producers, their stats and qualifications, the board, and the review queue. */
function producerProfileRoutes(service: ProducerService, deps: ProductionsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/productions/producers/:userId',
      { config: person, schema: { tags, summary: 'A producer', params: producerParams, response: any } },
      async (request) => {
        const principal = requirePrincipal(request)
        const userId = request.params.userId === 'me' ? principal.userId : request.params.userId
        if (userId !== principal.userId) requireAdmin(deps, principal)
        const row = await deps.producers.producer(userId)
        return {
          user_id: userId,
          is_producer: row !== undefined,
          is_admin: isAdmin(deps, principal),
          team_id: row?.team_id ?? null,
          qualifications: row ? parseQualifications(row.qualifications) : [],
        }
      },
    )
    app.get(
      '/v1/productions/producers/:userId/stats',
      {
        config: person,
        schema: {
          tags,
          summary: "A producer's earnings and outcomes",
          params: producerParams,
          response: any,
        },
      },
      async (request) => service.producerStats(requirePrincipal(request), request.params.userId),
    )
    app.put(
      '/v1/productions/producers/:userId/qualifications',
      {
        config: person,
        schema: {
          tags,
          summary: "Set a producer's qualifications",
          params: producerParams,
          body: z.strictObject({ qualifications: z.array(grantedQualification).max(50) }),
          response: any,
        },
      },
      async (request) => {
        requireAdmin(deps, requirePrincipal(request))
        if (!(await deps.producers.setQualifications(request.params.userId, request.body.qualifications)))
          throw new AppError('production_not_found', { param: 'userId' })
        return { user_id: request.params.userId, qualifications: request.body.qualifications }
      },
    )
    app.get(
      '/v1/productions/qualifications',
      { config: person, schema: { tags, summary: "The caller's qualifications", response: any } },
      async (request) => {
        const producer = await requireProducer(deps, requirePrincipal(request), 'me')
        return { qualifications: producer.qualifications }
      },
    )
    app.get(
      '/v1/productions/labeling/questionnaires/:questionnaireId',
      {
        config: person,
        schema: {
          tags,
          summary: 'A qualification questionnaire applicants answer',
          params: z.object({ questionnaireId: z.string().min(1).max(64) }),
          response: any,
        },
      },
      async (request) => questionnaireView(request.params.questionnaireId),
    )
    app.get(
      '/v1/productions/qualifications/all',
      { config: person, schema: { tags, summary: 'Every qualification', response: any } },
      async () => ({ qualifications: qualificationCatalogue() }),
    )
    app.get(
      '/v1/productions/tasks/unclaimed',
      {
        config: person,
        schema: { tags, summary: 'Tasks waiting for a producer the caller is qualified for', response: any },
      },
      async (request) => service.unclaimedTasks(requirePrincipal(request)),
    )
    app.get(
      '/v1/productions/tasks/all',
      {
        config: person,
        schema: { tags, summary: 'Administrators: work under review and on the board', response: any },
      },
      async (request) => service.underReview(requirePrincipal(request)),
    )
    app.put(
      '/v1/productions/tasks/:descriptionId/priority',
      {
        config: person,
        schema: {
          tags,
          summary: "Set a task's priority",
          params: z.object({ descriptionId: z.string().min(1).max(64) }),
          body: z.strictObject({ priority: z.number().int().min(0).max(100) }),
          response: any,
        },
      },
      async (request) =>
        service.setPriority(requirePrincipal(request), request.params.descriptionId, request.body.priority),
    )
    app.get(
      '/v1/productions/producers/:userId/tasks',
      {
        config: person,
        schema: { tags, summary: "A producer's claims", params: producerParams, response: any },
      },
      async (request) => service.myTasks(requirePrincipal(request), request.params.userId),
    )
    app.post(
      `${producerBase}/claim`,
      {
        config: person,
        schema: { tags, summary: 'Claim an unclaimed task', params: producerTaskParams, response: any },
      },
      async (request) =>
        service.claimTask(requirePrincipal(request), request.params.userId, request.params.taskId),
    )
  }
}

/** A producer's claims and their work, and the review of it. */
function claimRoutes(service: ProducerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      producerBase,
      { config: person, schema: { tags, summary: 'A claim', params: producerTaskParams, response: any } },
      async (request) =>
        service.myTask(requirePrincipal(request), request.params.userId, request.params.taskId),
    )
    app.get(
      `${producerBase}/content`,
      {
        config: person,
        schema: { tags, summary: 'The working copy', params: producerTaskParams, response: any },
      },
      async (request) =>
        service.content(requirePrincipal(request), request.params.userId, request.params.taskId),
    )
    app.put(
      `${producerBase}/content`,
      {
        config: person,
        schema: {
          tags,
          summary: 'Save: record the version of the working copy',
          params: producerTaskParams,
          body: z.strictObject({ version: z.number().int().min(0) }),
          response: any,
        },
      },
      async (request) =>
        service.saveContent(
          requirePrincipal(request),
          request.params.userId,
          request.params.taskId,
          request.body.version,
        ),
    )
    const action = (
      suffix: string,
      summary: string,
      run: (
        principal: ReturnType<typeof requirePrincipal>,
        userId: string,
        taskId: string,
      ) => Promise<unknown>,
    ) =>
      app.put(
        `${producerBase}/${suffix}`,
        { config: person, schema: { tags, summary, params: producerTaskParams, response: any } },
        async (request) => run(requirePrincipal(request), request.params.userId, request.params.taskId),
      )
    action('submit', 'Submit the work for review', service.submitTask)
    action('revoke', 'Give the task back', service.revokeTask)
    action('extend-deadline', 'Extend the deadline', service.extendDeadline)
    action('feedback/ack', "Acknowledge the reviewer's feedback", service.acknowledgeFeedback)
    app.get(
      `${producerBase}/feedback`,
      {
        config: person,
        schema: { tags, summary: "The reviewer's feedback", params: producerTaskParams, response: any },
      },
      async (request) =>
        service.feedbackOf(requirePrincipal(request), request.params.userId, request.params.taskId),
    )
    app.put(
      `${producerBase}/feedback`,
      {
        config: person,
        schema: {
          tags,
          summary: 'Review the work: approve or reject, with feedback',
          params: producerTaskParams,
          body: reviewBody,
          response: any,
        },
      },
      async (request) =>
        service.reviewTask(requirePrincipal(request), {
          userId: request.params.userId,
          taskId: request.params.taskId,
          decision: request.body.decision,
          feedback: request.body.feedback,
        }),
    )
    for (const [suffix, summary, run] of [
      ['transcription/diff', 'The words changed from the machine transcript', service.transcriptionDiff],
      ['subtitles/diff', 'The subtitle cues changed from the machine transcript', service.subtitlesDiff],
    ] as const)
      app.get(
        `${producerBase}/${suffix}`,
        { config: person, schema: { tags, summary, params: producerTaskParams, response: any } },
        async (request) => run(requirePrincipal(request), request.params.userId, request.params.taskId),
      )
    app.get(
      `${producerBase}/review-extras`,
      {
        config: person,
        schema: {
          tags,
          summary: 'The submitted text and subtitles',
          params: producerTaskParams,
          response: any,
        },
      },
      async (request) =>
        service.reviewExtras(requirePrincipal(request), request.params.userId, request.params.taskId),
    )
  }
}

/** Producers: applying, the board, claims and their work; administrators: review and qualifications. */
export function producerRoutes(service: ProducerService, deps: ProductionsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(applicantRoutes(service, deps))
    await app.register(producerProfileRoutes(service, deps))
    await app.register(claimRoutes(service))
  }
}
