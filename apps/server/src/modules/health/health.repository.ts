import { sql } from 'kysely'
import type { Database } from '../../db/database.js'

export interface HealthRepository {
  /** True when the database answers a trivial query. */
  databaseAnswers(): Promise<boolean>
}

export function createHealthRepository(db: Database): HealthRepository {
  return {
    async databaseAnswers() {
      return sql`select 1`
        .execute(db)
        .then(() => true)
        .catch(() => false)
    },
  }
}
