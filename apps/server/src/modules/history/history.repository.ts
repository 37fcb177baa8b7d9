import type { Insertable, Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB, HistoryItemsTable } from '../../db/schema.js'

export type NewHistoryItem = Insertable<HistoryItemsTable>

export function createHistoryRepository(_db: Database) {
  return {
    /** Written in the same transaction as the credit settlement (issue 4 item 8). */
    async insert(trx: Transaction<DB>, item: NewHistoryItem): Promise<void> {
      await trx.insertInto('history_items').values(item).execute()
    },
  }
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>
