import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { secondStepQueries } from './second-step.repository.js'
import { sessionSecurityQueries } from './session-security.repository.js'
import { totpQueries } from './totp-secrets.repository.js'

/** Two-factor secrets, backup codes, second-step tokens, wrong-code counts, session activity. */
export function createMfaRepository(db: Database) {
  return {
    ...totpQueries(db),
    ...secondStepQueries(db),
    ...sessionSecurityQueries(db),

    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },
  }
}

export type MfaRepository = ReturnType<typeof createMfaRepository>
