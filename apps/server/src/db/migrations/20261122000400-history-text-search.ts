import { type Kysely, sql } from 'kysely'

// GET /v1/history `search` is a contains-match on the text. Without an index a rare word reads
// every row of the workspace (about 200 ms at 100,000 items, bench/api/history-list.bench.ts);
// a trigram index answers ILIKE '%word%' directly. pg_trgm ships with PostgreSQL (a trusted
// extension since PostgreSQL 13) and with PGlite (loaded in database.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`create index history_items_text_trgm on history_items using gin (text gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists history_items_text_trgm`.execute(db)
}
