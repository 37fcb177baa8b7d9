import { PROMO_FAILURE_LIMIT, PROMO_FAILURE_WINDOW_SECONDS } from '@timbre/contract'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { PaymentsRepository } from './payments.repository.js'
import type { PromoCodesRepository } from './promo-codes.repository.js'

export interface Promo {
  code: string
  amountOff: number | null
  percentOff: number | null
  durationInMonths: number
}

/** Who would redeem a code: each workspace and each person redeems a code once at most. */
export interface Redeemer {
  workspaceId: string
  userId: string
}

/**
 * A promo code that exists, has not expired, is not used up and was not redeemed by this
 * workspace or person; otherwise the catalogue's error.
 */
export async function resolvePromo(
  payments: PaymentsRepository,
  codes: PromoCodesRepository,
  code: string,
  now: Date,
  redeemer: Redeemer,
): Promise<Promo> {
  const trimmed = code.trim()
  const row = trimmed ? await payments.findPromo(trimmed) : undefined
  if (!row) throw new AppError('invalid_promocode', { param: 'promocode' })
  if (row.expires_at && row.expires_at.getTime() <= now.getTime())
    throw new AppError('coupon_expired', { param: 'promocode' })
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions)
    throw new AppError('promocode_used_up', { param: 'promocode' })
  if (await codes.redeemedBy(row.code, redeemer.workspaceId, redeemer.userId))
    throw new AppError('promocode_already_redeemed', { param: 'promocode' })
  return {
    code: row.code,
    amountOff: row.amount_off,
    percentOff: row.percent_off,
    durationInMonths: row.duration_in_months,
  }
}

/**
 * Redeems a code inside the transaction that pays for it: the cap is counted in one statement,
 * and the same workspace or person redeeming again is refused; the caller's transaction then
 * rolls back whatever it wrote.
 */
export async function redeemPromo(
  codes: PromoCodesRepository,
  trx: Transaction<DB>,
  input: Redeemer & { code: string; at: Date },
): Promise<void> {
  if (!(await codes.takeRedemption(trx, input.code)))
    throw new AppError('promocode_used_up', { param: 'promocode' })
  if (!(await codes.recordRedemption(trx, input)))
    throw new AppError('promocode_already_redeemed', { param: 'promocode' })
}

/** Where a promo code check comes from: wrong codes are counted per account and per address. */
export interface PromoClient {
  userId: string
  address: string
}

/**
 * Slows guessing: past the limit of wrong codes within the window, from one account or one
 * address, every check is refused (429) until the oldest of them leaves the window. Only
 * codes that do not exist count; a real code that cannot be used any more says so.
 */
export function createPromoGuard(deps: { codes: PromoCodesRepository; now: () => Date }) {
  const windowMs = PROMO_FAILURE_WINDOW_SECONDS * 1000
  async function assertAllowed(client: PromoClient): Promise<void> {
    const since = new Date(deps.now().getTime() - windowMs)
    const { byUser, byAddress } = await deps.codes.recentFailures(client.userId, client.address, since)
    const over = [byUser, byAddress].filter((f) => f.count >= PROMO_FAILURE_LIMIT && f.first)
    if (over.length === 0) return
    const until = Math.max(...over.map((f) => (f.first as Date).getTime() + windowMs))
    const retryAfter = Math.max(1, Math.ceil((until - deps.now().getTime()) / 1000))
    throw new AppError('too_many_attempts', { headers: { 'retry-after': String(retryAfter) } })
  }
  return {
    /** Runs a call that reads a promo code, counting it when the code does not exist. */
    async guard<T>(client: PromoClient, code: string | null | undefined, work: () => Promise<T>): Promise<T> {
      if (!code?.trim()) return work()
      await assertAllowed(client)
      try {
        return await work()
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_promocode')
          await deps.codes.recordFailure(client.userId, client.address)
        throw error
      }
    },
    sweep: () => deps.codes.deleteOldFailures(new Date(deps.now().getTime() - windowMs)),
  }
}

export type PromoGuard = ReturnType<typeof createPromoGuard>

/** The promo validation answer: an unknown, empty, expired or used-up code is not valid. */
export async function validatePromo(
  payments: PaymentsRepository,
  codes: PromoCodesRepository,
  code: string,
  now: Date,
  redeemer: Redeemer,
) {
  try {
    const promo = await resolvePromo(payments, codes, code, now, redeemer)
    return {
      valid: true,
      amount_off: promo.amountOff,
      percent_off: promo.percentOff,
      duration_in_months: promo.durationInMonths,
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    // Unknown codes still count against guessing; the answer itself stays a plain "not valid".
    if (error.code === 'invalid_promocode') throw error
    return { valid: false, amount_off: null, percent_off: null, duration_in_months: null }
  }
}
