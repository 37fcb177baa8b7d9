import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { SiteAddress } from '../../plugins/site-address.js'
import { principalIn } from './access.js'
import { orderPaymentRoutes } from './order-payment.routes.js'
import {
  customer,
  feedbackBody,
  kind,
  quoteBody,
  quoteResponse,
  tags,
  taskOptions,
  taskParams,
  toOptions,
  workspaceParams,
} from './productions.schemas.js'
import type { CustomerService } from './productions.service.js'
import { readTaskForm, taskForm } from './task-form.js'

const base = '/v1/productions/workspace/:workspaceId'
const task = z
  .any()
  .describe('The ordered production: status, options, quote, progress, deliverables, history.')

/** Ordering: register from a file or a transcript, quote, estimate, pay. */
function customerOrderRoutes(service: CustomerService): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [suffix, which] of [
      ['', 'transcription'],
      ['/subtitles', 'subtitles'],
      ['/captions', 'captions'],
    ] as const) {
      app.post(
        `${base}/tasks/register${suffix}`,
        {
          config: { ...customer, multipart: taskForm },
          schema: {
            tags,
            summary: `Order a ${which} production from an uploaded file`,
            params: workspaceParams,
            response: { 201: task },
          },
        },
        async (request, reply) => {
          // The body is read first: an unreadable one is refused as such, whoever sends it.
          const form = await readTaskForm(request, which)
          const principal = principalIn(request)
          return reply.code(201).send(await service.registerFromFile(principal, form))
        },
      )
    }

    app.post(
      `${base}/tasks/transcription-from-stt`,
      {
        config: customer,
        schema: {
          tags,
          summary: 'Order a human-edited production of a transcript the workspace already has',
          params: workspaceParams,
          body: taskOptions.extend({
            transcription_id: z.string().min(1).max(64),
            kind: z.enum(['transcription', 'captions', 'subtitles']).default('transcription'),
          }),
          response: { 201: task },
        },
      },
      async (request, reply) => {
        const principal = principalIn(request)
        const { transcription_id, kind: which, ...options } = request.body
        const view = await service.registerFromTranscript(principal, {
          transcriptionId: transcription_id,
          options: toOptions(which, options),
        })
        return reply.code(201).send(view)
      },
    )

    app.post(
      `${base}/quote`,
      {
        config: customer,
        schema: {
          tags,
          summary: 'Quote a production',
          params: workspaceParams,
          body: quoteBody,
          response: { 200: quoteResponse },
        },
      },
      async (request) =>
        service.quote(principalIn(request), {
          kind: request.body.kind,
          durationSeconds: request.body.duration_seconds ?? null,
          transcriptionId: request.body.transcription_id ?? null,
          targetLanguages: request.body.target_languages.length,
          verbatim: request.body.verbatim,
          sdh: request.body.sdh,
        }),
    )

    app.get(
      `${base}/enterprise-credits-cost-estimate`,
      {
        config: customer,
        schema: {
          tags,
          summary: 'What a production would cost in credits',
          params: workspaceParams,
          querystring: z.object({
            kind,
            duration_seconds: z.coerce.number().positive().max(36_000),
            target_languages: z.coerce.number().int().min(0).max(10).default(0),
          }),
          response: {
            200: z.object({
              credits: z.number(),
              total_cents: z.number(),
              charged_duration_seconds: z.number(),
            }),
          },
        },
      },
      async (request) => {
        principalIn(request)
        return service.enterpriseEstimate({
          kind: request.query.kind,
          durationSeconds: request.query.duration_seconds,
          targetLanguages: request.query.target_languages,
        })
      },
    )
  }
}

/** Following an order: its tasks, name, media, waveform, deliverables and feedback. */
function customerTaskRoutes(service: CustomerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      `${base}/tasks`,
      {
        config: customer,
        schema: {
          tags,
          summary: "The workspace's ordered productions",
          params: workspaceParams,
          response: { 200: z.any() },
        },
      },
      async (request) => service.listTasks(principalIn(request)),
    )

    app.get(
      `${base}/tasks/:descriptionId`,
      {
        config: customer,
        schema: { tags, summary: 'An ordered production', params: taskParams, response: { 200: task } },
      },
      async (request) => service.getTask(principalIn(request), request.params.descriptionId),
    )

    app.put(
      `${base}/tasks/:descriptionId/rename`,
      {
        config: customer,
        schema: {
          tags,
          summary: 'Rename an ordered production',
          params: taskParams,
          body: z.strictObject({ name: z.string().trim().min(1).max(120) }),
          response: { 200: z.object({ description_id: z.string(), name: z.string() }) },
        },
      },
      async (request) =>
        service.renameTask(principalIn(request), request.params.descriptionId, request.body.name),
    )

    app.get(
      `${base}/tasks/:descriptionId/deliverable/:deliverableId`,
      {
        config: customer,
        schema: {
          tags,
          summary: 'Download a deliverable',
          params: taskParams.extend({ deliverableId: z.string().min(1).max(64) }),
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const file = await service.deliverableFile(
          principalIn(request),
          request.params.descriptionId,
          request.params.deliverableId,
        )
        return reply
          .type(`${file.contentType}; charset=utf-8`)
          .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
          .send(file.content)
      },
    )

    app.get(
      `${base}/tasks/:descriptionId/media`,
      {
        config: customer,
        schema: { tags, summary: "The production's media", params: taskParams, response: { 200: z.any() } },
      },
      async (request, reply) => {
        const media = await service.taskMedia(principalIn(request), request.params.descriptionId)
        return reply.type(media.contentType).send(media.bytes)
      },
    )

    app.get(
      `${base}/tasks/description/:descriptionId/waveform`,
      {
        config: customer,
        schema: {
          tags,
          summary: "The waveform of the production's media",
          params: taskParams,
          response: { 200: z.object({ duration_seconds: z.number(), peaks: z.array(z.number()) }) },
        },
      },
      async (request) => service.taskWaveform(principalIn(request), request.params.descriptionId),
    )

    app.post(
      '/v1/productions/:workspaceId/feedback/:descriptionId/deliverable/:deliverableId',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Rate a deliverable',
          params: taskParams.extend({ deliverableId: z.string().min(1).max(64) }),
          body: feedbackBody,
          response: { 200: z.any() },
        },
      },
      async (request) =>
        service.giveFeedback(principalIn(request), {
          taskId: request.params.descriptionId,
          deliverableId: request.params.deliverableId,
          rating: request.body.rating,
          comment: request.body.comment,
        }),
    )
  }
}

/** The customers' workspace calls: register, quote, pay, follow, download, give feedback. */
export function customerRoutes(service: CustomerService, site: SiteAddress): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(customerOrderRoutes(service))
    await app.register(customerTaskRoutes(service))
    await app.register(orderPaymentRoutes(service, site))
  }
}
