import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
import { createReleasesRepository } from './releases.repository.js'
import type { ConvaiAgentBranchesTable } from './versions.tables.js'

export type BranchRow = Selectable<ConvaiAgentBranchesTable>
export interface VersionRow {
  id: string
  agent_id: string
  branch_id: string
  seq_no_in_branch: number
  description: string
  snapshot: Record<string, unknown>
  parents: Record<string, string | null>
  created_by: string | null
  created_at: Date
}
export type { DeploymentRow, DraftRow } from './releases.repository.js'

interface NewVersion {
  id: string
  agentId: string
  branchId: string
  description: string
  snapshot: object
  parents: Record<string, string | null>
  createdBy: string | null
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505'

/** An agent's branches and versions (with its drafts and deployments); callers have checked the agent's workspace. */
export function createVersionsRepository(db: Database) {
  /** A branch's versions, newest first. */
  const listVersions = async (branchId: string, limit: number): Promise<VersionRow[]> =>
    (await db
      .selectFrom('convai_agent_versions')
      .selectAll()
      .where('branch_id', '=', branchId)
      .orderBy('seq_no_in_branch', 'desc')
      .limit(limit)
      .execute()) as VersionRow[]

  const appendVersion = async (row: NewVersion): Promise<VersionRow> => {
    return db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom('convai_agent_versions')
        .select((eb) => eb.fn.max('seq_no_in_branch').as('seq'))
        .where('branch_id', '=', row.branchId)
        .executeTakeFirst()
      const now = new Date()
      const inserted = await trx
        .insertInto('convai_agent_versions')
        .values({
          id: row.id,
          agent_id: row.agentId,
          branch_id: row.branchId,
          seq_no_in_branch: Number(last?.seq ?? -1) + 1,
          description: row.description,
          snapshot: JSON.stringify(row.snapshot),
          parents: JSON.stringify(row.parents),
          created_by: row.createdBy,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('convai_agent_branches')
        .set({ last_committed_at: now })
        .where('id', '=', row.branchId)
        .execute()
      return inserted as VersionRow
    })
  }

  return {
    ...createReleasesRepository(db),
    async branches(agentId: string): Promise<BranchRow[]> {
      return (await db
        .selectFrom('convai_agent_branches')
        .selectAll()
        .where('agent_id', '=', agentId)
        .orderBy('is_main', 'desc')
        .orderBy('created_at')
        .orderBy('id')
        .execute()) as BranchRow[]
    },

    async branch(agentId: string, branchId: string): Promise<BranchRow | undefined> {
      return (await db
        .selectFrom('convai_agent_branches')
        .selectAll()
        .where('agent_id', '=', agentId)
        .where('id', '=', branchId)
        .executeTakeFirst()) as BranchRow | undefined
    },

    async insertBranch(row: {
      id: string
      agentId: string
      name: string
      description: string
      isMain: boolean
      parentBranchId: string | null
      createdBy: string | null
    }): Promise<void> {
      await db
        .insertInto('convai_agent_branches')
        .values({
          id: row.id,
          agent_id: row.agentId,
          name: row.name,
          description: row.description,
          is_main: row.isMain,
          parent_branch_id: row.parentBranchId,
          created_by: row.createdBy,
        })
        .execute()
    },

    async updateBranch(
      agentId: string,
      branchId: string,
      patch: Partial<{
        name: string
        is_archived: boolean
        protection_status: string | null
        auto_rebase: boolean
        merged_into_branch_id: string | null
      }>,
    ): Promise<void> {
      await db
        .updateTable('convai_agent_branches')
        .set(patch)
        .where('agent_id', '=', agentId)
        .where('id', '=', branchId)
        .execute()
    },

    /**
     * Appends a version at the branch's next sequence number and moves the branch's tip to it.
     * Two saves racing for the same number: the loser takes the next one.
     */
    async insertVersion(row: NewVersion): Promise<VersionRow> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await appendVersion(row)
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error
        }
      }
    },

    async version(agentId: string, versionId: string): Promise<VersionRow | undefined> {
      return (await db
        .selectFrom('convai_agent_versions')
        .selectAll()
        .where('agent_id', '=', agentId)
        .where('id', '=', versionId)
        .executeTakeFirst()) as VersionRow | undefined
    },

    versions: listVersions,

    async tip(branchId: string): Promise<VersionRow | undefined> {
      return (await listVersions(branchId, 1))[0]
    },
  }
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>
