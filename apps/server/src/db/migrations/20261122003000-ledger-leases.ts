import { type Kysely, sql } from 'kysely'

// Crash safety of reservations. A reservation belongs to the process generating it (owner_id)
// and holds a lease that process keeps renewing; the characters already delivered to the
// client are written as the audio goes out, and the history item's row is kept beside the
// reservation once its audio is stored. When a process dies, its leases run out and a sweeper
// settles each reservation for what was delivered (writing the history item when the audio
// was stored) or releases it when nothing was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('credit_ledger')
    .addColumn('owner_id', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('delivered_characters', 'int8', (c) => c.notNull().defaultTo(0))
    .addColumn('recording_id', 'text')
    .addColumn('history_draft', 'jsonb')
    .execute()
  await sql`create index credit_ledger_open_leases on credit_ledger (lease_expires_at) where state = 'reserved'`.execute(
    db,
  )
  await db.schema.createIndex('credit_ledger_recording').on('credit_ledger').column('recording_id').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('credit_ledger_recording').ifExists().execute()
  await sql`drop index if exists credit_ledger_open_leases`.execute(db)
  await db.schema
    .alterTable('credit_ledger')
    .dropColumn('history_draft')
    .dropColumn('recording_id')
    .dropColumn('delivered_characters')
    .dropColumn('lease_expires_at')
    .dropColumn('owner_id')
    .execute()
}
