import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { GrantOfferRow, PromoCodeRow } from './billing.tables.js'
import type { OperatorOffersRepository } from './operator-offers.repository.js'

const unix = (at: Date | null) => (at ? Math.floor(at.getTime() / 1000) : null)
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null)

export function promoView(row: PromoCodeRow) {
  return {
    code: row.code,
    amount_off: row.amount_off,
    percent_off: row.percent_off,
    duration_in_months: row.duration_in_months,
    expires_at_unix: unix(row.expires_at),
    created_at_unix: unix(row.created_at) ?? 0,
    max_redemptions: row.max_redemptions,
    redemptions: row.redemptions,
  }
}

export function grantOfferView(row: GrantOfferRow) {
  return {
    code: row.code,
    tier: row.tier,
    duration_months: row.duration_months,
    expires_at_unix: unix(row.expires_at),
    redeemed_workspace_id: row.redeemed_workspace_id,
    redeemed_at_unix: unix(row.redeemed_at),
    created_at_unix: unix(row.created_at) ?? 0,
  }
}

/** A page of rows asked one over the limit, so the answer knows whether more follow. */
function page<T extends { code: string }>(rows: T[], limit: number) {
  const shown = rows.slice(0, limit)
  return { shown, has_more: rows.length > limit, last_code: shown.at(-1)?.code ?? null }
}

/**
 * Promo codes and grant offers as an operator issues them. A code is unique for ever among
 * its kind; a grant offer already redeemed stays (it records whose grant it is).
 */
export function createOperatorOffersService(deps: { offers: OperatorOffersRepository; now: () => Date }) {
  const { offers } = deps
  const pastExpiry = (seconds: number | null | undefined) =>
    seconds != null && seconds * 1000 <= deps.now().getTime()

  return {
    async createPromo(input: {
      code?: string | undefined
      amount_off?: number | null | undefined
      percent_off?: number | null | undefined
      duration_in_months: number
      expires_at_unix?: number | null | undefined
      max_redemptions?: number | null | undefined
    }) {
      if (pastExpiry(input.expires_at_unix))
        throw new AppError('validation_error', {
          message: 'expires_at_unix: must be in the future',
          param: 'expires_at_unix',
        })
      const row = await offers.insertPromo({
        code: input.code ?? `PROMO-${newId(10).toUpperCase()}`,
        amount_off: input.amount_off ?? null,
        percent_off: input.percent_off ?? null,
        duration_in_months: input.duration_in_months,
        expires_at: dateOf(input.expires_at_unix),
        created_at: deps.now(),
        max_redemptions: input.max_redemptions ?? null,
      })
      if (!row) throw new AppError('promo_code_exists', { param: 'code' })
      return promoView(row)
    },

    async listPromos(limit: number, after: string | undefined) {
      const { shown, ...rest } = page(await offers.listPromos(limit + 1, after), limit)
      return { promo_codes: shown.map(promoView), ...rest }
    },

    async getPromo(code: string) {
      const row = await offers.findPromo(code)
      if (!row) throw new AppError('promo_code_not_found')
      return promoView(row)
    },

    async deletePromo(code: string) {
      if (!(await offers.deletePromo(code))) throw new AppError('promo_code_not_found')
      return { code, deleted: true }
    },

    async createGrantOffer(input: {
      code?: string | undefined
      tier: 'grant_tier_1' | 'grant_tier_2'
      duration_months: number
      expires_at_unix?: number | null | undefined
    }) {
      if (pastExpiry(input.expires_at_unix))
        throw new AppError('validation_error', {
          message: 'expires_at_unix: must be in the future',
          param: 'expires_at_unix',
        })
      const row = await offers.insertGrantOffer({
        code: input.code ?? `GRANT-${newId(12).toUpperCase()}`,
        tier: input.tier,
        duration_months: input.duration_months,
        expires_at: dateOf(input.expires_at_unix),
        created_at: deps.now(),
      })
      if (!row) throw new AppError('grant_offer_exists', { param: 'code' })
      return grantOfferView(row)
    },

    async listGrantOffers(limit: number, after: string | undefined) {
      const { shown, ...rest } = page(await offers.listGrantOffers(limit + 1, after), limit)
      return { grant_offers: shown.map(grantOfferView), ...rest }
    },

    async getGrantOffer(code: string) {
      const row = await offers.findGrantOffer(code)
      if (!row) throw new AppError('grant_offer_not_found')
      return grantOfferView(row)
    },

    async deleteGrantOffer(code: string) {
      if (await offers.deleteUnredeemedGrantOffer(code)) return { code, deleted: true }
      const row = await offers.findGrantOffer(code)
      if (!row) throw new AppError('grant_offer_not_found')
      throw new AppError('grant_offer_redeemed', {
        message: 'This grant offer was redeemed; it stays as the record of that grant.',
      })
    },
  }
}

export type OperatorOffersService = ReturnType<typeof createOperatorOffersService>
