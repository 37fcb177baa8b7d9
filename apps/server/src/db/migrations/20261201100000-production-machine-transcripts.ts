import { type Kysely, sql } from 'kysely'

// The machine transcript a production ordered from a file starts from: made once the order is
// paid, as a held run (one run holds the row, its heartbeat proves it alive, a dead run's row is
// taken over), with its percent and attempts; the row's id is the media's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('production_machine_transcripts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('production_machine_transcripts_order')
    .on('production_machine_transcripts')
    .column('order_id')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('production_machine_transcripts').execute()
}
