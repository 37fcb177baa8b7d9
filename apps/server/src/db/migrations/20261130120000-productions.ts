import { type Kysely, sql } from 'kysely'

// The Productions marketplace: customers' orders, their media and tasks (one per ordered
// production), producers' claims of tasks with review and earnings, each task's history, the
// deliverables made from approved work, customers' feedback on them, producer applications,
// their uploads, and approved producers with their qualifications.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('production_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sandbox', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_cents', 'integer')
    .addColumn('credits', 'integer')
    .addColumn('payment_method', 'text')
    .addColumn('payment_ref', 'text')
    .addColumn('pay_by', 'timestamptz')
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .execute()
  await db.schema
    .createIndex('production_orders_workspace')
    .on('production_orders')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('production_media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('production_orders.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('transcript_id', 'text')
    .addColumn('duration_seconds', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('production_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('production_orders.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('media_ids', 'jsonb', (c) => c.notNull())
    .addColumn('source_language', 'text', (c) => c.notNull())
    .addColumn('target_languages', 'jsonb', (c) => c.notNull())
    .addColumn('speakers', 'integer')
    .addColumn('verbatim', 'boolean', (c) => c.notNull())
    .addColumn('sdh', 'boolean', (c) => c.notNull())
    .addColumn('audio_event_tags', 'boolean', (c) => c.notNull())
    .addColumn('instructions', 'text')
    .addColumn('quote', 'jsonb', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('production_tasks_order').on('production_tasks').column('order_id').execute()
  await db.schema.createIndex('production_tasks_state').on('production_tasks').column('state').execute()
  await db.schema
    .createTable('production_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('production_tasks.id').onDelete('cascade'))
    .addColumn('producer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deadline_at', 'timestamptz', (c) => c.notNull())
    .addColumn('extensions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('working_workspace_id', 'text', (c) => c.notNull())
    .addColumn('working_transcript_id', 'text', (c) => c.notNull())
    .addColumn('saved_version', 'integer')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('reviewer_id', 'text')
    .addColumn('feedback', 'text')
    .addColumn('feedback_acknowledged_at', 'timestamptz')
    .addColumn('earnings_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // One active production per producer, and one live claim per task, enforced by the database.
  await sql`create unique index production_claims_one_active on production_claims (producer_id) where state = 'claimed'`.execute(
    db,
  )
  await sql`create unique index production_claims_one_live on production_claims (task_id) where state in ('claimed', 'submitted')`.execute(
    db,
  )
  await db.schema
    .createTable('production_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('production_tasks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('production_events_task').on('production_events').column('task_id').execute()
  await db.schema
    .createTable('production_deliverables')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('task_id', 'text', (c) => c.notNull().references('production_tasks.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('production_feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deliverable_id', 'text', (c) =>
      c.notNull().references('production_deliverables.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('production_feedback_once', ['deliverable_id', 'user_id'])
    .execute()
  await db.schema
    .createTable('producer_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('producer_applicants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('qualifications', 'jsonb', (c) => c.notNull())
    .addColumn('video_upload_id', 'text')
    .addColumn('cv_upload_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reviewer_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reviewed_at', 'timestamptz')
    .execute()
  await db.schema
    .createTable('producers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('qualifications', 'jsonb', (c) => c.notNull())
    .addColumn('team_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'producers',
    'producer_applicants',
    'producer_uploads',
    'production_feedback',
    'production_deliverables',
    'production_events',
    'production_claims',
    'production_tasks',
    'production_media',
    'production_orders',
  ])
    await db.schema.dropTable(table).execute()
}
