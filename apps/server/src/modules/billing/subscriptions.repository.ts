import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SubscriptionRow } from './billing.tables.js'
import { characterCountQueries } from './character-count.repository.js'
import { dueSubscriptionQueries } from './due-subscriptions.repository.js'
import { planChangeQueries } from './plan-change.repository.js'

/** Every statement on `subscriptions`: the workspace's plan and its character count. */
export function createSubscriptionsRepository(db: Database) {
  return {
    ...characterCountQueries(db),
    ...planChangeQueries(db),
    ...dueSubscriptionQueries(db),

    /** The row behind GET /v1/user/subscription. */
    find(workspaceId: string): Promise<SubscriptionRow> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    },

    /** Sign-up: every new workspace starts on the free plan, in the caller's transaction. */
    async insertFree(
      trx: Transaction<DB>,
      input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
    ): Promise<void> {
      await trx
        .insertInto('subscriptions')
        .values({
          workspace_id: input.workspaceId,
          character_limit: input.characterLimit,
          next_reset_at: input.nextResetAt,
        })
        .execute()
    },
  }
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>
