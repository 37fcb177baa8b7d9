import type { Kysely } from 'kysely'

// Two regenerations of a request are free: a regeneration is a request with the
// same text, voice, model and settings as an earlier one; the ledger remembers its hash.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credit_ledger').addColumn('request_hash', 'text').execute()
  await db.schema
    .createIndex('credit_ledger_request_hash')
    .on('credit_ledger')
    .columns(['workspace_id', 'request_hash', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('credit_ledger_request_hash').ifExists().execute()
  await db.schema.alterTable('credit_ledger').dropColumn('request_hash').execute()
}
