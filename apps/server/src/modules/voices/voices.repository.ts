import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createVoiceEditsRepository } from './voice-edits.repository.js'
import { createVoiceLifecycleRepository } from './voice-lifecycle.repository.js'
import type { VoiceRow } from './voices.tables.js'

// SQL for voices, their samples and cached previews. A workspace sees the premade voices
// (workspace_id null) and its own; every query here takes the workspace and applies that
// rule itself, so a voice of another workspace is simply not found.

export type { NewVoice, NewVoiceSample, VoiceUpdate } from './voices.tables.js'

export type VoiceSort = 'created_at_unix' | 'name'
export type SortDirection = 'asc' | 'desc'

/** Where a page starts: the sort value (as text, so timestamps keep their microseconds) and the id. */
export interface VoicePosition {
  key: string
  id: string
}

export interface VoiceFilters {
  workspaceId: string
  userId: string
  includeLegacy: boolean
  search?: string | undefined
  categories?: readonly string[] | undefined
  /** personal: the caller's own; workspace: the workspace's, owned by others; default: premade. */
  owners?: { premade: boolean; mine: boolean; others: boolean } | undefined
  voiceIds?: readonly string[] | undefined
  labels?: ReadonlyArray<{ key: string; values: readonly string[] }> | undefined
  /** true: no voice can match (an unknown collection, an impossible fine-tuning state). */
  none?: boolean | undefined
}

export interface VoicePageQuery extends VoiceFilters {
  sort: VoiceSort
  direction: SortDirection
  after?: VoicePosition | undefined
  limit: number
}

/** LIKE pattern matching `text` literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const visibleTo = (workspaceId: string) => (eb: ExpressionBuilder<DB, 'voices'>) =>
  eb.or([eb('workspace_id', 'is', null), eb('workspace_id', '=', workspaceId)])

function applyFilters(
  query: SelectQueryBuilder<DB, 'voices', object>,
  f: VoiceFilters,
): SelectQueryBuilder<DB, 'voices', object> {
  let q = query.where(visibleTo(f.workspaceId))
  if (f.none) return q.where(sql<boolean>`false`)
  if (!f.includeLegacy) q = q.where('is_legacy', '=', false)
  if (f.search) {
    const pattern = containsPattern(f.search)
    q = q.where(
      sql<boolean>`(name ilike ${pattern} escape '\\' or description ilike ${pattern} escape '\\'
        or category ilike ${pattern} escape '\\'
        or exists (select 1 from jsonb_each_text(labels) as l where l.value ilike ${pattern} escape '\\'))`,
    )
  }
  if (f.categories) q = q.where('category', 'in', f.categories.length ? f.categories : [''])
  if (f.voiceIds) q = q.where('id', 'in', f.voiceIds.length ? f.voiceIds : [''])
  for (const label of f.labels ?? []) {
    const values = label.values.map((v) => v.toLowerCase())
    q = q.where(sql<string>`lower(labels->>${label.key})`, 'in', values)
  }
  const owners = f.owners
  if (owners) {
    q = q.where((eb) => {
      const parts = []
      if (owners.premade) parts.push(eb('workspace_id', 'is', null))
      if (owners.mine)
        parts.push(eb.and([eb('workspace_id', 'is not', null), eb('owner_user_id', '=', f.userId)]))
      if (owners.others) {
        parts.push(
          eb.and([
            eb('workspace_id', 'is not', null),
            eb.or([eb('owner_user_id', 'is', null), eb('owner_user_id', '!=', f.userId)]),
          ]),
        )
      }
      return parts.length ? eb.or(parts) : sql<boolean>`false`
    })
  }
  return q
}

export function createVoicesRepository(db: Database) {
  return {
    ...createVoiceEditsRepository(db),
    ...createVoiceLifecycleRepository(db),
    async find(workspaceId: string, id: string): Promise<VoiceRow | undefined> {
      return db
        .selectFrom('voices')
        .selectAll()
        .where('id', '=', id)
        .where(visibleTo(workspaceId))
        .executeTakeFirst()
    },

    /** Any voice by id, whoever owns it (public preview audio). */
    async findAny(id: string): Promise<VoiceRow | undefined> {
      return db.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Every visible voice, newest first (GET /v1/voices). */
    async listAll(filters: VoiceFilters): Promise<VoiceRow[]> {
      return applyFilters(db.selectFrom('voices'), filters)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute()
    },

    /**
     * One page in `(sort key, id)` order with a keyset bound; returns up to `limit + 1` rows
     * (the extra one only says there is more) with each row's position for the next token.
     */
    async page(q: VoicePageQuery): Promise<Array<{ row: VoiceRow; position: VoicePosition }>> {
      const keyText = q.sort === 'name' ? sql<string>`name` : sql<string>`created_at::text`
      let query = applyFilters(db.selectFrom('voices'), q)
      if (q.after) {
        const op = q.direction === 'desc' ? '<' : '>'
        const { key, id } = q.after
        query =
          q.sort === 'name'
            ? query.where(({ eb, refTuple, tuple }) => eb(refTuple('name', 'id'), op, tuple(key, id)))
            : query.where(({ eb, refTuple, tuple }) =>
                eb(refTuple('created_at', 'id'), op, tuple(sql<Date>`${key}::timestamptz`, id)),
              )
      }
      const rows = await query
        .selectAll()
        .select(keyText.as('position_key'))
        .orderBy(q.sort === 'name' ? 'name' : 'created_at', q.direction)
        .orderBy('id', q.direction)
        .limit(q.limit + 1)
        .execute()
      return rows.map(({ position_key, ...row }) => ({ row, position: { key: position_key, id: row.id } }))
    },

    async count(filters: VoiceFilters): Promise<number> {
      const result = await applyFilters(db.selectFrom('voices'), filters)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(result.n)
    },

    /** Voices a workspace owns (its voice slots). */
    /** The distinct categories (cloned, generated, ...) of the voices one user added. */
    async categoriesAddedBy(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('voices')
        .select('category')
        .distinct()
        .where('owner_user_id', '=', userId)
        .execute()
      return rows.map((row) => row.category)
    },

    async countOwned(workspaceId: string): Promise<number> {
      const result = await db
        .selectFrom('voices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
      return Number(result.n)
    },
  }
}

export type VoicesRepository = ReturnType<typeof createVoicesRepository>
