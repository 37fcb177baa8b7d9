import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/schema.js'

export interface ConvaiDashboardSettingsTable {
  workspace_id: string
  charts: ColumnType<unknown[], string, string>
  updated_at: Timestamp
}

declare module '../../db/schema.js' {
  interface DB {
    convai_dashboard_settings: ConvaiDashboardSettingsTable
  }
}
