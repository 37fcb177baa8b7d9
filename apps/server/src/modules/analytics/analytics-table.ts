/** Column types and units of the public API's tabular analytics answers. */
export type ColumnType = 'String' | 'Float' | 'DateTime' | 'Int' | 'Bool' | 'JSON' | 'Map' | 'Array'
export type ColumnUnit = 'ms' | 's' | 'min' | 'duration' | 'credits' | 'usd' | 'ratio'
export type Cell = string | number | boolean | null

/** A table as the public API answers analytics queries: parallel column lists, then rows. */
export interface AnalyticsTable {
  columns: string[]
  column_types: ColumnType[]
  column_units: (ColumnUnit | null)[]
  rows: Cell[][]
}

export function tableOf(
  columns: { name: string; type: ColumnType; unit: ColumnUnit | null }[],
  rows: Cell[][],
): AnalyticsTable {
  return {
    columns: columns.map((c) => c.name),
    column_types: columns.map((c) => c.type),
    column_units: columns.map((c) => c.unit),
    rows,
  }
}
