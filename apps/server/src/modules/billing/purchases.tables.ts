import type { Generated, Selectable } from 'kysely'
import type { NullableTimestamp, Timestamp } from '../../db/schema.js'

/** A one-off purchase paid on the provider's checkout page (another domain's thing, by reference). */
export interface CheckoutPurchasesTable {
  id: string
  workspace_id: string
  user_id: string
  /** Which domain's thing is bought (production_order), and its id there. */
  product: string
  reference: string
  description: string
  amount_cents: number
  currency: string
  provider: string
  provider_session_id: string | null
  /** The provider's charge (or its checkout session) once paid. */
  provider_reference: string | null
  /** The page where it is paid, kept so a second request opens the same page. */
  url: string | null
  /** Where the payer is sent back to in the app. */
  return_path: string
  status: Generated<'open' | 'complete' | 'expired'>
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: NullableTimestamp
}

export type CheckoutPurchaseRow = Selectable<CheckoutPurchasesTable>

declare module '../../db/schema.js' {
  interface DB {
    checkout_purchases: CheckoutPurchasesTable
  }
}
