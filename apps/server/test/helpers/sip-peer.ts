/// <reference path="../../src/modules/telephony/sip/sip-library.d.ts" />
import { randomBytes } from 'node:crypto'
import dgram from 'node:dgram'
import sip, { type SipMessage, type SipStack } from 'sip'
import * as digest from 'sip/digest.js'

// A SIP phone for tests, written with the same SIP library as the server but as the other side
// (a user agent server) on 127.0.0.2 (a loopback address apart from the server's 127.0.0.1, as
// a trunk is never at the caller's own address): it challenges the first INVITE of a call with a digest 401
// when it has credentials, answers busy numbers with 486, otherwise rings (180) and picks up
// (200 with its SDP, G.711 μ-law), then sends 20 ms RTP packets (silence, or the speech it is
// given) and keeps every RTP packet it receives. It answers a BYE and can send one.

const FRAME = 160
const ADDRESS = '127.0.0.2'

export interface ReceivedRtp {
  payloadType: number
  payload: Buffer
}

export interface SipPeerCall {
  callId: string
  /** The caller's INVITE as it was accepted (the authenticated one). */
  invite: SipMessage
  received: ReceivedRtp[]
  /** Set when the caller's BYE arrived. */
  byeReceived: boolean
  /** Queues μ-law speech to send after what is already queued. */
  speak(ulaw: Buffer): void
  /** Hangs up from the peer's side. */
  hangUp(): Promise<void>
}

export interface SipPeer {
  address: string
  port: number
  /** Every INVITE the peer received, challenged ones included. */
  invites: SipMessage[]
  calls: SipPeerCall[]
  close(): void
}

function offerOf(sdp: string): { address: string; port: number } {
  const address = /c=IN IP4 (\S+)/.exec(sdp)?.[1] ?? ''
  const port = Number(/m=audio (\d+)/.exec(sdp)?.[1] ?? 0)
  return { address, port }
}

export async function startSipPeer(options: {
  credentials?: { user: string; password: string }
  busy?: (number: string) => boolean
}): Promise<SipPeer> {
  const probe = dgram.createSocket('udp4')
  const port = await new Promise<number>((resolve) =>
    probe.bind(0, '127.0.0.2', () => {
      const p = probe.address().port
      probe.close(() => resolve(p))
    }),
  )
  const invites: SipMessage[] = []
  const calls: SipPeerCall[] = []
  const challenges = new Map<string, digest.DigestContext>()
  const sockets: dgram.Socket[] = []
  const timers: NodeJS.Timeout[] = []
  let stack: SipStack

  async function answer(rq: SipMessage) {
    const callId = String(rq.headers['call-id'])
    const rtp = dgram.createSocket('udp4')
    sockets.push(rtp)
    await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.2', resolve))
    const caller = offerOf(rq.content ?? '')
    const toTag = randomBytes(4).toString('hex')
    const queued: Buffer[] = []
    let seq = 100
    let sequence = 0
    let timestamp = 0
    let pacer: NodeJS.Timeout | undefined
    const call: SipPeerCall = {
      callId,
      invite: rq,
      received: [],
      byeReceived: false,
      speak: (ulaw) => {
        for (let i = 0; i < ulaw.length; i += FRAME) queued.push(ulaw.subarray(i, i + FRAME))
      },
      hangUp: () =>
        new Promise<void>((resolve) => {
          clearInterval(pacer)
          stack.send(
            {
              method: 'BYE',
              uri: rq.headers.contact?.[0]?.uri ?? '',
              headers: {
                to: rq.headers.from,
                from: { ...rq.headers.to!, params: { ...(rq.headers.to?.params ?? {}), tag: toTag } },
                'call-id': callId,
                cseq: { method: 'BYE', seq: ++seq },
                'max-forwards': 70,
              },
            },
            () => resolve(),
          )
        }),
    }
    rtp.on('message', (packet) => {
      call.received.push({ payloadType: packet[1]! & 0x7f, payload: packet.subarray(12) })
    })
    calls.push(call)
    const ok = sip.makeResponse(rq, 200, 'OK')
    ok.headers.to = { ...rq.headers.to!, params: { ...(rq.headers.to?.params ?? {}), tag: toTag } }
    ok.headers.contact = [{ uri: `sip:peer@127.0.0.2:${port}` }]
    ok.headers['content-type'] = 'application/sdp'
    const rtpPort = rtp.address().port
    ok.content = [
      'v=0',
      'o=peer 1 1 IN IP4 127.0.0.2',
      's=peer',
      'c=IN IP4 127.0.0.2',
      't=0 0',
      `m=audio ${rtpPort} RTP/AVP 0`,
      'a=rtpmap:0 PCMU/8000',
      '',
    ].join('\r\n')
    const ringing = sip.makeResponse(rq, 180, 'Ringing')
    ringing.headers.to = ok.headers.to
    stack.send(ringing)
    stack.send(ok)
    // Audio starts at once (early media is allowed once the 200 is out).
    const started = Date.now()
    let sent = 0
    pacer = setInterval(() => {
      const due = Math.floor((Date.now() - started) / 20)
      for (; sent < due; sent++) {
        const frame = Buffer.alloc(FRAME, 0xff)
        queued.shift()?.copy(frame)
        const header = Buffer.alloc(12)
        header[0] = 0x80
        header[1] = 0
        header.writeUInt16BE(sequence++ & 0xffff, 2)
        timestamp += FRAME
        header.writeUInt32BE(timestamp >>> 0, 4)
        header.writeUInt32BE(0x1234, 8)
        rtp.send(Buffer.concat([header, frame]), caller.port, caller.address)
      }
    }, 20)
    timers.push(pacer)
    return { call, stop: () => clearInterval(pacer) }
  }

  const live = new Map<string, { call: SipPeerCall; stop: () => void }>()
  stack = sip.create({ address: '127.0.0.2', port, tcp: false, logger: {} }, (rq) => {
    const callId = String(rq.headers['call-id'])
    if (rq.method === 'INVITE') {
      invites.push(rq)
      const number = sip.parseUri(String(rq.uri)).user ?? ''
      if (options.busy?.(number)) return stack.send(sip.makeResponse(rq, 486, 'Busy Here'))
      if (options.credentials) {
        const context = challenges.get(callId)
        if (!context) {
          const fresh: digest.DigestContext = { realm: 'peer.test' }
          challenges.set(callId, fresh)
          return stack.send(digest.challenge(fresh, sip.makeResponse(rq, 401, 'Unauthorized')))
        }
        if (!digest.authenticateRequest(context, rq, options.credentials))
          return stack.send(sip.makeResponse(rq, 403, 'Forbidden'))
      }
      void answer(rq).then((answered) => live.set(callId, answered))
      return
    }
    if (rq.method === 'BYE') {
      const answered = live.get(callId)
      if (answered) {
        answered.call.byeReceived = true
        answered.stop()
      }
      return stack.send(sip.makeResponse(rq, answered ? 200 : 481, answered ? 'OK' : 'No Such Call'))
    }
    if (rq.method !== 'ACK') stack.send(sip.makeResponse(rq, 405, 'Method Not Allowed'))
  })
  return {
    address: ADDRESS,
    port,
    invites,
    calls,
    close: () => {
      for (const timer of timers) clearInterval(timer)
      for (const socket of sockets) socket.close()
      stack.destroy()
    },
  }
}
