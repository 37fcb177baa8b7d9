import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import type { SiteAddress } from '../../plugins/site-address.js'
import { customer, tags } from './productions.schemas.js'
import type { ProductionsDeps } from './productions-deps.js'
import * as orders from './public-orders.use-case.js'
import { orderLanguages, signedFile } from './signed-files.use-case.js'
import type { SignedLinks } from './signed-links.js'
import { PRODUCTION_MEDIA_MAX_BYTES } from './task-form.js'

const orderParams = z.object({ order_id: z.string().min(1).max(64) })
const states = ['open', 'submitted', 'accepted', 'done', 'cancelled'] as const
const language = z.string().trim().min(2).max(16)
const media = z.string().min(1).max(64)
const instructions = z.string().max(2000).nullish()

const item = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('transcription'),
    media_ids: z.array(media).min(1).max(20),
    source_language: language,
    verbatim: z.boolean().nullish(),
    instructions,
  }),
  z.object({
    kind: z.literal('subtitles'),
    media_ids: z.array(media).min(1).max(20),
    source_language: language,
    destination_languages: z.array(language).min(1).max(10),
    cue_options: z.record(z.string(), z.number().nullable()).nullish(),
    sdh: z.boolean().nullish(),
    instructions,
  }),
  z.object({
    kind: z.literal('dub'),
    media_id: media,
    source_language: language,
    destination_languages: z.array(language).min(1).max(10),
    include_captions: z.boolean(),
    include_source_captions: z.boolean(),
    instructions,
    captions_sdh: z.boolean().nullish(),
  }),
])

const mediaForm = multipartForm({
  files: {
    media: {
      description: 'The media file, recognised by its content.',
      maxBytes: PRODUCTION_MEDIA_MAX_BYTES,
    },
  },
  fields: {
    declared_language: { description: 'The language spoken in the media.', required: true },
    media_url: { description: 'Not supported here: upload the file as `media`.' },
    media_url_filename: { description: 'Not supported here.' },
    media_url_content_type: { description: 'Not supported here.' },
  },
})

/** Orders: list, create, read, rename, submit. */
function orderRoutes(deps: ProductionsDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/productions/orders/languages/:order_item_kind',
      {
        config: customer,
        schema: {
          tags,
          summary: 'The languages offered for an item kind',
          params: z.object({ order_item_kind: z.enum(['transcription', 'subtitles', 'dub']) }),
          response: { 200: z.any() },
        },
      },
      async (request) => orderLanguages(request.params.order_item_kind),
    )
    app.get(
      '/v1/productions/orders',
      {
        config: customer,
        schema: {
          tags,
          summary: 'List Productions orders',
          querystring: z.object({
            page_size: z.coerce.number().int().min(1).max(100).default(30),
            offset: z.coerce.number().int().min(0).default(0),
            status: z.union([z.enum(states), z.array(z.enum(states))]).optional(),
            start_date: z.iso.datetime({ offset: true }).optional(),
            end_date: z.iso.datetime({ offset: true }).optional(),
          }),
          response: { 200: z.any() },
        },
      },
      async (request) => {
        const q = request.query
        return orders.listOrders(deps, requirePrincipal(request), {
          pageSize: q.page_size,
          offset: q.offset,
          states: q.status === undefined ? null : [q.status].flat(),
          from: q.start_date ? new Date(q.start_date) : null,
          to: q.end_date ? new Date(q.end_date) : null,
        })
      },
    )
    app.post(
      '/v1/productions/orders',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Create an open Productions order',
          body: z.object({ sandbox: z.boolean().nullish() }).nullish(),
          response: { 200: z.object({ order_id: z.string(), sandbox: z.boolean() }) },
        },
      },
      async (request) => orders.createOrder(deps, requirePrincipal(request), request.body?.sandbox ?? false),
    )
    app.get(
      '/v1/productions/orders/:order_id',
      {
        config: customer,
        schema: { tags, summary: 'A Productions order', params: orderParams, response: { 200: z.any() } },
      },
      async (request) => orders.getOrder(deps, requirePrincipal(request), request.params.order_id),
    )
    app.patch(
      '/v1/productions/orders/:order_id',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Rename an open order',
          params: orderParams,
          body: z.object({ request: z.object({ name: z.string().trim().min(1).max(120) }) }),
          response: { 200: z.object({ name: z.string() }) },
        },
      },
      async (request) =>
        orders.renameOrder(
          deps,
          requirePrincipal(request),
          request.params.order_id,
          request.body.request.name,
        ),
    )
    app.post(
      '/v1/productions/orders/:order_id/submit',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Submit an open order; the workspace is charged',
          params: orderParams,
          response: { 200: z.any() },
        },
      },
      async (request) => orders.submitOrder(deps, requirePrincipal(request), request.params.order_id),
    )
  }
}

/** What an order holds: media, items, deliverables, languages, signed files. */
function orderContentRoutes(
  deps: ProductionsDeps,
  links: SignedLinks,
  site: SiteAddress,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/productions/orders/:order_id/media',
      {
        config: { ...customer, multipart: mediaForm },
        schema: {
          tags,
          summary: 'Register media with an order',
          params: orderParams,
          response: { 200: z.object({ media_id: z.string() }) },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request)
        const body = await readMultipart(request, mediaForm)
        const file = body.file('media')
        if (!file)
          throw new AppError('validation_error', {
            message: 'Upload the media as `media`; fetching it from `media_url` is not supported.',
            param: body.text('media_url') ? 'media_url' : 'media',
          })
        return orders.registerMedia(deps, principal, request.params.order_id, {
          data: file.data,
          fileName: file.fileName,
          language: body.text('declared_language')!.trim().slice(0, 16),
        })
      },
    )
    app.get(
      '/v1/productions/orders/:order_id/media/:media_id',
      {
        config: customer,
        schema: {
          tags,
          summary: "An order's media with a time-limited download link",
          params: orderParams.extend({ media_id: media }),
          response: { 200: z.any() },
        },
      },
      async (request) =>
        orders.getMedia(
          deps,
          links,
          site.originFor(request),
          requirePrincipal(request),
          request.params.order_id,
          request.params.media_id,
        ),
    )
    app.post(
      '/v1/productions/orders/:order_id/items',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Add or update an item of an open order; answers its quote',
          params: orderParams,
          body: z.object({ request: z.object({ item, item_id: z.string().min(1).max(64).nullish() }) }),
          response: { 200: z.any() },
        },
      },
      async (request) => {
        const it = request.body.request.item
        return orders.upsertItem(deps, requirePrincipal(request), request.params.order_id, {
          itemId: request.body.request.item_id ?? null,
          item: {
            kind: it.kind,
            mediaIds: it.kind === 'dub' ? [it.media_id] : it.media_ids,
            sourceLanguage: it.source_language,
            destinationLanguages: it.kind === 'transcription' ? [] : it.destination_languages,
            verbatim: it.kind === 'transcription' ? (it.verbatim ?? false) : false,
            sdh:
              it.kind === 'subtitles'
                ? (it.sdh ?? false)
                : it.kind === 'dub'
                  ? (it.captions_sdh ?? false)
                  : false,
            instructions: it.instructions ?? null,
          },
        })
      },
    )
    app.delete(
      '/v1/productions/orders/:order_id/items/:item_id',
      {
        config: customer,
        schema: {
          tags,
          summary: 'Remove an item of an open order',
          params: orderParams.extend({ item_id: z.string().min(1).max(64) }),
          response: { 200: z.object({ success: z.boolean() }) },
        },
      },
      async (request) =>
        orders.removeItem(deps, requirePrincipal(request), request.params.order_id, request.params.item_id),
    )
    app.get(
      '/v1/productions/orders/:order_id/deliverables',
      {
        config: customer,
        schema: {
          tags,
          summary: "A completed order's delivered files",
          params: orderParams,
          response: { 200: z.any() },
        },
      },
      async (request) =>
        orders.orderDeliverables(
          deps,
          links,
          site.originFor(request),
          requirePrincipal(request),
          request.params.order_id,
        ),
    )
    app.get(
      '/v1/productions/files/:kind/:id',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'A file behind a signed link',
          params: z.object({ kind: z.enum(['media', 'deliverable']), id: z.string().min(1).max(80) }),
          querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().min(1).max(128) }),
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const file = await signedFile(deps, links, { ...request.params, ...request.query })
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
          .send(file.data)
      },
    )
  }
}

/** The public API's Productions orders, as the official SDK calls them. */
export function publicOrdersRoutes(
  deps: ProductionsDeps,
  links: SignedLinks,
  site: SiteAddress,
): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(orderRoutes(deps))
    await app.register(orderContentRoutes(deps, links, site))
  }
}
