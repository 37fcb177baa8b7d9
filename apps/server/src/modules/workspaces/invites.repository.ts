import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'

type Executor = Database | Transaction<DB> | undefined

/** Invites to a workspace: one per address, found by the hash of their mailed code. */
export function createInvitesRepository(db: Database) {
  return {
    findInviteByEmail(executor: Executor, workspaceId: string, email: string) {
      return (executor ?? db)
        .selectFrom('workspace_invites')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst()
    },

    findInviteByCode(trx: Transaction<DB>, codeHash: string) {
      return trx
        .selectFrom('workspace_invites')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invites.workspace_id')
        .selectAll('workspace_invites')
        .select('workspaces.name as workspace_name')
        .where('code_hash', '=', codeHash)
        .forUpdate('workspace_invites')
        .executeTakeFirst()
    },

    /** What the invited person sees before answering: the workspace and who invited them. */
    previewInvite(codeHash: string) {
      return db
        .selectFrom('workspace_invites')
        .innerJoin('workspaces', 'workspaces.id', 'workspace_invites.workspace_id')
        .leftJoin('users', 'users.id', 'workspace_invites.invited_by')
        .select([
          'workspace_invites.email',
          'workspace_invites.role',
          'workspace_invites.expires_at',
          'workspaces.name as workspace_name',
          'users.first_name as inviter_first_name',
          'users.email as inviter_email',
        ])
        .where('code_hash', '=', codeHash)
        .executeTakeFirst()
    },

    /** The workspace an invite code is for (read before its transaction, to price the seats). */
    async inviteWorkspace(codeHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('workspace_invites')
        .select('workspace_id')
        .where('code_hash', '=', codeHash)
        .executeTakeFirst()
      return row?.workspace_id
    },

    listInvites(workspaceId: string) {
      return db
        .selectFrom('workspace_invites')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .execute()
    },

    /** One pending invite per address and workspace: inviting again replaces the code. */
    async upsertInvite(
      trx: Transaction<DB>,
      invite: {
        id: string
        workspaceId: string
        email: string
        role: 'admin' | 'member'
        groupIds: string[]
        codeHash: string
        invitedBy: string
        expiresAt: Date
      },
    ): Promise<void> {
      await trx
        .deleteFrom('workspace_invites')
        .where('workspace_id', '=', invite.workspaceId)
        .where(sql<string>`lower(email)`, '=', invite.email.toLowerCase())
        .execute()
      await trx
        .insertInto('workspace_invites')
        .values({
          id: invite.id,
          workspace_id: invite.workspaceId,
          email: invite.email,
          role: invite.role,
          group_ids: invite.groupIds,
          code_hash: invite.codeHash,
          invited_by: invite.invitedBy,
          expires_at: invite.expiresAt,
        })
        .execute()
    },

    async deleteInvite(executor: Executor, id: string): Promise<void> {
      await (executor ?? db).deleteFrom('workspace_invites').where('id', '=', id).execute()
    },
  }
}
