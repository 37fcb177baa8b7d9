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

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'
}

/**
 * The local mailbox: with no SMTP server, mail stays in the outbox and the web app lists it,
 * so a person on a laptop can click the verification link (issue 2 item 6). It exists only
 * while no SMTP is configured, and answers only requests from this machine.
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
        if (!isLoopback(request.ip)) throw new AppError('mailbox_unavailable')
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
