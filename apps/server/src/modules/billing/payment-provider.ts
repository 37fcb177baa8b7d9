import type { Currency } from '@timbre/contract'
import { AppError } from '../../errors.js'

/**
 * Where money comes from. The local provider is the default: a test mode that takes the
 * well-known test card numbers and moves no real money. A card provider (Stripe) plugs in
 * behind the same interface; its charges are external calls, so it will record a payment as
 * pending and confirm it from the provider's signed webhook.
 */
export interface PaymentProvider {
  readonly name: string
  /** True when no real money moves; every billing answer says so. */
  readonly testMode: boolean
  /** The page where the customer pays a checkout session. */
  checkoutUrl(origin: string, sessionId: string): string
  /** Decides a charge on the card entered on the checkout page; refuses a declined card. */
  chargeCard(input: ChargeInput & { cardNumber: string }): ChargeResult
  /** Charges the card kept from the checkout (upgrades with proration). */
  chargeCardOnFile(input: ChargeInput): ChargeResult
}

export interface ChargeInput {
  amountCents: number
  currency: Currency
  idempotencyKey: string
}

export interface ChargeResult {
  reference: string
}

/** Test cards of the local provider (the numbers card providers use for the same cases). */
export const LOCAL_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
} as const

function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function createLocalPaymentProvider(): PaymentProvider {
  return {
    name: 'local',
    testMode: true,
    checkoutUrl: (origin, sessionId) => `${origin}/checkout/${encodeURIComponent(sessionId)}`,
    chargeCard(input) {
      const digits = input.cardNumber.replace(/[\s-]/g, '')
      if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
        throw new AppError('invalid_card_number', { param: 'card_number' })
      if (digits === LOCAL_TEST_CARDS.declined) throw new AppError('card_declined', { param: 'card_number' })
      return { reference: `local_card_${digits.slice(-4)}` }
    },
    chargeCardOnFile() {
      return { reference: 'local_card_on_file' }
    },
  }
}
