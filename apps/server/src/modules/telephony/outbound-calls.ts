import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { checkE164, secretsOf } from './phone-numbers.js'
import type { PhoneNumberRow } from './phone-numbers.repository.js'
import type { TelephonyDeps } from './telephony.deps.js'
import { placeTwilioCall, type TwilioResult } from './twilio-calls.js'

/**
 * No SIP stack runs in this server yet: a call over a SIP trunk is recorded as an attempt
 * against the trunk's address and reported as not placed, never as a call that happened.
 */
export const SIP_UNAVAILABLE = 'SIP calling is not available on this server; the call was not placed.'

/**
 * Calls `to` from a number of the workspace with its agent, for `userId` (who placed the call or
 * the batch); Twilio numbers only place calls.
 */
export async function placeCall(
  deps: TelephonyDeps,
  number: PhoneNumberRow,
  agentId: string,
  to: string,
  userId: string,
): Promise<TwilioResult> {
  if (number.provider !== 'twilio') return { ok: false, status: 0, message: SIP_UNAVAILABLE }
  const token = secretsOf(deps, number).token
  const sid = String(number.config.sid ?? '')
  if (!token || !sid)
    return { ok: false, status: 0, message: 'The Twilio account of this number is incomplete.' }
  return placeTwilioCall(
    deps.fetch,
    deps.twilioApiUrl,
    { sid, token },
    {
      to,
      from: number.phone_number,
      twiml: deps.callTwiml({
        workspaceId: number.workspace_id,
        agentId,
        userId,
        call: { from: number.phone_number, to, direction: 'outbound' },
      }),
    },
  )
}

async function outboundNumber(deps: TelephonyDeps, principal: Principal, id: string, provider: string) {
  const number = await deps.numbers.find(principal.workspaceId, id)
  if (!number) throw new AppError('phone_number_not_found', { param: 'agent_phone_number_id' })
  if (number.provider !== provider)
    throw new AppError('phone_number_config_invalid', {
      message: `This is not a ${provider === 'twilio' ? 'Twilio' : 'SIP trunk'} number.`,
      param: 'agent_phone_number_id',
    })
  if (!number.supports_outbound)
    throw new AppError('phone_number_no_outbound', { param: 'agent_phone_number_id' })
  return number
}

/** POST /v1/convai/twilio/outbound-call and /v1/convai/sip-trunk/outbound-call. */
export async function outboundCall(
  deps: TelephonyDeps,
  principal: Principal,
  provider: 'twilio' | 'sip_trunk',
  body: { agent_id: string; agent_phone_number_id: string; to_number: string },
) {
  const to = checkE164(body.to_number, 'to_number')
  if (!(await deps.agents(principal.workspaceId, body.agent_id)))
    throw new AppError('agent_not_found', { param: 'agent_id' })
  const number = await outboundNumber(deps, principal, body.agent_phone_number_id, provider)
  const result = await placeCall(deps, number, body.agent_id, to, principal.userId)
  if (!result.ok && result.status >= 400 && result.status < 500)
    throw new AppError('telephony_provider_failed', { message: `Twilio refused the call: ${result.message}` })
  if (!result.ok) return { success: false, message: result.message, conversation_id: null }
  return {
    success: true,
    message: 'The call was placed.',
    ...(provider === 'twilio' ? { callSid: result.callSid } : { sip_call_id: result.callSid }),
  }
}
