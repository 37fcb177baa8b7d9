import type { Database } from '../../db/database.js'

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

    /** The roles granted to the user on a resource, directly or through any of their groups. */
    async rolesOf(workspaceId: string, resourceType: string, resourceId: string, userId: string) {
      const rows = await db
        .selectFrom('workspace_resource_grants')
        .select('role')
        .where('workspace_id', '=', workspaceId)
        .where('resource_type', '=', resourceType)
        .where('resource_id', '=', resourceId)
        .where((eb) =>
          eb.or([
            eb.and([eb('principal_type', '=', 'user'), eb('principal_id', '=', userId)]),
            eb.and([
              eb('principal_type', '=', 'group'),
              eb(
                'principal_id',
                'in',
                eb
                  .selectFrom('workspace_groups')
                  .select('workspace_groups.id')
                  .where('workspace_groups.workspace_id', '=', workspaceId)
                  .where((g) =>
                    g.or([
                      g('workspace_groups.is_everyone', '=', true),
                      g(
                        'workspace_groups.id',
                        'in',
                        g
                          .selectFrom('workspace_group_members')
                          .select('workspace_group_members.group_id')
                          .where('workspace_group_members.user_id', '=', userId),
                      ),
                    ]),
                  ),
              ),
            ]),
          ]),
        )
        .execute()
      return rows.map((r) => r.role)
    },

    /** Editor grants on a new resource for every group of the workspace that asks for them. */
    async grantNewResourceEditors(workspaceId: string, resourceType: string, resourceId: string) {
      await db
        .insertInto('workspace_resource_grants')
        .columns(['workspace_id', 'resource_type', 'resource_id', 'principal_type', 'principal_id', 'role'])
        .expression((eb) =>
          eb
            .selectFrom('workspace_groups')
            .select((g) => [
              g.val(workspaceId).as('workspace_id'),
              g.val(resourceType).as('resource_type'),
              g.val(resourceId).as('resource_id'),
              g.val('group').as('principal_type'),
              'id as principal_id',
              g.val('editor').as('role'),
            ])
            .where('workspace_id', '=', workspaceId)
            .where('new_resource_editor', '=', true),
        )
        .onConflict((oc) => oc.doNothing())
        .execute()
    },

    /** A deleted resource's grants go with it. */
    async removeAll(workspaceId: string, resourceType: string, resourceId: string): Promise<void> {
      await db
        .deleteFrom('workspace_resource_grants')
        .where('workspace_id', '=', workspaceId)
        .where('resource_type', '=', resourceType)
        .where('resource_id', '=', resourceId)
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
