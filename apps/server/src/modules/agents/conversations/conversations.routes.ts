import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../../plugins/auth.js'
import { json } from '../agents.schemas.js'
import type { ConversationsService } from './conversations.service.js'

const tags = ['agents']
const config = { scope: 'convai' as const }
const params = z.object({ conversation_id: z.string().min(1).max(64) })
const agentQuery = z.object({
  agent_id: z.string().min(1).max(64),
  include_conversation_id: z.string().max(10).optional(),
  participant_name: z.string().max(200).optional(),
  branch_id: z.string().max(64).optional(),
  version_id: z.string().max(64).optional(),
})

// Conversation records, signed URLs and tokens under /v1/convai.
export function conversationsRoutes(conversations: ConversationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/conversation/get-signed-url',
      {
        config,
        schema: {
          tags,
          summary: 'A signed URL that opens one conversation with an agent (valid 15 minutes)',
          querystring: agentQuery,
          response: { 200: z.object({ signed_url: z.string() }) },
        },
      },
      async (request) => {
        const scheme = request.protocol === 'https' ? 'wss' : 'ws'
        return conversations.signedUrl(
          requirePrincipal(request),
          request.query.agent_id,
          `${scheme}://${request.host}`,
        )
      },
    )

    app.get(
      '/v1/convai/conversation/token',
      {
        config,
        schema: {
          tags,
          summary: 'A conversation token for an agent (valid 15 minutes)',
          querystring: agentQuery,
          response: { 200: z.object({ token: z.string(), conversation_id: z.string() }) },
        },
      },
      async (request) => conversations.token(requirePrincipal(request), request.query.agent_id),
    )

    app.get(
      '/v1/convai/conversations',
      {
        config,
        schema: {
          tags,
          summary: 'The workspace’s conversations, newest first',
          querystring: z.object({
            agent_id: z.string().max(64).optional(),
            cursor: z.string().max(200).optional(),
            page_size: z.coerce.number().int().min(1).max(100).optional(),
            call_start_before_unix: z.coerce.number().int().min(0).optional(),
            call_start_after_unix: z.coerce.number().int().min(0).optional(),
          }),
          response: {
            200: z.object({
              conversations: z.array(json),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => conversations.list(requirePrincipal(request), request.query),
    )

    app.get(
      '/v1/convai/conversations/:conversation_id',
      {
        config,
        schema: { tags, summary: 'One conversation with its transcript', params, response: { 200: json } },
      },
      async (request) => conversations.get(requirePrincipal(request), request.params.conversation_id),
    )

    app.delete(
      '/v1/convai/conversations/:conversation_id',
      { config, schema: { tags, summary: 'Delete a conversation', params, response: { 200: z.object({}) } } },
      async (request) => {
        await conversations.remove(requirePrincipal(request), request.params.conversation_id)
        return {}
      },
    )

    app.post(
      '/v1/convai/conversations/:conversation_id/feedback',
      {
        config,
        schema: {
          tags,
          summary: 'Like or dislike a conversation',
          params,
          body: z.object({ feedback: z.enum(['like', 'dislike']).nullish() }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await conversations.feedback(
          requirePrincipal(request),
          request.params.conversation_id,
          request.body.feedback ?? null,
        )
        return {}
      },
    )

    app.get(
      '/v1/convai/conversations/:conversation_id/audio',
      { config, schema: { tags, summary: 'The recording of a conversation', params } },
      async (request, reply) => {
        const audio = await conversations.audio(requirePrincipal(request), request.params.conversation_id)
        return reply.type('audio/wav').send(audio)
      },
    )
  }
}
