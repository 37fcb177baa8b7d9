import dgram from 'node:dgram'
import { lookup } from 'node:dns/promises'
import { AppError } from '../../../errors.js'
import { isRefusedAddress } from '../../../platform/outbound/outbound.js'
import type { PhoneLine } from '../../agents/agents.module.js'
import { secretsOf } from '../phone-numbers.js'
import type { PhoneNumberRow } from '../phone-numbers.repository.js'
import type { TelephonyDeps } from '../telephony.deps.js'
import { RtpStream } from './rtp-stream.js'
import { parseSdpAnswer, sdpOffer } from './sdp.js'
import { type DialTarget, dialSip } from './sip-dial.js'

// A call through a number's SIP trunk to the agent: the trunk's address is checked under the
// outbound rules (no private address unless the operator allows it), the INVITE offers G.711 at
// 8 kHz, and once the callee picks up the RTP audio is bridged both ways to a live conversation
// of the agent. Whichever side ends the call, the other is told: the agent's end sends a BYE,
// the callee's BYE ends the conversation, which is recorded like any phone call.

const DEFAULT_PORT = { udp: 5060, tcp: 5060, tls: 5061 }

export type CallOutcome = 'completed' | 'failed'
export type SipCallResult =
  | { ok: true; callSid: string; conversationId: string }
  | { ok: false; status: number; message: string }

interface TrunkConfig {
  address?: string
  transport?: string
  username?: string | null
  headers?: Record<string, string>
}

async function targetOf(deps: TelephonyDeps, trunk: TrunkConfig): Promise<DialTarget | SipCallResult> {
  const [host = '', portText] = String(trunk.address ?? '')
    .replace(/^sips?:/, '')
    .split(':')
  const transport = trunk.transport === 'tcp' ? 'tcp' : trunk.transport === 'tls' ? 'tls' : 'udp'
  if (transport === 'tls')
    return {
      ok: false,
      status: 0,
      message: 'SIP over TLS is not available on this server yet; use UDP or TCP.',
    }
  let address: string
  try {
    address = (await lookup(host, { family: 4 })).address
  } catch {
    return { ok: false, status: 0, message: `The SIP trunk address ${host} could not be resolved.` }
  }
  if (!deps.outbound.allowPrivateAddresses && isRefusedAddress(address))
    throw new AppError('telephony_url_refused', { message: 'The SIP trunk address is not allowed.' })
  return { address, port: Number(portText) || DEFAULT_PORT[transport], transport, host }
}

/** This machine's address on the way to the trunk, where it takes the call's SIP and RTP. */
function localAddressTowards(address: string, port: number): Promise<string> {
  const socket = dgram.createSocket('udp4')
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.connect(port, address, () => {
      const local = socket.address().address
      socket.close(() => resolve(local))
    })
  })
}

export async function placeSipTrunkCall(
  deps: TelephonyDeps,
  number: PhoneNumberRow,
  call: { agentId: string; to: string; userId: string },
  onEnded: (outcome: CallOutcome) => void = () => undefined,
): Promise<SipCallResult> {
  const trunk = (number.config.outbound_trunk ?? {}) as TrunkConfig
  const target = await targetOf(deps, trunk)
  if ('ok' in target) return target
  const password = secretsOf(deps, number).outbound_password
  const localAddress = deps.sip.publicAddress ?? (await localAddressTowards(target.address, target.port))
  const rtp = await RtpStream.open(deps.sip.publicAddress ? '0.0.0.0' : localAddress)
  const dialed = await dialSip({
    target,
    localAddress,
    from: number.phone_number,
    to: call.to,
    credentials: trunk.username && password ? { user: trunk.username, password } : null,
    sdp: sdpOffer(localAddress, rtp.port, Date.now() % 1_000_000_000),
    headers: trunk.headers ?? {},
    answerTimeoutMs: deps.sip.answerTimeoutMs,
    ringTimeoutMs: deps.sip.ringTimeoutMs,
  }).catch((error: Error) => ({
    ok: false as const,
    status: 0,
    message: `The SIP call failed: ${error.message}`,
  }))
  if (!dialed.ok) {
    rtp.close()
    return dialed
  }
  const { dialog } = dialed
  const media = parseSdpAnswer(dialog.sdp)
  const refuse = (message: string): SipCallResult => {
    dialog.hangUp()
    rtp.close()
    return { ok: false, status: 0, message }
  }
  if (!media) return refuse('The callee accepted none of the offered codecs (G.711 μ-law or A-law at 8 kHz).')
  if (!deps.outbound.allowPrivateAddresses && isRefusedAddress(media.address))
    return refuse('The callee asked for its audio at an address that is not allowed.')

  let ended = false
  const end = (outcome: CallOutcome) => {
    if (ended) return false
    ended = true
    rtp.close()
    onEnded(outcome)
    return true
  }
  let line: PhoneLine
  try {
    line = await deps.phoneLine(
      {
        workspaceId: number.workspace_id,
        agentId: call.agentId,
        userId: call.userId,
        call: { from: number.phone_number, to: call.to, direction: 'outbound' },
      },
      {
        play: (ulaw) => rtp.play(ulaw),
        clear: () => rtp.clear(),
        // The agent ended the call (or a limit did): the callee is hung up on.
        ended: () => {
          if (end('completed')) dialog.hangUp()
        },
      },
    )
  } catch (error) {
    const result = refuse(error instanceof AppError ? error.message : 'The conversation could not start.')
    if (!(error instanceof AppError)) throw error
    return result
  }
  rtp.onAudio = (ulaw) => line.hear(ulaw)
  rtp.onDigit = (digit) => line.pressed(digit)
  rtp.start(media)
  dialog.onHangUp = () => {
    if (end('completed')) void line.hangUp('the callee hung up')
  }
  return { ok: true, callSid: dialog.callId, conversationId: line.conversationId }
}
