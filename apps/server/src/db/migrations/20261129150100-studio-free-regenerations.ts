import type { Kysely } from 'kysely'

// How many of a block's regenerations of the same text were free: the first two are.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('studio_block_audio')
    .addColumn('free_regenerations', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('studio_block_audio').dropColumn('free_regenerations').execute()
}
