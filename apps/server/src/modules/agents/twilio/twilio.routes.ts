import type {} from '@fastify/websocket'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { AppError } from '../../../errors.js'
import { requirePrincipal } from '../../../plugins/auth.js'
import { type AccessDeps, openConversation } from '../conversations/conversation-access.js'
import { ConversationSession } from '../runtime/conversation-session.js'
import type { RuntimeDeps } from '../runtime/runtime-deps.js'
import { fromTwilio, toTwilio, twilioMessage } from './twilio-bridge.js'
import { onThePhone } from './twilio-session.js'
import { agentStreamTwiml } from './twilio-twiml.js'

const tags = ['agents']
/** WebSocket close code for a refused stream (no or a bad token, limits). */
const POLICY_VIOLATION = 1008

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

const registerCallBody = z.object({
  agent_id: z.string().min(1).max(64),
  from_number: z.string().min(1).max(40),
  to_number: z.string().min(1).max(40),
  direction: z.enum(['inbound', 'outbound']).default('inbound'),
  conversation_initiation_client_data: z.record(z.string(), z.unknown()).nullish(),
})

// Phone calls through the caller's own Twilio account: register-call answers the TwiML that
// connects an incoming (or outgoing) call to an agent, and the media stream is where Twilio then
// sends the call's audio and plays the agent's.
export function twilioRoutes(deps: RuntimeDeps & AccessDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/twilio/register-call',
      {
        config: { scope: 'convai' },
        schema: {
          tags,
          summary: "Register a Twilio call and answer the TwiML that connects it to the agent's media stream",
          body: registerCallBody,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const principal = requirePrincipal(request)
        const agent = await deps.agents.find(principal.workspaceId, request.body.agent_id)
        if (!agent) throw new AppError('agent_not_found', { param: 'agent_id' })
        const { token } = deps.tokens.issue({
          agentId: agent.id,
          workspaceId: agent.workspace_id,
          userId: principal.userId,
        })
        const scheme = request.protocol === 'https' ? 'https' : 'http'
        const twiml = agentStreamTwiml({
          siteUrl: `${scheme}://${request.host}`,
          agentId: agent.id,
          token,
          call: {
            from: request.body.from_number,
            to: request.body.to_number,
            direction: request.body.direction,
          },
        })
        return reply.type('text/xml; charset=utf-8').send(twiml)
      },
    )

    app.get(
      '/v1/convai/twilio/media-stream',
      {
        websocket: true,
        // Twilio sends no credentials: the signed token in the stream's parameters is checked.
        config: { auth: 'optional', scope: 'convai' },
        schema: { tags, summary: "Twilio's media stream of a call to an agent (8 kHz μ-law both ways)" },
      },
      (socket: WebSocket, request) => {
        let session: ConversationSession | null = null
        let streamSid = ''
        const sendTwilio = (message: object) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
        }
        const close = (code: number, reason: string) => {
          if (socket.readyState === socket.OPEN) socket.close(code, reason)
        }
        const fromSession = (event: object) => {
          const { twilio, reply } = toTwilio(streamSid, event as { type?: string })
          if (twilio) sendTwilio(twilio)
          if (reply) queue = queue.then(() => session?.handle(JSON.stringify(reply)))
        }
        const refuse = (error: unknown) => {
          const message = error instanceof AppError ? error.message : 'Server error'
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'phone conversation failed')
          if (session) void session.end('failed', message)
          else close(POLICY_VIOLATION, message.slice(0, 120))
        }
        const start = async (parameters: Record<string, string>) => {
          if (!parameters.token) throw new AppError('conversation_token_invalid')
          const { agent, userId } = await openConversation(deps, {
            agentId: undefined,
            signature: parameters.token,
            principal: null,
            origin: undefined,
          })
          session = new ConversationSession(deps, onThePhone(agent), userId, fromSession, close, false, true)
          await session.handle(JSON.stringify({ type: 'conversation_initiation_client_data' }))
        }
        // Messages run one at a time in arrival order; nothing before `start` opens a session.
        let queue: Promise<void> = Promise.resolve()
        socket.on('message', (data) => {
          queue = queue
            .then(async () => {
              // Twilio speaks nothing else on this socket: what is not its message is dropped.
              const parsed = twilioMessage.safeParse(parseJson(data.toString()))
              if (!parsed.success) return
              const message = parsed.data
              if (message.event === 'start') {
                if (session) return
                streamSid = message.start.streamSid
                return start(message.start.customParameters ?? {})
              }
              if (message.event === 'stop') return session?.end('done', 'the caller hung up')
              const forward = fromTwilio(message)
              if (forward && session) await session.handle(JSON.stringify(forward))
            })
            .catch(refuse)
        })
        socket.on('close', () => {
          queue = queue.then(() => session?.end('done', 'the call ended')).catch(() => undefined)
        })
      },
    )
  }
}
