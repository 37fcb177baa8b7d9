import type { SpeechService } from '@timbre/speech'
import type { Config } from './config.js'
import type { Database } from './db/database.js'
import type { JobQueue } from './jobs/queue.js'
import type { FileStorage } from './lib/storage.js'

/**
 * The shared infrastructure every domain module may be built from. It is passed in, never
 * imported as a singleton, so tests build the same modules on their own database and files.
 */
export interface AppDeps {
  config: Config
  db: Database
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
}
