import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import type { MailService } from './mail.service.js'

const mailboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at_unix: z.number().int(),
})

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/

/**
 * A person at this machine's own keyboard: the TCP peer is a loopback address and no proxy
 * stands between (a proxy on the same machine also connects from loopback, but says so with
 * a forwarding header). Headers never make a peer local; they can only make it remote.
 */
function isDirectLoopbackPeer(request: {
  socket: { remoteAddress?: string | undefined }
  headers: Record<string, unknown>
}): boolean {
  const peer = request.socket.remoteAddress ?? ''
  if (!LOOPBACK.test(peer)) return false
  return request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined
}

/**
 * The local mailbox: with no SMTP server, mail stays in the outbox and the web app lists it,
 * so a person on a laptop can open the verification link. It exists only while no SMTP is
 * configured, answers only a direct peer on this machine, and lists only mail that was never
 * handed to an SMTP server.
 */
export function mailRoutes(mail: MailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/local-mailbox',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['local'],
          summary: 'Messages kept in the local outbox (only when no SMTP server is configured)',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: z.object({ messages: z.array(mailboxMessage) }) },
        },
      },
      async (request) => {
        if (mail.smtpConfigured) throw new AppError('mailbox_unavailable')
        // Mail holds sign-in links: only the machine itself may read the local outbox.
        if (!isDirectLoopbackPeer(request)) throw new AppError('mailbox_unavailable')
        const rows = await mail.listLocal(request.query.limit)
        return {
          messages: rows.map((m) => ({
            id: m.id,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body,
            created_at_unix: Math.floor(m.created_at.getTime() / 1000),
          })),
        }
      },
    )
  }
}
