import type { StripeConfig } from '../../config.js'
import { AppError } from '../../errors.js'
import { createCheckedFetch } from '../../platform/outbound/outbound.js'
import type { PayoutProvider, ProviderAccountState } from './payout-provider.js'

// Stripe Connect for payouts: Express accounts, their hosted onboarding (account links) and
// transfers from the platform's balance. It speaks Stripe's REST protocol (form bodies in, JSON
// out) to the same API address as the billing provider, so an operator sets Stripe up once. The
// address is the operator's configuration, not a user's: it may be on the operator's network.

const TIMEOUT_MS = 20_000
const PROVIDER_ERRORS = {
  invalid: 'payment_provider_failed',
  refused: 'payment_provider_failed',
  unresolved: 'payment_provider_failed',
} as const

/** Due requirements that are tax forms (Stripe collects the taxpayer's id and its certification). */
const TAX_REQUIREMENT = /(^|\.)(tax_id|id_number|ssn_last_4)/

interface StripeAccount {
  id: string
  details_submitted?: boolean
  payouts_enabled?: boolean
  requirements?: {
    currently_due?: string[] | null
    past_due?: string[] | null
    disabled_reason?: string | null
  }
}

/** `{ a: { b: 1 } }` as Stripe's form fields: `a[b]=1`. */
export function stripeForm(params: Record<string, unknown>, prefix = ''): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key
    if (value === undefined || value === null) continue
    if (typeof value === 'object')
      for (const [k, v] of stripeForm(value as Record<string, unknown>, name)) form.append(k, v)
    else form.append(name, String(value))
  }
  return form
}

/** Our account states from a Stripe account, in the order a user meets them. */
export function stateOfStripeAccount(account: StripeAccount): ProviderAccountState {
  const requirements = account.requirements ?? {}
  const due = [...(requirements.currently_due ?? []), ...(requirements.past_due ?? [])]
  const paused = requirements.disabled_reason === 'platform_paused'
  if (!account.details_submitted) return { state: 'incomplete_setup', paused }
  if (due.some((r) => TAX_REQUIREMENT.test(r))) return { state: 'tax_forms_needed', paused }
  if (!account.payouts_enabled) return { state: 'payouts_not_enabled', paused }
  return { state: 'connected', paused }
}

export function createStripeConnectProvider(config: StripeConfig): PayoutProvider {
  const api = config.api
  const base = api ? `${api.protocol}://${api.host}:${api.port}` : 'https://api.stripe.com'
  const checkedFetch = createCheckedFetch(
    { allowPrivateAddresses: api !== null, plainHttpToLoopback: true, extraCa: config.apiCa },
    PROVIDER_ERRORS,
    TIMEOUT_MS,
  )

  /** One call; a network failure or a 5xx is `unknown` (it may have happened), a 4xx is refused. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    params?: Record<string, unknown>,
    idempotencyKey?: string,
  ): Promise<{ status: number | null; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { authorization: `Bearer ${config.secretKey}` }
    if (params) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
    try {
      const response = await checkedFetch(`${base}${path}`, {
        method,
        headers,
        ...(params ? { body: stripeForm(params).toString() } : {}),
      })
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
      return { status: response.status, body }
    } catch {
      return { status: null, body: {} }
    }
  }

  async function required(...args: Parameters<typeof call>): Promise<Record<string, unknown>> {
    const answer = await call(...args)
    if (answer.status === null || answer.status >= 300) throw new AppError('payment_provider_failed')
    return answer.body
  }

  return {
    name: 'stripe',
    async createAccount({ userId, email }) {
      const account = await required(
        'POST',
        '/v1/accounts',
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { timbre_user_id: userId },
        },
        `payout-account:${userId}`,
      )
      return String(account.id)
    },
    async onboardingLink(accountId, { origin, returnPath }) {
      const back = new URL(returnPath, origin).toString()
      const link = await required('POST', '/v1/account_links', {
        account: accountId,
        type: 'account_onboarding',
        return_url: back,
        refresh_url: back,
      })
      return String(link.url)
    },
    async accountState(accountId) {
      const account = await required('GET', `/v1/accounts/${encodeURIComponent(accountId)}`)
      return stateOfStripeAccount(account as unknown as StripeAccount)
    },
    async transfer({ accountId, payoutId, amountCents }) {
      const answer = await call(
        'POST',
        '/v1/transfers',
        {
          amount: amountCents,
          currency: 'usd',
          destination: accountId,
          transfer_group: payoutId,
          metadata: { timbre_payout_id: payoutId },
        },
        `payout:${payoutId}`,
      )
      if (answer.status !== null && answer.status < 300)
        return { ok: true, transferId: String(answer.body.id) }
      const error = answer.body.error as { message?: string } | undefined
      const refused = answer.status !== null && answer.status < 500
      return { ok: false, refused, message: error?.message ?? 'Stripe could not be reached.' }
    },
  }
}
