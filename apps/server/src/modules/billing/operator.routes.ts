import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.js'
import {
  codeParams,
  deleted,
  grantOffer,
  grantOfferBody,
  grantOfferList,
  listQuery,
  promoCode,
  promoCodeBody,
  promoCodeList,
} from './operator.schemas.js'
import type { OperatorOffersService } from './operator-offers.service.js'

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * Checks the operator's Bearer token. Both sides are hashed first so the comparison takes the
 * same time whatever the length or content of what was sent.
 */
export function operatorTokenCheck(token: string) {
  const expected = digest(token)
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? ''
    const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? ''
    if (!timingSafeEqual(digest(given), expected) || given.length === 0)
      throw new AppError('invalid_operator_token', {
        headers: { 'www-authenticate': 'Bearer realm="operator"' },
      })
  }
}

const tags = ['operator']

/**
 * The operator API: promo codes and grant offers, issued while the server runs. Registered
 * only when an operator token is configured; every call carries that token, no user session.
 */
export function operatorRoutes(deps: {
  token: string
  offers: OperatorOffersService
}): FastifyPluginAsyncZod {
  const { offers } = deps
  const guarded = { config: { auth: 'public' as const }, preHandler: operatorTokenCheck(deps.token) }
  return async (app) => {
    app.post(
      '/v1/operator/promo-codes',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Issue a promo code (amount or percent off, for some months)',
          body: promoCodeBody,
          response: { 201: promoCode },
        },
      },
      async (request, reply) => reply.code(201).send(await offers.createPromo(request.body)),
    )
    app.get(
      '/v1/operator/promo-codes',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'List promo codes',
          querystring: listQuery,
          response: { 200: promoCodeList },
        },
      },
      async (request) => offers.listPromos(request.query.limit, request.query.after),
    )
    app.get(
      '/v1/operator/promo-codes/:code',
      {
        ...guarded,
        schema: { tags, summary: 'Get a promo code', params: codeParams, response: { 200: promoCode } },
      },
      async (request) => offers.getPromo(request.params.code),
    )
    app.delete(
      '/v1/operator/promo-codes/:code',
      {
        ...guarded,
        schema: { tags, summary: 'Withdraw a promo code', params: codeParams, response: { 200: deleted } },
      },
      async (request) => offers.deletePromo(request.params.code),
    )

    app.post(
      '/v1/operator/grant-offers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Issue a grant offer (a grant tier for some months, redeemed once)',
          body: grantOfferBody,
          response: { 201: grantOffer },
        },
      },
      async (request, reply) => reply.code(201).send(await offers.createGrantOffer(request.body)),
    )
    app.get(
      '/v1/operator/grant-offers',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'List grant offers',
          querystring: listQuery,
          response: { 200: grantOfferList },
        },
      },
      async (request) => offers.listGrantOffers(request.query.limit, request.query.after),
    )
    app.get(
      '/v1/operator/grant-offers/:code',
      {
        ...guarded,
        schema: { tags, summary: 'Get a grant offer', params: codeParams, response: { 200: grantOffer } },
      },
      async (request) => offers.getGrantOffer(request.params.code),
    )
    app.delete(
      '/v1/operator/grant-offers/:code',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Withdraw a grant offer nobody has redeemed',
          params: codeParams,
          response: { 200: deleted },
        },
      },
      async (request) => offers.deleteGrantOffer(request.params.code),
    )
  }
}
