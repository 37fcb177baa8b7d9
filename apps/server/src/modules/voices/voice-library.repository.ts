import { type SelectQueryBuilder, sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { newId } from '../../lib/ids.js'
import { createVoiceCollectionsRepository } from './voice-collections.repository.js'
import type { NewVoice } from './voices.repository.js'
import type { VoiceRow } from './voices.tables.js'

// SQL of the shared voice library (voice collections have theirs in voice-collections.repository.ts).
// A shared voice is a workspace voice whose `sharing->>'status'` is enabled; it is read across
// workspaces only through the calls here, which never return a voice that is not shared.

export type SharedVoiceRow = VoiceRow & { owner_public_id: string }
export type { CollectionRow } from './voice-collections.repository.js'

export interface SharedFilters {
  category?: string | undefined
  labels: ReadonlyArray<{ key: string; values: readonly string[] }>
  language?: string | undefined
  locale?: string | undefined
  search?: string | undefined
  featured?: boolean | undefined
  minNoticePeriodDays?: number | undefined
  readerAppEnabled?: boolean | undefined
  includeLiveModerated?: boolean | undefined
  ownerPublicId?: string | undefined
  sort: 'created_date' | 'usage_character_count_1y' | 'trending' | 'cloned_by_count'
}

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

type SharedQuery = SelectQueryBuilder<DB, 'voices' | 'users', object>

function sharedBase(db: Database, statuses: readonly string[]): SharedQuery {
  return db
    .selectFrom('voices')
    .innerJoin('users', 'users.id', 'voices.owner_user_id')
    .where('voices.workspace_id', 'is not', null)
    .where(sql<string>`voices.sharing->>'status'`, 'in', statuses)
}

function applyShared(query: SharedQuery, f: SharedFilters): SharedQuery {
  let q = query
  if (f.category)
    q = q.where(sql<string>`coalesce(voices.sharing->>'category', voices.category)`, '=', f.category)
  for (const label of f.labels) {
    const values = label.values.map((v) => v.toLowerCase())
    q = q.where(
      sql<string>`lower(coalesce(voices.sharing->'labels', voices.labels)->>${label.key})`,
      'in',
      values,
    )
  }
  if (f.language) q = q.where(sql<string>`lower(voices.language)`, '=', f.language.toLowerCase())
  if (f.locale) {
    q = q.where(
      sql<boolean>`exists (select 1 from jsonb_array_elements(voices.verified_languages) as v
        where lower(v->>'locale') = ${f.locale.toLowerCase()})`,
    )
  }
  if (f.search) {
    const pattern = containsPattern(f.search)
    q = q.where(
      sql<boolean>`(coalesce(voices.sharing->>'name', voices.name) ilike ${pattern} escape '\\'
        or coalesce(voices.sharing->>'description', voices.description) ilike ${pattern} escape '\\'
        or exists (select 1 from jsonb_each_text(coalesce(voices.sharing->'labels', voices.labels)) as l
          where l.value ilike ${pattern} escape '\\'))`,
    )
  }
  if (f.featured !== undefined) {
    q = q.where(sql<boolean>`coalesce((voices.sharing->>'featured')::boolean, false)`, '=', f.featured)
  }
  if (f.minNoticePeriodDays !== undefined) {
    q = q.where(
      sql<number>`coalesce((voices.sharing->>'notice_period')::int, 0)`,
      '>=',
      f.minNoticePeriodDays,
    )
  }
  if (f.readerAppEnabled !== undefined) {
    q = q.where(
      sql<boolean>`coalesce((voices.sharing->>'reader_app_enabled')::boolean, false)`,
      '=',
      f.readerAppEnabled,
    )
  }
  if (f.includeLiveModerated === false) {
    q = q.where(
      sql<boolean>`coalesce((voices.sharing->>'live_moderation_enabled')::boolean, false)`,
      '=',
      false,
    )
  }
  if (f.ownerPublicId) q = q.where('users.public_user_id', '=', f.ownerPublicId)
  return q
}

export function createVoiceLibraryRepository(db: Database) {
  return {
    ...createVoiceCollectionsRepository(db),

    /** One page of listed voices (status enabled) and how many match in all. */
    async sharedPage(
      f: SharedFilters,
      limit: number,
      offset: number,
    ): Promise<{ rows: SharedVoiceRow[]; total: number }> {
      const base = applyShared(sharedBase(db, ['enabled']), f)
      const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
      const clonedBy = sql<number>`coalesce((voices.sharing->>'cloned_by_count')::int, 0)`
      const sharedAt = sql<number>`coalesce((voices.sharing->>'date_unix')::bigint, 0)`
      let query = base.selectAll('voices').select('users.public_user_id as owner_public_id')
      query =
        f.sort === 'created_date'
          ? query.orderBy(sharedAt, 'desc')
          : query.orderBy(clonedBy, 'desc').orderBy(sharedAt, 'desc')
      const rows = await query.orderBy('voices.id', 'desc').limit(limit).offset(offset).execute()
      return { rows: rows as SharedVoiceRow[], total: Number(count.n) }
    },

    /** Every listed voice (similar voices compares a clip with each; bounded by `max`). */
    async allShared(max: number): Promise<SharedVoiceRow[]> {
      const rows = await sharedBase(db, ['enabled'])
        .selectAll('voices')
        .select('users.public_user_id as owner_public_id')
        .orderBy('voices.id')
        .limit(max)
        .execute()
      return rows as SharedVoiceRow[]
    },

    /** A voice in the library, listed or with copying turned off. */
    async findShared(voiceId: string): Promise<SharedVoiceRow | undefined> {
      const row = await sharedBase(db, ['enabled', 'copied_disabled'])
        .selectAll('voices')
        .select('users.public_user_id as owner_public_id')
        .where('voices.id', '=', voiceId)
        .executeTakeFirst()
      return row as SharedVoiceRow | undefined
    },

    async publicIdOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('public_user_id')
        .where('id', '=', userId)
        .executeTakeFirst()
      return row?.public_user_id
    },

    async setSharing(
      workspaceId: string,
      voiceId: string,
      sharing: Record<string, unknown>,
    ): Promise<boolean> {
      const result = await db
        .updateTable('voices')
        .set({ sharing: JSON.stringify(sharing), updated_at: new Date() })
        .where('id', '=', voiceId)
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Which of these library voices a workspace has already added a copy of. */
    async copiedBy(workspaceId: string, originalIds: readonly string[]): Promise<Set<string>> {
      if (!originalIds.length) return new Set()
      const rows = await db
        .selectFrom('voices')
        .select(sql<string>`sharing->>'original_voice_id'`.as('original'))
        .where('workspace_id', '=', workspaceId)
        .where(sql<string>`sharing->>'status'`, '=', 'copied')
        .where(sql<string>`sharing->>'original_voice_id'`, 'in', originalIds)
        .execute()
      return new Set(rows.map((r) => r.original))
    },

    /**
     * A copy of a library voice in the caller's workspace, its add counted, and the original's
     * copy counter raised, in one transaction; false when the workspace has no free voice slot.
     * The workspace row is locked first, so two additions at once cannot take one last slot.
     */
    async createCopy(copy: NewVoice, originalId: string, limit: number): Promise<boolean> {
      const workspaceId = copy.workspace_id as string
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute()
        const owned = await trx
          .selectFrom('voices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow()
        if (Number(owned.n) >= limit) return false
        await trx.insertInto('voices').values(copy).execute()
        await trx
          .insertInto('voice_add_edits')
          .values({ id: newId(), workspace_id: workspaceId, voice_id: copy.id, kind: 'add' })
          .execute()
        await trx
          .updateTable('voices')
          .set({
            sharing: sql`jsonb_set(sharing, '{cloned_by_count}',
              to_jsonb(coalesce((sharing->>'cloned_by_count')::int, 0) + 1))`,
          })
          .where('id', '=', originalId)
          .execute()
        return true
      })
    },
  }
}

export type VoiceLibraryRepository = ReturnType<typeof createVoiceLibraryRepository>
