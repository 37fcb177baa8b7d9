import type { Selectable } from 'kysely'
import type { Database } from '../../../db/database.js'
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
export interface DraftRow {
  branch_id: string
  agent_id: string
  base_version_id: string
  snapshot: Record<string, unknown>
  created_at: Date
  updated_at: Date
}
export interface DeploymentRow {
  id: string
  agent_id: string
  traffic: Record<string, number>
  source: string
  created_by: string | null
  deployed_at: Date
}

/** An agent's branches, versions, drafts and deployments; callers have checked the agent's workspace. */
export function createVersionsRepository(db: Database) {
  return {
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

    /** Appends a version at the branch's next sequence number and moves the branch's tip to it. */
    async insertVersion(row: {
      id: string
      agentId: string
      branchId: string
      description: string
      snapshot: object
      parents: Record<string, string | null>
      createdBy: string | null
    }): Promise<VersionRow> {
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
    },

    async version(agentId: string, versionId: string): Promise<VersionRow | undefined> {
      return (await db
        .selectFrom('convai_agent_versions')
        .selectAll()
        .where('agent_id', '=', agentId)
        .where('id', '=', versionId)
        .executeTakeFirst()) as VersionRow | undefined
    },

    /** A branch's versions, newest first. */
    async versions(branchId: string, limit: number): Promise<VersionRow[]> {
      return (await db
        .selectFrom('convai_agent_versions')
        .selectAll()
        .where('branch_id', '=', branchId)
        .orderBy('seq_no_in_branch', 'desc')
        .limit(limit)
        .execute()) as VersionRow[]
    },

    async tip(branchId: string): Promise<VersionRow | undefined> {
      return (await this.versions(branchId, 1))[0]
    },

    async draft(agentId: string, branchId: string): Promise<DraftRow | undefined> {
      return (await db
        .selectFrom('convai_agent_drafts')
        .selectAll()
        .where('agent_id', '=', agentId)
        .where('branch_id', '=', branchId)
        .executeTakeFirst()) as DraftRow | undefined
    },

    async drafts(agentId: string): Promise<DraftRow[]> {
      return (await db
        .selectFrom('convai_agent_drafts')
        .selectAll()
        .where('agent_id', '=', agentId)
        .execute()) as DraftRow[]
    },

    async saveDraft(row: { agentId: string; branchId: string; baseVersionId: string; snapshot: object }) {
      const now = new Date()
      await db
        .insertInto('convai_agent_drafts')
        .values({
          branch_id: row.branchId,
          agent_id: row.agentId,
          base_version_id: row.baseVersionId,
          snapshot: JSON.stringify(row.snapshot),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc.column('branch_id').doUpdateSet({ snapshot: JSON.stringify(row.snapshot), updated_at: now }),
        )
        .execute()
    },

    async removeDraft(agentId: string, branchId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_agent_drafts')
        .where('agent_id', '=', agentId)
        .where('branch_id', '=', branchId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    async insertDeployment(row: {
      id: string
      agentId: string
      traffic: Record<string, number>
      source: 'manual' | 'branch_merge'
      createdBy: string | null
    }): Promise<void> {
      await db
        .insertInto('convai_agent_deployments')
        .values({
          id: row.id,
          agent_id: row.agentId,
          traffic: JSON.stringify(row.traffic),
          source: row.source,
          created_by: row.createdBy,
          deployed_at: new Date(),
        })
        .execute()
    },

    /** Deployments newest first; the first is the split in force. */
    async deployments(agentId: string, offset: number, limit: number): Promise<DeploymentRow[]> {
      return (await db
        .selectFrom('convai_agent_deployments')
        .selectAll()
        .where('agent_id', '=', agentId)
        .orderBy('deployed_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute()) as DeploymentRow[]
    },

    async countDeployments(agentId: string): Promise<number> {
      const row = await db
        .selectFrom('convai_agent_deployments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('agent_id', '=', agentId)
        .executeTakeFirst()
      return Number(row?.n ?? 0)
    },

    /** Conversations each branch took in the last days (its calls_7d). */
    async callsSince(agentId: string, since: Date): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('convai_conversations')
        .select(['branch_id', (eb) => eb.fn.countAll().as('n')])
        .where('agent_id', '=', agentId)
        .where('started_at', '>=', since)
        .where('branch_id', 'is not', null)
        .groupBy('branch_id')
        .execute()
      return new Map(rows.map((r) => [r.branch_id as string, Number(r.n)]))
    },
  }
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>
