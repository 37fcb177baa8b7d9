import { AppError } from '../../errors.js'
import type { PaymentsRepository } from './payments.repository.js'

export interface Promo {
  code: string
  amountOff: number | null
  percentOff: number | null
  durationInMonths: number
}

/** A promo code that exists and has not expired; otherwise the catalogue's error. */
export async function resolvePromo(payments: PaymentsRepository, code: string, now: Date): Promise<Promo> {
  const trimmed = code.trim()
  const row = trimmed ? await payments.findPromo(trimmed) : undefined
  if (!row) throw new AppError('invalid_promocode', { param: 'promocode' })
  if (row.expires_at && row.expires_at.getTime() <= now.getTime())
    throw new AppError('coupon_expired', { param: 'promocode' })
  return {
    code: row.code,
    amountOff: row.amount_off,
    percentOff: row.percent_off,
    durationInMonths: row.duration_in_months,
  }
}

/** The promo validation answer: an unknown, empty or expired code is simply not valid. */
export async function validatePromo(payments: PaymentsRepository, code: string, now: Date) {
  try {
    const promo = await resolvePromo(payments, code, now)
    return {
      valid: true,
      amount_off: promo.amountOff,
      percent_off: promo.percentOff,
      duration_in_months: promo.durationInMonths,
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { valid: false, amount_off: null, percent_off: null, duration_in_months: null }
  }
}
