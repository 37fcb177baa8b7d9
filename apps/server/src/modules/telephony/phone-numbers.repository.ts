import type { Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ConvaiPhoneNumbersTable } from './telephony.tables.js'

export type PhoneNumberRow = Selectable<ConvaiPhoneNumbersTable>

/** A workspace's phone numbers. */
export function createPhoneNumbersRepository(db: Database) {
  return {
    /** False when the workspace already has the number. */
    async insert(row: {
      id: string
      workspaceId: string
      createdBy: string
      provider: string
      phoneNumber: string
      label: string
      agentId: string | null
      supportsInbound: boolean
      supportsOutbound: boolean
      config: object
      secretsSealed: string | null
    }): Promise<boolean> {
      const result = await db
        .insertInto('convai_phone_numbers')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          created_by: row.createdBy,
          provider: row.provider,
          phone_number: row.phoneNumber,
          label: row.label,
          agent_id: row.agentId,
          supports_inbound: row.supportsInbound,
          supports_outbound: row.supportsOutbound,
          config: JSON.stringify(row.config),
          secrets_sealed: row.secretsSealed,
        })
        .onConflict((oc) => oc.columns(['workspace_id', 'phone_number']).doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    find(workspaceId: string, id: string): Promise<PhoneNumberRow | undefined> {
      return db
        .selectFrom('convai_phone_numbers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    list(workspaceId: string): Promise<PhoneNumberRow[]> {
      return db
        .selectFrom('convai_phone_numbers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute()
    },

    async update(
      workspaceId: string,
      id: string,
      patch: { label: string; agentId: string | null; config: object; secretsSealed: string | null },
    ): Promise<void> {
      await db
        .updateTable('convai_phone_numbers')
        .set({
          label: patch.label,
          agent_id: patch.agentId,
          config: JSON.stringify(patch.config),
          secrets_sealed: patch.secretsSealed,
          updated_at: new Date(),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .execute()
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('convai_phone_numbers')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
  }
}

export type PhoneNumbersRepository = ReturnType<typeof createPhoneNumbersRepository>
