import type { Kysely } from 'kysely'

// Voice isolation jobs, voiceover renders, Audio Native conversions and professional clone
// trainings are held by one run at a time, as Studio's
// conversions and exports are: the run that claimed a row names itself in worker_token, so a
// second delivery of the same job finds the row held and does nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audio_isolation_jobs').addColumn('worker_token', 'text').execute()
  await db.schema.alterTable('voiceover_renders').addColumn('worker_token', 'text').execute()
  await db.schema.alterTable('audio_native_projects').addColumn('worker_token', 'text').execute()
  await db.schema.alterTable('pvc_voices').addColumn('worker_token', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('pvc_voices').dropColumn('worker_token').execute()
  await db.schema.alterTable('audio_native_projects').dropColumn('worker_token').execute()
  await db.schema.alterTable('voiceover_renders').dropColumn('worker_token').execute()
  await db.schema.alterTable('audio_isolation_jobs').dropColumn('worker_token').execute()
}
