import { type Kysely, sql } from 'kysely'

// Refresh tokens a session has already rotated away from. Presenting one again means the token
// was copied: the whole session (every token descended from the same sign-in) is ended.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retired_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('retired_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('retired_refresh_tokens_session')
    .on('retired_refresh_tokens')
    .column('session_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retired_refresh_tokens').ifExists().execute()
}
