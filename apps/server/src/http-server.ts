import cookie from '@fastify/cookie'
import rateLimit from '@fastify/rate-limit'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Config } from './config.js'
import { AppError } from './errors.js'
import { newId } from './lib/ids.js'
import { registerInputHygiene } from './platform/http/input-check.js'
import { registerMultipart } from './platform/http/multipart-routes.js'
import { registerOpenApi } from './platform/http/openapi.js'
import { registerErrorHandling } from './plugins/errors.js'
import { registerSecurityHeaders } from './plugins/security-headers.js'

const BODY_LIMIT_BYTES = 1024 * 1024

/** Node checks the header and request deadlines on this period; a fraction of the shortest. */
function checkingInterval(config: Config): number {
  return Math.max(50, Math.min(1_000, Math.floor(config.timeouts.headersMs / 4)))
}

/**
 * The HTTP server and the concerns every route shares: request ids, errors, security headers,
 * input hygiene, multipart bodies, the OpenAPI document, cookies, rate limits and WebSockets.
 */
export async function createHttpServer(
  config: Config,
  options: { logger?: boolean },
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: 'request-id',
    genReqId: () => newId(),
    // Proxy headers are a client's claim unless the operator named the proxies (TRUST_PROXY).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Reading a request is bounded (headers, then the whole body); once it is read, a response
    // may stream for as long as it produces bytes, and a WebSocket lives until its own idle
    // limit, which is shorter than the socket idle timeout.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: checkingInterval(config),
    },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.addHook('onRequest', async (request, reply) => {
    reply.header('request-id', request.id)
  })
  registerErrorHandling(app)
  registerSecurityHeaders(app)
  await registerOpenApi(app, config.publicUrl)
  await app.register(cookie)
  registerInputHygiene(app)
  registerMultipart(app)
  await app.register(rateLimit, {
    global: false,
    // The peer's address, or the client address a trusted proxy reported: request.ip.
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: () => new AppError('rate_limited'),
  })
  await app.register(websocket, { options: { maxPayload: 256 * 1024 } })
  return app
}
