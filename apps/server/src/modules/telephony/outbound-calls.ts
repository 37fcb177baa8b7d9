import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { checkE164, secretsOf } from './phone-numbers.js'
import type { PhoneNumberRow } from './phone-numbers.repository.js'
import { type CallOutcome, placeSipTrunkCall, type SipCallResult } from './sip/sip-trunk-call.js'
import type { TelephonyDeps } from './telephony.deps.js'
import { placeTwilioCall, type TwilioResult } from './twilio-calls.js'

export type CallResult = TwilioResult | SipCallResult

/**
 * Calls `to` from a number of the workspace with its agent, for `userId` (who placed the call or
 * the batch). A SIP trunk call is bridged here, so its conversation is known once the callee
 * picks up and `onEnded` hears when it ends; a Twilio call's conversation opens on Twilio's stream.
 */
export async function placeCall(
  deps: TelephonyDeps,
  number: PhoneNumberRow,
  agentId: string,
  to: string,
  userId: string,
  onEnded?: (outcome: CallOutcome) => void,
): Promise<CallResult> {
  if (number.provider === 'sip_trunk')
    return placeSipTrunkCall(deps, number, { agentId, to, userId }, onEnded)
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
  if (provider === 'twilio' && !result.ok && result.status >= 400 && result.status < 500)
    throw new AppError('telephony_provider_failed', { message: `Twilio refused the call: ${result.message}` })
  // A trunk's refusal (busy, unknown number, unreachable) is the answer to the call, not an error.
  if (!result.ok) return { success: false, message: result.message, conversation_id: null }
  if (provider === 'twilio')
    return { success: true, message: 'The call was placed.', callSid: result.callSid }
  return {
    success: true,
    message: 'The call was answered and connected to the agent.',
    conversation_id: 'conversationId' in result ? result.conversationId : null,
    sip_call_id: result.callSid,
  }
}
