import type { Database } from '../../db/database.js'
import './agent-analytics.tables.js'

/** The dashboard's custom charts per workspace. */
export function createDashboardRepository(db: Database) {
  return {
    async charts(workspaceId: string): Promise<unknown[] | null> {
      const row = await db
        .selectFrom('convai_dashboard_settings')
        .select('charts')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row ? row.charts : null
    },

    async setCharts(workspaceId: string, charts: unknown[]): Promise<void> {
      await db
        .insertInto('convai_dashboard_settings')
        .values({ workspace_id: workspaceId, charts: JSON.stringify(charts) })
        .onConflict((oc) =>
          oc.column('workspace_id').doUpdateSet({ charts: JSON.stringify(charts), updated_at: new Date() }),
        )
        .execute()
    },
  }
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>
