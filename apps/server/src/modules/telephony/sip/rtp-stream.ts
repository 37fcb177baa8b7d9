import { randomInt } from 'node:crypto'
import dgram from 'node:dgram'
import { alawToUlaw, ulawToAlaw } from './g711.js'
import { PCMA, TELEPHONE_EVENT } from './sdp.js'

// One call's RTP (RFC 3550) over UDP: 20 ms packets of 160 G.711 samples sent at the pace of the
// clock (late timer ticks catch up, so the far end's jitter buffer is fed evenly), silence when
// the agent is quiet; what comes in from the far end's address is audio, or a key press
// (RFC 4733) reported once when its end packet arrives.

const FRAME_BYTES = 160
const FRAME_MS = 20
const HEADER_BYTES = 12
const ULAW_SILENCE = 0xff
const DTMF_KEYS = '0123456789*#ABCD'

export interface RtpPeer {
  address: string
  port: number
  payloadType: number
}

export class RtpStream {
  private peer: RtpPeer | null = null
  private queued: Buffer[] = []
  private sequence = randomInt(0, 0xffff)
  private timestamp = randomInt(0, 0x7fffffff)
  private readonly ssrc = randomInt(0, 0x7fffffff)
  private pacer: NodeJS.Timeout | undefined
  private started = 0
  private sent = 0
  private lastDigitStamp = -1
  onAudio: (ulaw: Buffer) => void = () => undefined
  onDigit: (digit: string) => void = () => undefined

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (packet, from) => this.receive(packet, from.address))
    socket.on('error', () => undefined)
  }

  /** A socket for the call's audio on the given local address, on a port the system picks. */
  static open(address: string): Promise<RtpStream> {
    const socket = dgram.createSocket('udp4')
    return new Promise((resolve, reject) => {
      socket.once('error', reject)
      socket.bind(0, address, () => {
        socket.off('error', reject)
        resolve(new RtpStream(socket))
      })
    })
  }

  get port(): number {
    return this.socket.address().port
  }

  /** Audio flows once the far end's answer says where it listens. */
  start(peer: RtpPeer): void {
    this.peer = peer
    this.started = Date.now()
    this.pacer = setInterval(() => this.tick(), FRAME_MS)
  }

  /** Agent audio (μ-law) to send after what is already queued. */
  play(ulaw: Buffer): void {
    this.queued.push(ulaw)
  }

  /** Drops the audio not sent yet (the caller spoke over the agent). */
  clear(): void {
    this.queued = []
  }

  close(): void {
    clearInterval(this.pacer)
    this.socket.close()
  }

  private nextFrame(): Buffer {
    const frame = Buffer.alloc(FRAME_BYTES, ULAW_SILENCE)
    let filled = 0
    while (filled < FRAME_BYTES && this.queued.length > 0) {
      const head = this.queued[0]!
      const take = Math.min(head.length, FRAME_BYTES - filled)
      head.copy(frame, filled, 0, take)
      filled += take
      if (take === head.length) this.queued.shift()
      else this.queued[0] = head.subarray(take)
    }
    return frame
  }

  private tick(): void {
    const peer = this.peer
    if (!peer) return
    const due = Math.floor((Date.now() - this.started) / FRAME_MS)
    for (; this.sent < due; this.sent++) {
      const audio = this.nextFrame()
      const header = Buffer.alloc(HEADER_BYTES)
      header[0] = 0x80
      header[1] = peer.payloadType & 0x7f
      header.writeUInt16BE(this.sequence, 2)
      header.writeUInt32BE(this.timestamp >>> 0, 4)
      header.writeUInt32BE(this.ssrc, 8)
      this.sequence = (this.sequence + 1) & 0xffff
      this.timestamp = (this.timestamp + FRAME_BYTES) % 0x1_0000_0000
      const payload = peer.payloadType === PCMA ? ulawToAlaw(audio) : audio
      this.socket.send(Buffer.concat([header, payload]), peer.port, peer.address)
    }
  }

  private receive(packet: Buffer, from: string): void {
    if (!this.peer || from !== this.peer.address || packet.length < HEADER_BYTES) return
    if (packet[0]! >> 6 !== 2) return
    const csrcCount = packet[0]! & 0x0f
    let offset = HEADER_BYTES + csrcCount * 4
    if (packet[0]! & 0x10) {
      if (packet.length < offset + 4) return
      offset += 4 + packet.readUInt16BE(offset + 2) * 4
    }
    let end = packet.length
    if (packet[0]! & 0x20) end -= packet[packet.length - 1]!
    const payload = packet.subarray(offset, Math.max(offset, end))
    const type = packet[1]! & 0x7f
    if (type === TELEPHONE_EVENT) {
      const stamp = packet.readUInt32BE(4)
      const finished = payload.length >= 2 && (payload[1]! & 0x80) !== 0
      if (finished && stamp !== this.lastDigitStamp && payload[0]! < DTMF_KEYS.length) {
        this.lastDigitStamp = stamp
        this.onDigit(DTMF_KEYS[payload[0]!]!)
      }
      return
    }
    if (payload.length === 0) return
    if (type === PCMA) this.onAudio(alawToUlaw(payload))
    else if (type === 0) this.onAudio(Buffer.from(payload))
  }
}
