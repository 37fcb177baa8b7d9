import type { Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB, SubscriptionRow } from '../../db/schema.js'
import type { DomainModule } from '../domain-module.js'
import { checkRequestSize, planOf, type WorkspacePlan } from './plan-rules.js'
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions.repository.js'

/** The workspace's character count, moved inside the credit ledger's own transactions. */
export type SubscriptionCounter = Pick<
  SubscriptionsRepository,
  'addCharacters' | 'subtractCharacters' | 'characterCount'
>

export interface BillingPorts {
  /** The workspace's plan: tier, limits, allowance above the limit, per-request maximum. */
  plan(workspaceId: string): Promise<WorkspacePlan>
  checkRequestSize(plan: WorkspacePlan, characters: number): void
  /** The subscription row (GET /v1/user/subscription). */
  subscription(workspaceId: string): Promise<SubscriptionRow>
  /** Sign-up: the free subscription of a new workspace, in the sign-up transaction. */
  insertFreeSubscription(
    trx: Transaction<DB>,
    input: { workspaceId: string; characterLimit: number; nextResetAt: Date },
  ): Promise<void>
  characterCount(workspaceId: string): Promise<number>
  /** The count's conditional updates, for the credits ledger's transactions. */
  subscriptions: SubscriptionCounter
}

/** Subscriptions and the rules of the plans. */
export function createBillingModule(deps: { db: Database }): DomainModule<BillingPorts> {
  const subscriptions = createSubscriptionsRepository(deps.db)
  return {
    name: 'billing',
    ports: {
      plan: async (workspaceId) => planOf(await subscriptions.find(workspaceId)),
      checkRequestSize,
      subscription: (workspaceId) => subscriptions.find(workspaceId),
      insertFreeSubscription: (trx, input) => subscriptions.insertFree(trx, input),
      characterCount: (workspaceId) => subscriptions.characterCount(workspaceId),
      subscriptions,
    },
  }
}

export type { WorkspacePlan } from './plan-rules.js'
