import { type Kysely, sql } from 'kysely'

// Groups can give their members editor access to every resource created from now on; the
// Everyone group does so unless an admin turns it off, which keeps the earlier rule that every
// member edits the workspace's resources. Existing workspaces get their Everyone group now and
// it is granted editor on the voices, pronunciation dictionaries and Studio projects that
// already exist, so nobody loses access by the upgrade.
const PERMISSIONS_AT_UPGRADE = [
  'text_to_speech',
  'speech_to_speech',
  'voice_lab',
  'sound_effects',
  'projects',
  'voiceover_studio',
  'dubbing',
  'audio_native',
  'conversational_ai',
  'speech_to_text',
  'voice_isolator',
  'ai_speech_classifier',
  'music',
  'add_voice_from_voice_library',
  'create_instant_voice_clone',
  'create_professional_voice_clone',
  'create_user_api_key',
  'publish_studio_project',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspace_groups')
    .addColumn('new_resource_editor', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await sql`update workspace_groups set new_resource_editor = true where is_everyone`.execute(db)
  await sql`
    insert into workspace_groups (id, workspace_id, name, is_everyone, permissions, new_resource_editor)
    select substr(md5(random()::text || w.id), 1, 20), w.id, 'Everyone', true,
           ${sql.val(PERMISSIONS_AT_UPGRADE)}::text[], true
    from workspaces w
    where not exists (select 1 from workspace_groups g where g.workspace_id = w.id and g.is_everyone)
  `.execute(db)
  const grantEveryone = (resourceType: string, table: string) => sql`
    insert into workspace_resource_grants
      (workspace_id, resource_type, resource_id, principal_type, principal_id, role)
    select r.workspace_id, ${resourceType}, r.id, 'group', g.id, 'editor'
    from ${sql.table(table)} r
    join workspace_groups g on g.workspace_id = r.workspace_id and g.is_everyone
    where r.workspace_id is not null
    on conflict do nothing
  `
  await grantEveryone('voice', 'voices').execute(db)
  await grantEveryone('pronunciation_dictionary', 'pronunciation_dictionaries').execute(db)
  await grantEveryone('project', 'studio_projects').execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspace_groups').dropColumn('new_resource_editor').execute()
}
