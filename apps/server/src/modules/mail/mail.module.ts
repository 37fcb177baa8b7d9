import type { Database } from '../../db/database.js'
import type { JobQueue } from '../../jobs/queue.js'
import type { DomainModule } from '../domain-module.js'
import { createMailRepository } from './mail.repository.js'
import { mailRoutes } from './mail.routes.js'
import {
  createMailService,
  createSmtpTransport,
  type MailService,
  type MailTransport,
} from './mail.service.js'

export {
  actionLink,
  emailLocale,
  passwordResetEmail,
  verificationEmail,
  workspaceInviteEmail,
} from './email-templates.js'
export type { MailService, MailTransport }

export interface MailPorts {
  mail: MailService
}

/** Mail: the outbox, its delivery job (SMTP, or kept for the local mailbox) and the mailbox. */
export function createMailModule(deps: {
  db: Database
  queue: JobQueue
  smtpUrl: string | undefined
  from: string
  /** Replaces the transport built from SMTP_URL (tests); null keeps mail local. */
  transport?: MailTransport | null | undefined
}): DomainModule<MailPorts> {
  const mail = createMailService({
    repository: createMailRepository(deps.db),
    queue: deps.queue,
    transport: deps.transport === undefined ? createSmtpTransport(deps.smtpUrl) : deps.transport,
    from: deps.from,
  })
  return {
    name: 'mail',
    routes: mailRoutes(mail),
    jobs: async (queue) => {
      await queue.work('email.send', ({ messageId }) => mail.deliver(messageId))
    },
    ports: { mail },
  }
}
