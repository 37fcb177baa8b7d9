import type {} from '@fastify/websocket'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import { AppError } from '../../../errors.js'
import { type AccessDeps, openConversation } from '../conversations/conversation-access.js'
import { serverEvents } from './conversation-messages.js'
import { ConversationSession } from './conversation-session.js'
import type { RuntimeDeps } from './runtime-deps.js'

/** WebSocket close code for a refused conversation (credentials, limits, origin). */
const POLICY_VIOLATION = 1008
const query = z.object({
  agent_id: z.string().max(64).optional(),
  conversation_signature: z.string().max(2000).optional(),
  source: z.string().max(50).optional(),
  version: z.string().max(50).optional(),
})

// GET /v1/convai/conversation: a live conversation with an agent, as the official clients speak it.
export function conversationSocketRoutes(deps: RuntimeDeps & AccessDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/conversation',
      {
        websocket: true,
        // Embedded widgets open conversations from other sites: a visitor's session cookie goes
        // unused there (the agent's allowlist decides, on the page's Origin).
        config: { auth: 'optional', scope: 'convai', cookieFromOtherSites: 'ignore' },
        schema: {
          tags: ['agents'],
          summary: 'Talk to an agent over a WebSocket (signed URL, API key, or a public agent)',
        },
      },
      (socket: WebSocket, request) => {
        let session: ConversationSession | null = null
        const send = (message: object) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
        }
        const close = (code: number, reason: string) => {
          if (socket.readyState === socket.OPEN) socket.close(code, reason)
        }
        const refuse = (error: unknown) => {
          const message = error instanceof AppError ? error.message : 'Server error'
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'conversation failed')
          send(serverEvents.error(message, error instanceof AppError ? error.code : 'server_error'))
          if (session) void session.end('failed', message)
          else close(POLICY_VIOLATION, message.slice(0, 120))
        }
        const opening = (async () => {
          const parsed = query.safeParse(request.query)
          if (!parsed.success)
            throw new AppError('validation_error', { message: 'Invalid conversation query.' })
          const { agent, userId, development } = await openConversation(deps, {
            agentId: parsed.data.agent_id,
            signature: parsed.data.conversation_signature,
            principal: request.principal,
            origin: request.headers.origin,
          })
          session = new ConversationSession(deps, agent, userId, send, close, development)
        })()
        // Messages wait for the checks, then run one at a time in arrival order.
        let queue: Promise<void> = opening.catch(refuse)
        socket.on('message', (data) => {
          const text = data.toString()
          queue = queue.then(() => session?.handle(text)).catch(refuse)
        })
        socket.on('close', () => {
          queue = queue.then(() => session?.end('done', 'client closed')).catch(() => undefined)
        })
      },
    )
  }
}
