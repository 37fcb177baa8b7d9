import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { webhookDeliveryQueries } from './webhook-deliveries.repository.js'

const webhookColumns = [
  'id',
  'workspace_id',
  'name',
  'url',
  'auth_type',
  'secret_sealed',
  'events',
  'is_disabled',
  'is_auto_disabled',
  'consecutive_failures',
  'last_failure_code',
  'last_failure_at',
  'created_at',
  'auth_connection_id',
] as const

export function createWebhooksRepository(db: Database) {
  return {
    ...webhookDeliveryQueries(db),
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    list(workspaceId: string) {
      return db
        .selectFrom('webhooks')
        .select(webhookColumns)
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    find(workspaceId: string, id: string) {
      return db
        .selectFrom('webhooks')
        .select(webhookColumns)
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findById(id: string) {
      return db.selectFrom('webhooks').select(webhookColumns).where('id', '=', id).executeTakeFirst()
    },

    async insert(row: {
      id: string
      workspaceId: string
      name: string
      url: string
      authType: string
      secretSealed: string
      authConnectionId: string | null
    }): Promise<void> {
      await db
        .insertInto('webhooks')
        .values({
          id: row.id,
          workspace_id: row.workspaceId,
          name: row.name,
          url: row.url,
          auth_type: row.authType,
          secret_sealed: row.secretSealed,
          auth_connection_id: row.authConnectionId,
          created_at: new Date(),
        })
        .execute()
    },

    async update(
      workspaceId: string,
      id: string,
      changes: { name?: string; isDisabled?: boolean; events?: string[] },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhooks')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.events !== undefined ? { events: JSON.stringify(changes.events) } : {}),
          // Switching a webhook on again clears an automatic switch-off and its failure count.
          ...(changes.isDisabled !== undefined
            ? changes.isDisabled
              ? { is_disabled: true }
              : { is_disabled: false, is_auto_disabled: false, consecutive_failures: 0 }
            : {}),
        })
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('webhooks')
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },

    /** The enabled webhooks of a workspace subscribed to an event kind. */
    subscribers(workspaceId: string, eventType: string) {
      return db
        .selectFrom('webhooks')
        .select(['id'])
        .where('workspace_id', '=', workspaceId)
        .where('is_disabled', '=', false)
        .where('is_auto_disabled', '=', false)
        .where(sql<boolean>`events @> ${JSON.stringify([eventType])}::jsonb`)
        .execute()
    },

    async recordSuccess(webhookId: string): Promise<void> {
      await db.updateTable('webhooks').set({ consecutive_failures: 0 }).where('id', '=', webhookId).execute()
    },

    /**
     * Counts a delivery that failed every attempt and switches the webhook off once the count
     * reaches the threshold, in one statement so concurrent failures cannot miss it.
     */
    async recordFailure(webhookId: string, code: number | null, threshold: number) {
      return db
        .updateTable('webhooks')
        .set((eb) => ({
          consecutive_failures: eb('consecutive_failures', '+', 1),
          last_failure_code: code,
          last_failure_at: new Date(),
          is_auto_disabled: sql<boolean>`is_auto_disabled or consecutive_failures + 1 >= ${threshold}`,
        }))
        .where('id', '=', webhookId)
        .returning(['consecutive_failures', 'is_auto_disabled'])
        .executeTakeFirst()
    },
  }
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>
