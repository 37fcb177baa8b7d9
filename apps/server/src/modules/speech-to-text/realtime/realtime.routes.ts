import type {} from '@fastify/websocket'
import { SPEECH_TO_TEXT_CREDITS_PER_MINUTE } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import { describeError, RealtimeRefusal, type ServerMessage } from './realtime.messages.js'
import { realtimeQuery } from './realtime.schemas.js'
import { REALTIME_MAX_AUDIO_SECONDS, type RealtimeDeps, RealtimeSession } from './realtime.session.js'

/** WebSocket close code for a policy violation (bad credentials, bad input). */
const POLICY_VIOLATION = 1008
/** A session that sends nothing for this long is closed (it holds a concurrency slot). */
const INACTIVITY_SECONDS = 30
/** Wall-clock limit of a session: its audio limit and a little slack. */
const MAX_SESSION_MINUTES = REALTIME_MAX_AUDIO_SECONDS / 60 + 1
const route = { scope: 'speech-to-text' as const, verifiedEmail: true }

// GET /v1/speech-to-text/realtime: live transcription over a WebSocket, as the official
// clients' realtime Scribe connection speaks it.
export function realtimeRoutes(deps: RealtimeDeps): FastifyPluginAsyncZod {
  /**
   * Headers (or the site's session cookie) were checked before the upgrade. Single-use tokens
   * in the query are not issued here, and a lasting credential in a URL would end up in logs.
   */
  function principalOf(known: Principal | null, token: string | undefined): Principal {
    if (!known)
      throw new RealtimeRefusal(
        'auth_error',
        token
          ? 'Single-use tokens are not available on this server; send an API key in the xi-api-key header.'
          : 'Send an API key in the xi-api-key header.',
        true,
      )
    return known
  }

  return async (app) => {
    app.get(
      '/v1/speech-to-text/realtime',
      {
        websocket: true,
        config: { auth: 'optional', ...route },
        schema: {
          tags: ['speech to text'],
          summary: 'Transcribe live audio over a WebSocket',
          description: `${SPEECH_TO_TEXT_CREDITS_PER_MINUTE} credits per minute of audio received, counted by the second; a session with no words costs nothing. At most ${REALTIME_MAX_AUDIO_SECONDS / 60} minutes of audio per session.`,
        },
      },
      (socket: WebSocket, request) => {
        let session: RealtimeSession | null = null
        let ended = false
        let timer: NodeJS.Timeout | undefined
        const send = (message: ServerMessage) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
        }
        const fail = (error: unknown) => {
          if (ended) return
          const { message, fatal } = describeError(error)
          if (!(error instanceof AppError || error instanceof RealtimeRefusal))
            request.log.error({ err: error }, 'realtime transcription failed')
          send(message)
          if (!fatal) return
          ended = true
          socket.close(POLICY_VIOLATION, 'error' in message ? message.error.slice(0, 100) : undefined)
        }
        const armTimer = () => {
          clearTimeout(timer)
          timer = setTimeout(
            () =>
              fail(
                new RealtimeRefusal(
                  'input_error',
                  `No message for ${INACTIVITY_SECONDS} seconds; the session is closed.`,
                  true,
                ),
              ),
            INACTIVITY_SECONDS * 1000,
          )
        }
        armTimer()
        // Audio sent slowly must not hold a concurrency slot for ever.
        const lifetime = setTimeout(
          () =>
            fail(
              new RealtimeRefusal(
                'session_time_limit_exceeded',
                `A session may stay open at most ${MAX_SESSION_MINUTES} minutes; open a new one.`,
                true,
              ),
            ),
          MAX_SESSION_MINUTES * 60_000,
        )

        const opening = async () => {
          const parsed = realtimeQuery.safeParse(request.query)
          if (!parsed.success) {
            const issue = parsed.error.issues[0]
            throw new RealtimeRefusal(
              'invalid_request',
              `${issue?.path.join('.') || 'query'}: ${issue?.message ?? 'invalid'}`,
              true,
            )
          }
          const principal = principalOf(request.principal, parsed.data.token)
          session = new RealtimeSession(deps, principal, parsed.data, request.id, send, fail)
          await session.open()
        }
        // Messages wait for the session to open, then run one at a time in arrival order.
        let queue: Promise<void> = opening().catch(fail)
        socket.on('message', (data) => {
          armTimer()
          const text = data.toString()
          queue = queue.then(() => (ended ? undefined : session?.handle(text))).catch(fail)
        })
        socket.on('close', () => {
          ended = true
          clearTimeout(timer)
          clearTimeout(lifetime)
          void queue
            .finally(() => session?.end())
            .catch((error: unknown) => {
              request.log.error({ err: error }, 'realtime transcription did not settle')
            })
        })
      },
    )
  }
}
