import { createSocket } from 'node:dgram'
import type { AddressInfo } from 'node:net'
import * as packet from 'dns-packet'

/**
 * A real DNS server on 127.0.0.1 (UDP) for tests: TXT answers from a map the test changes,
 * NXDOMAIN for names it does not hold, SERVFAIL for names listed as failing.
 */
export async function startDnsServer() {
  const txt = new Map<string, string[]>()
  const failing = new Set<string>()
  const socket = createSocket('udp4')
  socket.on('message', (message, peer) => {
    let query: packet.Packet
    try {
      query = packet.decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    const name = question?.name.toLowerCase() ?? ''
    const values = txt.get(name)
    const rcode = failing.has(name) ? 'SERVFAIL' : values ? 'NOERROR' : 'NXDOMAIN'
    // The response code is the low four bits of the flags (NOERROR 0, SERVFAIL 2, NXDOMAIN 3).
    const rcodeBits = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3 }[rcode]
    const answer = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | packet.AUTHORITATIVE_ANSWER | rcodeBits,
      questions: query.questions,
      answers:
        rcode === 'NOERROR' && question?.type === 'TXT'
          ? (values ?? []).map((value) => ({
              type: 'TXT' as const,
              name,
              ttl: 1,
              class: 'IN' as const,
              data: value,
            }))
          : [],
    } as packet.Packet)
    socket.send(answer, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const port = (socket.address() as AddressInfo).port
  return {
    server: `127.0.0.1:${port}`,
    txt,
    failing,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  }
}
