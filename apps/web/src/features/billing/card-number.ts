/** Groups of four digits as the card number is typed. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** A card number is worth sending once it has as many digits as the shortest card (12). */
export function cardNumberReady(value: string): boolean {
  const digits = value.replace(/\D/g, '')
  return digits.length >= 12 && digits.length <= 19
}

/** The local provider's test cards: the first pays, the second is declined on every charge. */
export const TEST_CARDS = [
  { number: '4242 4242 4242 4242', key: 'pays' },
  { number: '4000 0000 0000 0002', key: 'declines' },
] as const

/** Whether a saved card is the test card that declines (the provider keeps it, then refuses charges). */
export function isDecliningTestCard(last4: string, entered: string): boolean {
  return entered.replace(/\D/g, '') === TEST_CARDS[1].number.replace(/\D/g, '') && last4 === '0002'
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' }

/** A card brand's name (brand names stay untranslated); null for a brand the provider did not name. */
export function brandName(brand: string): string | null {
  return BRANDS[brand] ?? null
}
