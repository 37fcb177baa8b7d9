import type {} from '@fastify/websocket'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { AppError } from '../../errors.js'
import type { GenerationDeps } from '../../platform/generation/begin-generation.js'
import { assertCleanValue } from '../../platform/http/input-check.js'
import { checkRoute, type Principal, type PrincipalResolver } from '../../plugins/auth.js'
import { clientMessage, streamInputQuery } from './stream-input.schemas.js'
import { StreamInputSession } from './stream-input.session.js'
import { voiceIdParams } from './tts.schemas.js'

/** WebSocket close code for a policy violation (bad credentials, bad input). */
const POLICY_VIOLATION = 1008
const DEFAULT_INACTIVITY_SECONDS = 20

// GET /v1/text-to-speech/{voice_id}/stream-input: the public WebSocket
// protocol used by LLM voice agents.
export function streamInputRoutes(deps: GenerationDeps, resolver: PrincipalResolver): FastifyPluginAsyncZod {
  /** Credentials may come in the first message instead of the upgrade request's headers. */
  async function principalFrom(message: {
    xi_api_key?: string | null | undefined
    authorization?: string | null | undefined
  }) {
    if (message.xi_api_key) return resolver.fromApiKey(message.xi_api_key)
    const bearer = message.authorization ? /^Bearer\s+(\S+)$/i.exec(message.authorization)?.[1] : undefined
    if (bearer) return resolver.fromAccessToken(bearer)
    throw new AppError('unauthorized', {
      message: 'Send xi-api-key in the headers or xi_api_key in the first message.',
    })
  }

  return async (app) => {
    app.get(
      '/v1/text-to-speech/:voice_id/stream-input',
      {
        websocket: true,
        config: { auth: 'optional', scope: 'text-to-speech', verifiedEmail: true },
        schema: {
          tags: ['text to speech'],
          summary: 'Stream text in and audio out over a WebSocket',
          params: voiceIdParams,
          querystring: streamInputQuery,
        },
      },
      (socket: WebSocket, request) => {
        const query = streamInputQuery.parse(request.query)
        const { voice_id: voiceId } = voiceIdParams.parse(request.params)
        let session: StreamInputSession | null = null
        let queue: Promise<void> = Promise.resolve()
        let timer: NodeJS.Timeout | undefined
        const send = (message: object) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
        }
        const fail = (error: unknown) => {
          send(StreamInputSession.describe(error))
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'stream-input failed')
          socket.close(POLICY_VIOLATION, StreamInputSession.describe(error).error.slice(0, 100))
        }
        const armTimer = () => {
          clearTimeout(timer)
          timer = setTimeout(
            () => socket.close(POLICY_VIOLATION, 'inactivity timeout'),
            (query.inactivity_timeout ?? DEFAULT_INACTIVITY_SECONDS) * 1000,
          )
        }
        armTimer()

        const handle = async (raw: string) => {
          let json: unknown
          try {
            json = JSON.parse(raw)
          } catch {
            throw new AppError('invalid_json', { message: 'Each message must be a JSON object.' })
          }
          // Text that cannot be stored (NUL, lone surrogates) is refused like in any JSON body,
          // before it is spoken or charged.
          assertCleanValue(json, 'message')
          const parsed = clientMessage.safeParse(json)
          if (!parsed.success) {
            const issue = parsed.error.issues[0]
            throw new AppError('validation_error', {
              message: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`,
            })
          }
          const message = parsed.data
          if (!session) {
            const principal: Principal = request.principal ?? (await principalFrom(message))
            checkRoute(principal, { scope: 'text-to-speech', verifiedEmail: true })
            session = new StreamInputSession(deps, principal, voiceId, query, request.id, send, fail)
            await session.open(message)
            return
          }
          if (await session.push(message)) socket.close(1000, 'done')
        }

        socket.on('message', (data) => {
          armTimer()
          const text = data.toString()
          queue = queue
            .then(() => handle(text))
            .catch((error: unknown) => {
              fail(error)
              session?.close()
            })
        })
        socket.on('close', () => {
          clearTimeout(timer)
          // Let queued messages finish their bookkeeping, then free everything.
          void queue.finally(() => session?.close())
        })
      },
    )
  }
}
