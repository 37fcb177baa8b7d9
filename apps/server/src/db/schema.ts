import type { ColumnType } from 'kysely'

// Column types shared by the row types of the tables in migrations/. Timestamps come back as
// Date; int8 columns are parsed to number by both drivers (database.ts), safe for credit counts
// below 2^53.
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>
export type BigIntColumn = ColumnType<number, number | undefined, number>

/**
 * The database as Kysely sees it. Each domain owns its tables: the `*.tables.ts` file in its
 * folder declares their row types and adds them to this interface (declaration merging), so
 * this layer, the queue and the platform code type a database they never import a domain for.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the domains' tables files fill it in.
export interface DB {}
