import type { Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ConvaiTestFoldersTable, ConvaiTestsTable } from './agent-testing.tables.js'

export type TestRow = Selectable<ConvaiTestsTable> & {
  creator_email: string | null
  creator_name: string | null
}
export type FolderRow = Selectable<ConvaiTestFoldersTable> & { children_count: number }

export interface TestListQuery {
  search?: string | undefined
  folderId: string | null
  types?: string[] | undefined
  createdBy?: string | undefined
  offset: number
  limit: number
}

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

const selectTestsOf = (db: Database) => () =>
  db
    .selectFrom('convai_tests as t')
    .leftJoin('users as u', 'u.id', 't.created_by')
    .selectAll('t')
    .select(['u.email as creator_email', 'u.first_name as creator_name'])

const childrenCountOf = (db: Database) => (folderId: string) =>
  Promise.all([
    db
      .selectFrom('convai_tests')
      .select(db.fn.countAll<number>().as('n'))
      .where('folder_id', '=', folderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('convai_test_folders')
      .select(db.fn.countAll<number>().as('n'))
      .where('parent_id', '=', folderId)
      .executeTakeFirstOrThrow(),
  ]).then(([tests, folders]) => Number(tests.n) + Number(folders.n))

/** The tests themselves. */
function testRows(db: Database) {
  const selectTests = selectTestsOf(db)
  return {
    async insertTest(row: {
      id: string
      workspaceId: string
      createdBy: string
      folderId: string | null
      name: string
      type: string
      definition: object
    }): Promise<void> {
      await db
        .insertInto('convai_tests')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          folder_id: row.folderId,
          name: row.name,
          type: row.type,
          definition: JSON.stringify(row.definition),
        })
        .execute()
    },

    async updateTest(
      workspaceId: string,
      id: string,
      patch: { name: string; type: string; folderId: string | null; definition: object },
    ): Promise<void> {
      await db
        .updateTable('convai_tests')
        .set({
          name: patch.name,
          type: patch.type,
          folder_id: patch.folderId,
          definition: JSON.stringify(patch.definition),
          updated_at: new Date(),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    findTest(workspaceId: string, id: string): Promise<TestRow | undefined> {
      return selectTests()
        .where('t.workspace_id', '=', workspaceId)
        .where('t.id', '=', id)
        .executeTakeFirst() as Promise<TestRow | undefined>
    },

    findTests(workspaceId: string, ids: string[]): Promise<TestRow[]> {
      if (ids.length === 0) return Promise.resolve([])
      return selectTests()
        .where('t.workspace_id', '=', workspaceId)
        .where('t.id', 'in', ids)
        .execute() as Promise<TestRow[]>
    },

    async deleteTest(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_tests')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async listTests(workspaceId: string, query: TestListQuery): Promise<TestRow[]> {
      let q = selectTests().where('t.workspace_id', '=', workspaceId)
      q =
        query.folderId === null
          ? q.where('t.folder_id', 'is', null)
          : q.where('t.folder_id', '=', query.folderId)
      if (query.search)
        q = q.where((eb) => eb(eb.fn('lower', ['t.name']), 'like', likePattern(query.search ?? '')))
      if (query.types?.length) q = q.where('t.type', 'in', query.types)
      if (query.createdBy) q = q.where('t.created_by', '=', query.createdBy)
      return (await q
        .orderBy('t.created_at', 'desc')
        .orderBy('t.id')
        .offset(query.offset)
        .limit(query.limit)
        .execute()) as TestRow[]
    },

    async moveTests(workspaceId: string, ids: string[], folderId: string | null): Promise<number> {
      const result = await db
        .updateTable('convai_tests')
        .set({ folder_id: folderId, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where('id', 'in', ids)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },
  }
}

/** The folders, nested, and the tests under one. */
function folderRows(db: Database) {
  const selectTests = selectTestsOf(db)
  const childrenCount = childrenCountOf(db)
  return {
    async insertFolder(row: {
      id: string
      workspaceId: string
      createdBy: string
      parentId: string | null
      name: string
    }): Promise<void> {
      await db
        .insertInto('convai_test_folders')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          parent_id: row.parentId,
          name: row.name,
        })
        .execute()
    },

    async findFolder(workspaceId: string, id: string): Promise<FolderRow | undefined> {
      const row = await db
        .selectFrom('convai_test_folders')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return row ? { ...row, children_count: await childrenCount(row.id) } : undefined
    },

    async listFolders(workspaceId: string, parentId: string | null, search?: string): Promise<FolderRow[]> {
      let q = db.selectFrom('convai_test_folders').selectAll().where('workspace_id', '=', workspaceId)
      q = parentId === null ? q.where('parent_id', 'is', null) : q.where('parent_id', '=', parentId)
      if (search) q = q.where((eb) => eb(eb.fn('lower', ['name']), 'like', likePattern(search)))
      const rows = await q.orderBy('name').execute()
      return Promise.all(rows.map(async (row) => ({ ...row, children_count: await childrenCount(row.id) })))
    },

    async renameFolder(workspaceId: string, id: string, name: string): Promise<void> {
      await db
        .updateTable('convai_test_folders')
        .set({ name, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    /** Deletes the folder; its subfolders and tests go with it (the foreign keys cascade). */
    async deleteFolder(workspaceId: string, id: string): Promise<void> {
      await db
        .deleteFrom('convai_test_folders')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    /** The tests in a folder and all folders under it. */
    async testsUnder(workspaceId: string, folderId: string): Promise<TestRow[]> {
      const folders = [folderId]
      for (let i = 0; i < folders.length; i++) {
        const children = await db
          .selectFrom('convai_test_folders')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('parent_id', '=', folders[i] as string)
          .execute()
        folders.push(...children.map((c) => c.id))
      }
      return (await selectTests()
        .where('t.workspace_id', '=', workspaceId)
        .where('t.folder_id', 'in', folders)
        .orderBy('t.name')
        .execute()) as TestRow[]
    },
  }
}

/** A workspace's agent tests and the folders that hold them. */
export function createAgentTestsRepository(db: Database) {
  return { ...testRows(db), ...folderRows(db) }
}

export type AgentTestsRepository = ReturnType<typeof createAgentTestsRepository>
