import type { SpeechService } from '@timbre/speech'
import type { Config } from './config.js'
import type { Database } from './db/database.js'
import type { JobQueue } from './jobs/queue.js'
import type { FileStorage } from './lib/storage.js'
import type { MailService } from './modules/mail/mail.service.js'

/** What modules are built from: passed in, never imported as singletons. */
export interface AppDeps {
  config: Config
  db: Database
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
  mail: MailService
}
