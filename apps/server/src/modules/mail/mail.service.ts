import type { Transaction } from 'kysely'
import type { Transporter } from 'nodemailer'
import type { DB } from '../../db/schema.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { MailRepository, OutgoingEmail } from './mail.repository.js'

/** Delivers one stored message; null when no SMTP server is configured. */
export type MailTransport = (message: OutgoingEmail & { from: string }) => Promise<void>

export function createSmtpTransport(smtpUrl: string | undefined): MailTransport | null {
  if (!smtpUrl) return null
  // The SMTP client is loaded with the first message sent, not at start.
  let transporter: Promise<Transporter> | undefined
  return async (message) => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl),
    )
    await (await transporter).sendMail({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
  }
}

export function createMailService(deps: {
  repository: MailRepository
  queue: JobQueue
  transport: MailTransport | null
  from: string
}) {
  const { repository, queue, transport, from } = deps
  return {
    /** Stores the message and its delivery job in the caller's transaction: both or neither. */
    async enqueue(trx: Transaction<DB>, email: OutgoingEmail): Promise<string> {
      const messageId = await repository.insert(trx, email)
      await queue.send('email.send', { messageId }, { trx })
      return messageId
    },

    /** The `email.send` job. Idempotent: a message already delivered is left alone. */
    async deliver(messageId: string): Promise<void> {
      const message = await repository.find(messageId)
      if (!message || message.status === 'sent' || message.status === 'local') return
      if (!transport) {
        await repository.markKeptLocally(messageId)
        return
      }
      try {
        await transport({
          from,
          to: message.to_address,
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
        })
      } catch (error) {
        await repository.markAttemptFailed(messageId, String(error))
        throw error // the queue retries with backoff
      }
      await repository.markSent(messageId)
    },

    smtpConfigured: transport !== null,
    listLocal: (limit: number) => repository.listLocal(limit),
  }
}

export type MailService = ReturnType<typeof createMailService>
