import type { Database } from '../../db/database.js'

/** The texts of earlier generations that `previous_request_ids`/`next_request_ids` name. */
export function createRequestContextRepository(db: Database) {
  return {
    async textsByRequestId(workspaceId: string, requestIds: string[]): Promise<Map<string, string>> {
      if (requestIds.length === 0) return new Map()
      const rows = await db
        .selectFrom('history_items')
        .select(['request_id', 'text'])
        .where('workspace_id', '=', workspaceId)
        .where('request_id', 'in', requestIds)
        .execute()
      return new Map(rows.map((r) => [r.request_id, r.text]))
    },
  }
}

export type RequestContextRepository = ReturnType<typeof createRequestContextRepository>
