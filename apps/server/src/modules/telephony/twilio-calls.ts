import { AppError } from '../../errors.js'
import type { CheckedFetch } from '../../platform/outbound/outbound.js'

// Placing a call through Twilio's REST API: POST /2010-04-01/Accounts/{sid}/Calls.json with the
// account SID and auth token as basic credentials and a form body (To, From, Twiml). Twilio
// answers 201 with the call's SID, or an error document ({ code, message, status }).

export interface TwilioCall {
  to: string
  from: string
  /** The TwiML Twilio runs when the callee answers: the agent's media stream. */
  twiml: string
  statusCallback?: string | undefined
}

export type TwilioResult = { ok: true; callSid: string } | { ok: false; message: string; status: number }

export async function placeTwilioCall(
  checkedFetch: CheckedFetch,
  baseUrl: string,
  account: { sid: string; token: string },
  call: TwilioCall,
): Promise<TwilioResult> {
  const form = new URLSearchParams({ To: call.to, From: call.from, Twiml: call.twiml })
  if (call.statusCallback) form.set('StatusCallback', call.statusCallback)
  let response: Response
  try {
    response = await checkedFetch(
      `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}/Calls.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${account.sid}:${account.token}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
    )
  } catch (error) {
    if (error instanceof AppError) throw error
    return { ok: false, status: 0, message: `Twilio could not be reached: ${(error as Error).message}` }
  }
  const body = (await response.json().catch(() => ({}))) as { sid?: unknown; message?: unknown }
  if (response.ok && typeof body.sid === 'string') return { ok: true, callSid: body.sid }
  return {
    ok: false,
    status: response.status,
    message: typeof body.message === 'string' ? body.message : `Twilio answered ${response.status}.`,
  }
}
