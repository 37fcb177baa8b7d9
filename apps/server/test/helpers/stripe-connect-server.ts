import type { IncomingMessage } from 'node:http'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { type SelfSignedCertificate, selfSignedCertificate } from './self-signed.js'

/** One call as it arrived: the form body flattened (`capabilities[transfers][requested]` keys). */
export interface ConnectCall {
  method: string
  path: string
  form: Record<string, string>
  idempotencyKey: string | undefined
}

interface Account {
  id: string
  object: 'account'
  type: string
  email: string | null
  details_submitted: boolean
  payouts_enabled: boolean
  requirements: { currently_due: string[]; past_due: string[]; disabled_reason: string | null }
  metadata: Record<string, string>
}

export interface StripeConnectServer {
  /** https://127.0.0.1:<port> */
  url: string
  /** The certificate's file: the CA file that makes the Timbre server trust this one. */
  caFile: string
  calls: ConnectCall[]
  /** Transfers Stripe made (a replayed idempotency key makes none). */
  transfers: { id: string; amount: number; destination: string; transfer_group: string }[]
  /** The user fills in Stripe's onboarding form; tax forms and payouts may still be pending. */
  submitDetails(accountId: string, rest: { taxFormsDone: boolean; payoutsEnabled: boolean }): void
  /** The platform pauses the account's payouts (Stripe's `platform_paused`). */
  pause(accountId: string): void
  /** What the platform holds to transfer, in cents. */
  setPlatformBalance(cents: number): void
  /** The next transfer is made, then the connection is cut before the answer. */
  dropNextTransferAnswer(): void
  close(): Promise<void>
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')).entries())
}

const missing = (what: string, id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
})

/**
 * An HTTPS server (self-signed certificate) that speaks Stripe Connect's REST calls our payout
 * provider makes: Express accounts, account links, reading an account, and transfers from the
 * platform balance, with idempotency keys answered as Stripe does (the first answer again).
 */
export async function startStripeConnectServer(secretKey: string): Promise<StripeConnectServer> {
  const certificate: SelfSignedCertificate = selfSignedCertificate()
  const calls: ConnectCall[] = []
  const accounts = new Map<string, Account>()
  const transfers: StripeConnectServer['transfers'] = []
  const answered = new Map<string, { status: number; body: object }>()
  let balance = 1_000_000
  let dropNext = false
  let counter = 0
  const id = (prefix: string) => `${prefix}_${++counter}`

  const server: Server = createServer(
    { key: certificate.key, cert: certificate.cert },
    async (request, response) => {
      const url = new URL(request.url ?? '/', 'https://stripe.local')
      const form = await readForm(request)
      const call: ConnectCall = {
        method: request.method ?? 'GET',
        path: url.pathname,
        form,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      }
      calls.push(call)
      const send = (status: number, body: object, replayed = false) => {
        if (call.idempotencyKey && !replayed && status < 500)
          answered.set(call.idempotencyKey, { status, body })
        response.writeHead(status, {
          'content-type': 'application/json',
          ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
        })
        response.end(JSON.stringify(body))
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
      const replay = call.idempotencyKey ? answered.get(call.idempotencyKey) : undefined
      if (call.method === 'POST' && replay) return send(replay.status, replay.body, true)
      const route = `${call.method} ${url.pathname}`

      if (route === 'POST /v1/accounts') {
        const account: Account = {
          id: id('acct'),
          object: 'account',
          type: form.type ?? 'standard',
          email: form.email ?? null,
          details_submitted: false,
          payouts_enabled: false,
          requirements: {
            currently_due: ['external_account', 'individual.id_number', 'tos_acceptance.date'],
            past_due: [],
            disabled_reason: 'requirements.past_due',
          },
          metadata: { timbre_user_id: form['metadata[timbre_user_id]'] ?? '' },
        }
        accounts.set(account.id, account)
        return send(200, account)
      }
      if (route === 'POST /v1/account_links') {
        const account = accounts.get(form.account ?? '')
        if (!account) return send(400, missing('account', form.account ?? ''))
        if (!form.return_url || !form.refresh_url || form.type !== 'account_onboarding')
          return send(400, { error: { type: 'invalid_request_error', message: 'Missing required param.' } })
        return send(200, {
          object: 'account_link',
          url: `https://connect.stripe.local/setup/e/${account.id}`,
          expires_at: Math.floor(Date.now() / 1000) + 300,
        })
      }
      const accountId = /^GET \/v1\/accounts\/([^/]+)$/.exec(route)?.[1]
      if (accountId) {
        const account = accounts.get(decodeURIComponent(accountId))
        return account ? send(200, account) : send(404, missing('account', accountId))
      }
      if (route === 'POST /v1/transfers') {
        const destination = accounts.get(form.destination ?? '')
        const amount = Number(form.amount)
        if (!destination) return send(400, missing('destination', form.destination ?? ''))
        if (!destination.payouts_enabled)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: 'Your destination account needs to have the transfers capability enabled.',
            },
          })
        if (!Number.isInteger(amount) || amount <= 0 || form.currency !== 'usd')
          return send(400, {
            error: { type: 'invalid_request_error', message: 'Invalid amount or currency.' },
          })
        if (amount > balance)
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'You have insufficient available funds in your Stripe account.',
            },
          })
        balance -= amount
        const transfer = {
          id: id('tr'),
          object: 'transfer',
          amount,
          currency: 'usd',
          destination: destination.id,
          transfer_group: form.transfer_group ?? '',
        }
        transfers.push(transfer)
        if (dropNext) {
          dropNext = false
          if (call.idempotencyKey) answered.set(call.idempotencyKey, { status: 200, body: transfer })
          response.socket?.destroy()
          return
        }
        return send(200, transfer)
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route}).` },
      })
    },
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const account = (accountId: string) => {
    const found = accounts.get(accountId)
    if (!found) throw new Error(`no account ${accountId}`)
    return found
  }
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: certificate.certPath,
    calls,
    transfers,
    submitDetails(accountId, rest) {
      const a = account(accountId)
      a.details_submitted = true
      a.payouts_enabled = rest.payoutsEnabled
      a.requirements.currently_due = rest.taxFormsDone ? [] : ['individual.id_number']
      a.requirements.disabled_reason = rest.payoutsEnabled ? null : 'requirements.pending_verification'
    },
    pause(accountId) {
      account(accountId).requirements.disabled_reason = 'platform_paused'
    },
    setPlatformBalance(cents) {
      balance = cents
    },
    dropNextTransferAnswer() {
      dropNext = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => {
          certificate.remove()
          resolve()
        })
      }),
  }
}
