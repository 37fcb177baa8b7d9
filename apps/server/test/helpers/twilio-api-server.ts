import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { SelfSignedCertificate } from './self-signed.js'

// A real HTTPS server speaking Twilio's call-create protocol: POST
// /2010-04-01/Accounts/{AccountSid}/Calls.json with basic credentials and a form body, answered
// 201 with the call's SID, or with Twilio's error document. The test decides which numbers
// fail, may hold calls open to measure how many are placed at once, and reads every request.

export interface TwilioCallRequest {
  accountSid: string
  authorization: string
  to: string
  from: string
  twiml: string
}

export interface TwilioApiServer {
  url: string
  calls: TwilioCallRequest[]
  /** The most calls being placed at the same moment. */
  maxInFlight: number
  close(): Promise<void>
}

export async function startTwilioApiServer(
  tls: SelfSignedCertificate,
  options: { account: { sid: string; token: string }; refuse?: (to: string) => boolean; holdMs?: number },
): Promise<TwilioApiServer> {
  const calls: TwilioCallRequest[] = []
  let inFlight = 0
  const state = { maxInFlight: 0 }
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Calls\.json$/.exec(request.url ?? '')
    const json = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.method !== 'POST' || !match)
      return json(404, { code: 20404, message: 'Not found', status: 404 })
    const expected = `Basic ${Buffer.from(`${options.account.sid}:${options.account.token}`).toString('base64')}`
    if (request.headers.authorization !== expected || match[1] !== options.account.sid)
      return json(401, { code: 20003, message: 'Authenticate', status: 401 })
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
    const call = {
      accountSid: match[1],
      authorization: request.headers.authorization,
      to: form.get('To') ?? '',
      from: form.get('From') ?? '',
      twiml: form.get('Twiml') ?? '',
    }
    calls.push(call)
    inFlight++
    state.maxInFlight = Math.max(state.maxInFlight, inFlight)
    if (options.holdMs) await new Promise((resolve) => setTimeout(resolve, options.holdMs))
    inFlight--
    if (options.refuse?.(call.to))
      return json(400, { code: 21217, message: `The phone number ${call.to} is not reachable.`, status: 400 })
    json(201, {
      sid: `CA${calls.length.toString(16).padStart(32, '0')}`,
      status: 'queued',
      to: call.to,
      from: call.from,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    get maxInFlight() {
      return state.maxInFlight
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
