import { type Kysely, sql } from 'kysely'

// Voiceover Studio: projects (a timeline, optionally over an uploaded video or audio file),
// their tracks, the clips on those tracks, and the renders of the whole mix. Times are whole
// milliseconds so that placement comparisons are exact.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voiceover_projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('media_key', 'text')
    .addColumn('media_kind', 'text')
    .addColumn('media_mime', 'text')
    .addColumn('media_file_name', 'text')
    .addColumn('media_duration_ms', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voiceover_projects_workspace')
    .on('voiceover_projects')
    .columns(['workspace_id', 'created_at'])
    .execute()
  await db.schema
    .createTable('voiceover_tracks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('voiceover_projects.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('voice_id', 'text')
    .addColumn('language', 'text')
    .addColumn('muted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voiceover_tracks_project')
    .on('voiceover_tracks')
    .column('project_id')
    .execute()
  await db.schema
    .createTable('voiceover_clips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('voiceover_projects.id').onDelete('cascade'),
    )
    .addColumn('track_id', 'text', (c) => c.notNull().references('voiceover_tracks.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_ms', 'integer', (c) => c.notNull())
    .addColumn('end_ms', 'integer', (c) => c.notNull())
    .addColumn('source_start_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('text', 'text')
    .addColumn('voice_id', 'text')
    .addColumn('audio_key', 'text')
    .addColumn('audio_ms', 'integer')
    .addColumn('history_item_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voiceover_clips_track')
    .on('voiceover_clips')
    .columns(['track_id', 'start_ms'])
    .execute()
  await db.schema.createIndex('voiceover_clips_project').on('voiceover_clips').column('project_id').execute()
  await db.schema
    .createTable('voiceover_renders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) =>
      c.notNull().references('voiceover_projects.id').onDelete('cascade'),
    )
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('audio_key', 'text')
    .addColumn('video_key', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('voiceover_renders_project')
    .on('voiceover_renders')
    .columns(['project_id', 'created_at'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voiceover_renders').execute()
  await db.schema.dropTable('voiceover_clips').execute()
  await db.schema.dropTable('voiceover_tracks').execute()
  await db.schema.dropTable('voiceover_projects').execute()
}
