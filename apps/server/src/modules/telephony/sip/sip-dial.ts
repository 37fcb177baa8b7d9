/// <reference path="./sip-library.d.ts" />
import { randomBytes, randomUUID } from 'node:crypto'
import dgram from 'node:dgram'
import sip, { type SipMessage, type SipStack } from 'sip'
import * as digest from 'sip/digest.js'

// One outgoing SIP call (RFC 3261) through a trunk: its own SIP stack on a free local port, an
// INVITE carrying the SDP offer, provisional answers (100, 180, 183) awaited, one digest
// challenge (401 or 407) answered with the trunk's credentials, a 2xx acknowledged and a final
// refusal reported with its status. The dialog then ends by a BYE from either side; a far end
// that never answers at all, or never picks up, is given up on (the ringing one is cancelled).

export interface DialTarget {
  /** The trunk's resolved address and port, where every request of the call goes. */
  address: string
  port: number
  transport: 'udp' | 'tcp'
  /** The trunk's host as configured, for the To header. */
  host: string
}

export interface DialRequest {
  target: DialTarget
  localAddress: string
  from: string
  to: string
  credentials: { user: string; password: string } | null
  sdp: string
  /** Extra headers for the INVITE (X-... headers the trunk configuration names). */
  headers: Record<string, string>
  /** No answer at all (not even 100 Trying) within this: the trunk is unreachable. */
  answerTimeoutMs: number
  /** Ringing without pick-up for this long: the call is cancelled. */
  ringTimeoutMs: number
}

export interface SipDialog {
  callId: string
  /** The far end's SDP answer. */
  sdp: string
  /** Ends the call from this side (BYE) and closes the stack. */
  hangUp(): void
  /** Called once when the far end hangs up. */
  onHangUp: () => void
}

export type DialResult = { ok: true; dialog: SipDialog } | { ok: false; status: number; message: string }

/** A UDP port free on the address now, for the call's SIP stack. */
function freePort(address: string): Promise<number> {
  const probe = dgram.createSocket('udp4')
  return new Promise((resolve, reject) => {
    probe.once('error', reject)
    probe.bind(0, address, () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

const tag = () => randomBytes(6).toString('hex')

export async function dialSip(request: DialRequest): Promise<DialResult> {
  const { target } = request
  const port = await freePort(request.localAddress)
  const callId = `${randomUUID()}@${request.localAddress}`
  const transport = target.transport
  let stack: SipStack | null = null
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    // Late retransmissions still get their answer for a moment before the stack goes.
    setTimeout(() => stack?.destroy(), 2_000).unref()
  }
  const requestUri = `sip:${request.to}@${target.address}:${target.port};transport=${transport}`
  const inviteSeq = { method: 'INVITE', seq: 1 }
  const invite: SipMessage = {
    method: 'INVITE',
    uri: requestUri,
    headers: {
      to: { uri: `sip:${request.to}@${target.host}` },
      from: { uri: `sip:${request.from}@${request.localAddress}`, params: { tag: tag() } },
      'call-id': callId,
      cseq: inviteSeq,
      contact: [{ uri: `sip:${request.from}@${request.localAddress}:${port};transport=${transport}` }],
      'max-forwards': 70,
      'content-type': 'application/sdp',
      ...Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v])),
    },
    content: request.sdp,
  }
  let dialog: SipDialog | null = null
  let answered: SipMessage | null = null
  let seq = 1

  const inDialog = (method: string) =>
    inDialogRequest(method, { target, invite, answered, seq: method === 'ACK' ? inviteSeq.seq : ++seq })

  stack = sip.create(
    { address: request.localAddress, port, udp: transport === 'udp', tcp: transport === 'tcp', logger: {} },
    (incoming) => {
      if (incoming.method === 'ACK' || !stack) return
      if (incoming.headers['call-id'] !== callId) {
        stack.send(sip.makeResponse(incoming, 481, 'Call/Transaction Does Not Exist'))
        return
      }
      if (incoming.method === 'BYE') {
        stack.send(sip.makeResponse(incoming, 200, 'OK'))
        const ended = dialog
        close()
        ended?.onHangUp()
        return
      }
      if (incoming.method === 'OPTIONS') stack.send(sip.makeResponse(incoming, 200, 'OK'))
      else stack.send(sip.makeResponse(incoming, 501, 'Not Implemented'))
    },
  )

  return new Promise<DialResult>((resolve) => {
    let settled = false
    let heard = false
    let authenticated = false
    const finish = (result: DialResult) => {
      if (settled) return
      settled = true
      clearTimeout(answerTimer)
      clearTimeout(ringTimer)
      if (!result.ok) close()
      resolve(result)
    }
    const answerTimer = setTimeout(
      () =>
        finish({
          ok: false,
          status: 408,
          message: `The SIP trunk at ${target.host}:${target.port} did not answer.`,
        }),
      request.answerTimeoutMs,
    )
    const ringTimer = setTimeout(() => {
      if (!heard) return
      stack?.send({
        method: 'CANCEL',
        uri: invite.uri,
        headers: {
          to: invite.headers.to,
          from: invite.headers.from,
          'call-id': callId,
          cseq: { method: 'CANCEL', seq: inviteSeq.seq },
          via: invite.headers.via,
          'max-forwards': 70,
        },
      })
      finish({ ok: false, status: 487, message: 'Nobody answered the call.' })
    }, request.ringTimeoutMs)

    const onResponse = (response: SipMessage) => {
      const status = response.status ?? 0
      heard = true
      clearTimeout(answerTimer)
      if (status < 200) return
      if (status >= 200 && status < 300) {
        if (answered) {
          // A retransmitted 2xx: the ACK was lost.
          stack?.send(inDialog('ACK'))
          return
        }
        answered = response
        stack?.send(inDialog('ACK'))
        if (settled) {
          // Picked up after it was given up on: hang up at once.
          stack?.send(inDialog('BYE'), () => close())
          return
        }
        dialog = {
          callId,
          sdp: response.content ?? '',
          hangUp: () => {
            if (closed) return
            stack?.send(inDialog('BYE'), () => close())
            setTimeout(close, 5_000).unref()
          },
          onHangUp: () => undefined,
        }
        finish({ ok: true, dialog })
        return
      }
      if ((status === 401 || status === 407) && request.credentials && !authenticated) {
        authenticated = true
        invite.headers.via?.shift()
        inviteSeq.seq = ++seq
        digest.signRequest(null, invite, response, request.credentials)
        stack?.send(invite, onResponse)
        return
      }
      finish({ ok: false, status, message: refusal(status, response.reason) })
    }
    stack?.send(invite, onResponse)
  })
}

/** A request in the call's dialog (ACK, BYE), after the far end's 2xx `answered`. */
function inDialogRequest(
  method: string,
  call: { target: DialTarget; invite: SipMessage; answered: SipMessage | null; seq: number },
): SipMessage {
  const { target, answered } = call
  const transport = target.transport
  // Requests in the dialog go to the trunk's address whatever Contact the far end gave, so they
  // never leave for an address that was not checked.
  const contact = answered?.headers.contact?.[0]?.uri
  const user =
    (contact ? sip.parseUri(contact).user : undefined) ?? sip.parseUri(String(call.invite.uri)).user
  return {
    method,
    uri: `sip:${user}@${target.address}:${target.port};transport=${transport}`,
    headers: {
      to: answered?.headers.to,
      from: call.invite.headers.from,
      'call-id': call.invite.headers['call-id'],
      cseq: { method, seq: call.seq },
      'max-forwards': 70,
      ...(method === 'ACK' ? { via: [] } : {}),
    },
  }
}

/** The far end's final refusal in words a person placing the call understands. */
function refusal(status: number, reason: string | undefined): string {
  const said = `${status}${reason ? ` ${reason}` : ''}`
  if (status === 401 || status === 407) return `The SIP trunk did not accept the credentials (${said}).`
  if (status === 486 || status === 600) return `The callee is busy (${said}).`
  if (status === 503) return `The SIP trunk could not be reached (${said}).`
  if (status === 404 || status === 484 || status === 604)
    return `The SIP trunk does not know this number (${said}).`
  return `The SIP trunk refused the call (${said}).`
}
