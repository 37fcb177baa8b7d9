import type { Database } from '../../../db/database.js'

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

/** An agent's uncommitted drafts, its deployments and the calls each branch took. */
export function createReleasesRepository(db: Database) {
  return {
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
