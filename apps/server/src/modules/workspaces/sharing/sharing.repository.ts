import type { Database } from '../../../db/database.js'

export interface Grant {
  principalType: 'user' | 'group'
  principalId: string
  role: string
}

/** Who a resource is shared with: users and groups of its workspace, each with one role. */
export function createSharingRepository(db: Database) {
  return {
    async grants(workspaceId: string, resourceType: string, resourceId: string): Promise<Grant[]> {
      const rows = await db
        .selectFrom('workspace_resource_grants')
        .select(['principal_type', 'principal_id', 'role'])
        .where('workspace_id', '=', workspaceId)
        .where('resource_type', '=', resourceType)
        .where('resource_id', '=', resourceId)
        .orderBy('principal_type')
        .orderBy('principal_id')
        .execute()
      return rows.map((r) => ({ principalType: r.principal_type, principalId: r.principal_id, role: r.role }))
    },

    async upsert(workspaceId: string, resourceType: string, resourceId: string, grant: Grant): Promise<void> {
      await db
        .insertInto('workspace_resource_grants')
        .values({
          workspace_id: workspaceId,
          resource_type: resourceType,
          resource_id: resourceId,
          principal_type: grant.principalType,
          principal_id: grant.principalId,
          role: grant.role,
        })
        .onConflict((oc) =>
          oc
            .columns(['workspace_id', 'resource_type', 'resource_id', 'principal_type', 'principal_id'])
            .doUpdateSet({ role: grant.role }),
        )
        .execute()
    },

    async remove(
      workspaceId: string,
      resourceType: string,
      resourceId: string,
      target: Omit<Grant, 'role'>,
    ): Promise<boolean> {
      const result = await db
        .deleteFrom('workspace_resource_grants')
        .where('workspace_id', '=', workspaceId)
        .where('resource_type', '=', resourceType)
        .where('resource_id', '=', resourceId)
        .where('principal_type', '=', target.principalType)
        .where('principal_id', '=', target.principalId)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}

export type SharingRepository = ReturnType<typeof createSharingRepository>
