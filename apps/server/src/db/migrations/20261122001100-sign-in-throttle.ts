import type { Kysely } from 'kysely'

// Sign-in failures are counted per account and client address, so that failures from one
// place slow down that place only and never lock the owner out elsewhere.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('sign_in_failures')
    .addColumn('client_address', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema.dropIndex('sign_in_failures_email_at').ifExists().execute()
  await db.schema
    .createIndex('sign_in_failures_email_address_at')
    .on('sign_in_failures')
    .columns(['email', 'client_address', 'at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sign_in_failures_email_address_at').ifExists().execute()
  await db.schema.alterTable('sign_in_failures').dropColumn('client_address').execute()
  await db.schema
    .createIndex('sign_in_failures_email_at')
    .on('sign_in_failures')
    .columns(['email', 'at'])
    .execute()
}
