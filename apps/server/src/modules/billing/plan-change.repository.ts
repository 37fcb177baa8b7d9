import type { Transaction, Updateable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow, SubscriptionsTable } from './billing.tables.js'

/** Plan changes: the locked row, the change lease and the update that writes the change. */
export function planChangeQueries(db: Database) {
  return {
    /** The row, locked until the caller's transaction ends: every plan change starts here. */
    lockForChange(trx: Transaction<DB>, workspaceId: string): Promise<SubscriptionRow | undefined> {
      return trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .forUpdate()
        .executeTakeFirst()
    },

    /**
     * Takes the change lease in one statement, unless someone else holds one that has not run
     * out; the row as it is then, or undefined when the lease is taken (or there is no row).
     */
    takeChangeLease(workspaceId: string, token: string, until: Date, now: Date) {
      return db
        .updateTable('subscriptions')
        .set({ change_lease_token: token, change_lease_until: until })
        .where('workspace_id', '=', workspaceId)
        .where((eb) => eb.or([eb('change_lease_until', 'is', null), eb('change_lease_until', '<=', now)]))
        .returningAll()
        .executeTakeFirst()
    },

    async exists(workspaceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('workspace_id')
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
      return row !== undefined
    },

    async releaseChangeLease(workspaceId: string, token: string): Promise<void> {
      await db
        .updateTable('subscriptions')
        .set({ change_lease_token: null, change_lease_until: null })
        .where('workspace_id', '=', workspaceId)
        .where('change_lease_token', '=', token)
        .execute()
    },

    /** Writes a plan change decided by the billing service on the locked row. */
    async update(
      trx: Transaction<DB>,
      workspaceId: string,
      patch: Updateable<SubscriptionsTable>,
    ): Promise<SubscriptionRow> {
      return trx
        .updateTable('subscriptions')
        .set({ ...patch, updated_at: new Date() })
        .where('workspace_id', '=', workspaceId)
        .returningAll()
        .executeTakeFirstOrThrow()
    },

    lockByProviderSubscription(trx: Transaction<DB>, subscriptionId: string) {
      return trx
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', subscriptionId)
        .forUpdate()
        .executeTakeFirst()
    },
  }
}
