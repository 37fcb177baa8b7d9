import { type Kysely, sql } from 'kysely'

// Every rendering of a Studio block is kept as a take with the timing of its words; the block's
// audio row names the take the chapter uses (the newest, unless another was picked).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('studio_block_takes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('studio_chapters.id').onDelete('cascade'))
    .addColumn('block_id', 'text', (c) => c.notNull())
    .addColumn('source_hash', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'real', (c) => c.notNull())
    .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('free', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('studio_block_takes_block')
    .on('studio_block_takes')
    .columns(['chapter_id', 'block_id', 'created_at'])
    .execute()
  await db.schema
    .alterTable('studio_block_audio')
    .addColumn('take_id', 'text')
    .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studio_block_audio').dropColumn('take_id').dropColumn('words').execute()
  await db.schema.dropTable('studio_block_takes').execute()
}
