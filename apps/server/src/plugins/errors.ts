import type { ErrorCode } from '@timbre/contract'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { AppError, errorType } from '../errors.js'

// One error body for the whole API:
// {"detail": {"type","code","status","message","request_id","param"}}, and for schema
// validation the FastAPI-style list the public API returns: {"detail": [{loc, msg, type}]}.

interface ErrorBody {
  detail: { type: string; code: string; status: string; message: string; request_id: string; param?: string }
}

export function errorBody(request: FastifyRequest, error: AppError): ErrorBody {
  return {
    detail: {
      // The web client's permission-request handler looks for this type on admin pages.
      type: error.code === 'does_not_have_required_permissions' ? error.code : errorType(error.status),
      code: error.code,
      status: error.code,
      message: error.message,
      request_id: request.id,
      ...(error.param ? { param: error.param } : {}),
    },
  }
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.headers) reply.headers(error.headers)
  return reply.status(error.status).send(errorBody(request, error))
}

const FASTIFY_CODES: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('invalid_json'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('invalid_json', { message: 'The request body is empty.' }),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('payload_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('unsupported_media_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('invalid_json', { message: 'Invalid content length.' }),
}

/** A framework refusal without a mapping of its own: the catalogue code of its status class. */
function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'not_found'
  if (status === 405) return 'method_not_allowed'
  if (status === 413) return 'payload_too_large'
  if (status === 415) return 'unsupported_media_type'
  if (status === 429) return 'rate_limited'
  if (status === 401) return 'unauthorized'
  return 'invalid_request'
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error)
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail = error.validation.map((v) => {
        const field = v.instancePath.split('/').filter(Boolean)
        return {
          loc: [error.validationContext ?? 'body', ...field],
          msg: v.message ?? 'Invalid value',
          type: v.keyword,
        }
      })
      return reply.status(422).send({ detail })
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined
    if (mapped) return sendError(request, reply, mapped)
    if (error instanceof SyntaxError) return sendError(request, reply, new AppError('invalid_json'))
    const status = error.statusCode ?? 500
    if (status < 500) {
      return sendError(request, reply, new AppError(codeForStatus(status), { message: error.message }))
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(request, reply, new AppError('internal_error'))
  })

  app.setNotFoundHandler((request, reply) =>
    sendError(
      request,
      reply,
      new AppError('not_found', { message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    ),
  )
}
