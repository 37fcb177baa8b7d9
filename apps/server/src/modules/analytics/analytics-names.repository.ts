import type { Database } from '../../db/database.js'

/** The names the analytics show for ids of the workspace's users, keys, groups and resources. */
export function nameQueries(db: Database) {
  return {
    async userLabels(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      // Only people who are (or were) in the workspace are named; other ids stay unnamed.
      const rows = await db
        .selectFrom('users')
        .innerJoin('workspace_members', 'workspace_members.user_id', 'users.id')
        .select(['users.id', 'users.email'])
        .where('workspace_members.workspace_id', '=', workspaceId)
        .where('users.id', 'in', ids)
        .execute()
      return new Map(rows.map((r) => [r.id, r.email]))
    },

    async apiKeyNames(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('api_keys')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    async groupNames(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('workspace_groups')
        .select(['id', 'name'])
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .execute()
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    async resourceNames(workspaceId: string, ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map()
      const rows = await db
        .selectFrom('request_events')
        .select(['resource_id', (eb) => eb.fn.max('resource_name').as('name')])
        .where('workspace_id', '=', workspaceId)
        .where('resource_id', 'in', ids)
        .groupBy('resource_id')
        .execute()
      return new Map(rows.flatMap((r) => (r.resource_id && r.name ? [[r.resource_id, r.name] as const] : [])))
    },
  }
}
