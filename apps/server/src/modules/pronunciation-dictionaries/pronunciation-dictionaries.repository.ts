import { type Selectable, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createDictionaryDefaultsRepository } from './dictionary-defaults.repository.js'
import type { StoredRule } from './dictionary-rules.js'
import type { PronunciationDictionariesTable } from './pronunciation-dictionaries.tables.js'

export type DictionaryRow = Selectable<PronunciationDictionariesTable>
export type { DefaultLocator } from './dictionary-defaults.repository.js'

export interface DictionaryVersion {
  id: string
  dictionaryId: string
  rules: StoredRule[]
  rulesNum: number
}

export interface NewDictionary {
  id: string
  workspaceId: string
  name: string
  description: string | null
  createdBy: string
  versionId: string
  rules: StoredRule[]
}

export interface ListQuery {
  workspaceId: string
  includeArchived: boolean
  sort: 'creation_time_unix' | 'name'
  descending: boolean
  offset: number
  limit: number
}

export function createDictionariesRepository(db: Database) {
  return {
    ...createDictionaryDefaultsRepository(db),
    async insert(d: NewDictionary): Promise<DictionaryRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('pronunciation_dictionaries')
          .values({
            id: d.id,
            workspace_id: d.workspaceId,
            name: d.name,
            description: d.description,
            created_by: d.createdBy,
            latest_version_id: d.versionId,
            latest_version_rules_num: d.rules.length,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await insertVersion(trx, {
          id: d.versionId,
          dictionaryId: d.id,
          number: 1,
          rules: d.rules,
          by: d.createdBy,
        })
        return row
      })
    },

    async find(workspaceId: string, id: string): Promise<DictionaryRow | undefined> {
      return db
        .selectFrom('pronunciation_dictionaries')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    async version(dictionaryId: string, versionId: string): Promise<DictionaryVersion | undefined> {
      const row = await db
        .selectFrom('pronunciation_dictionary_versions')
        .select(['id', 'dictionary_id', 'rules', 'rules_num'])
        .where('dictionary_id', '=', dictionaryId)
        .where('id', '=', versionId)
        .executeTakeFirst()
      return row
        ? {
            id: row.id,
            dictionaryId: row.dictionary_id,
            rules: row.rules as StoredRule[],
            rulesNum: row.rules_num,
          }
        : undefined
    },

    /** One page, plus one row more to tell whether another page follows. */
    async list(q: ListQuery): Promise<DictionaryRow[]> {
      const direction = q.descending ? 'desc' : 'asc'
      let query = db
        .selectFrom('pronunciation_dictionaries')
        .selectAll()
        .where('workspace_id', '=', q.workspaceId)
      if (!q.includeArchived) query = query.where('archived_at', 'is', null)
      query =
        q.sort === 'name'
          ? query.orderBy(sql`lower(name)`, direction).orderBy('id', direction)
          : query.orderBy('created_at', direction).orderBy('id', direction)
      return query
        .offset(q.offset)
        .limit(q.limit + 1)
        .execute()
    },

    async updateMetadata(
      workspaceId: string,
      id: string,
      patch: { name?: string; archivedAt?: Date | null },
    ): Promise<DictionaryRow | undefined> {
      return db
        .updateTable('pronunciation_dictionaries')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.archivedAt !== undefined ? { archived_at: patch.archivedAt } : {}),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()
    },

    /**
     * Writes a new version from the latest one. The dictionary row is locked for the change,
     * so two concurrent edits each build on the other's result. `change` may throw to refuse
     * (nothing is written then).
     */
    async changeRules(
      workspaceId: string,
      id: string,
      by: string,
      newVersionId: string,
      change: (dictionary: DictionaryRow, rules: StoredRule[]) => StoredRule[],
    ): Promise<DictionaryVersion | undefined> {
      return db.transaction().execute(async (trx) => {
        const dictionary = await trx
          .selectFrom('pronunciation_dictionaries')
          .selectAll()
          .where('workspace_id', '=', workspaceId)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!dictionary) return undefined
        const latest = await trx
          .selectFrom('pronunciation_dictionary_versions')
          .select(['rules', 'version_number'])
          .where('id', '=', dictionary.latest_version_id)
          .executeTakeFirstOrThrow()
        const rules = change(dictionary, latest.rules as StoredRule[])
        await insertVersion(trx, {
          id: newVersionId,
          dictionaryId: id,
          number: latest.version_number + 1,
          rules,
          by,
        })
        await trx
          .updateTable('pronunciation_dictionaries')
          .set({ latest_version_id: newVersionId, latest_version_rules_num: rules.length })
          .where('id', '=', id)
          .execute()
        return { id: newVersionId, dictionaryId: id, rules, rulesNum: rules.length }
      })
    },
  }
}

async function insertVersion(
  trx: Transaction<DB>,
  v: { id: string; dictionaryId: string; number: number; rules: StoredRule[]; by: string },
): Promise<void> {
  await trx
    .insertInto('pronunciation_dictionary_versions')
    .values({
      id: v.id,
      dictionary_id: v.dictionaryId,
      version_number: v.number,
      rules: JSON.stringify(v.rules),
      rules_num: v.rules.length,
      created_by: v.by,
    })
    .execute()
}

export type DictionariesRepository = ReturnType<typeof createDictionariesRepository>
