import type { RunningServer } from './server.js'

/** A call to the running server's operator API with its operator token. */
async function operatorPost<T>(server: RunningServer, path: string, body: object): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (response.status !== 201)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as T
}

/** Issues a promo code as an operator does; the answer's code is the one to hand out. */
export const issuePromoCode = (
  server: RunningServer,
  promo: { code?: string; amount_off?: number; percent_off?: number; duration_in_months?: number },
) => operatorPost<{ code: string }>(server, '/v1/operator/promo-codes', promo)

/** Issues a grant offer as an operator does. */
export const issueGrantOffer = (
  server: RunningServer,
  offer: { code?: string; tier: 'grant_tier_1' | 'grant_tier_2'; duration_months?: number },
) => operatorPost<{ code: string }>(server, '/v1/operator/grant-offers', offer)

/** Lists a partner of the impact program, reviewed by the given address. */
export const listImpactPartner = (
  server: RunningServer,
  partner: {
    name: string
    description: string
    category: 'non_profit' | 'educator' | 'accessibility'
    reviewer_email: string
    benefit: { tier: 'grant_tier_1' | 'grant_tier_2'; duration_months: number }
  },
) => operatorPost<{ partner_id: string }>(server, '/v1/operator/impact-partners', partner)
