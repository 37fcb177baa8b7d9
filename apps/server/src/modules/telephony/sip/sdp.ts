// The session descriptions of a phone call's audio: this server offers G.711 μ-law at 8 kHz
// (payload type 0, the codec a phone line carries to the agent as is) and A-law (8) as a
// second choice, plus RFC 4733 key presses; the answer says where the far end wants the RTP and
// which of them it took.

export const PCMU = 0
export const PCMA = 8
export const TELEPHONE_EVENT = 101

export function sdpOffer(address: string, rtpPort: number, sessionId: number): string {
  return [
    'v=0',
    `o=timbre ${sessionId} ${sessionId} IN IP4 ${address}`,
    's=Timbre',
    `c=IN IP4 ${address}`,
    't=0 0',
    `m=audio ${rtpPort} RTP/AVP ${PCMU} ${PCMA} ${TELEPHONE_EVENT}`,
    `a=rtpmap:${PCMU} PCMU/8000`,
    `a=rtpmap:${PCMA} PCMA/8000`,
    `a=rtpmap:${TELEPHONE_EVENT} telephone-event/8000`,
    `a=fmtp:${TELEPHONE_EVENT} 0-15`,
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n')
}

export interface SdpAnswer {
  address: string
  port: number
  /** The audio codec the far end chose among the offered ones. */
  payloadType: typeof PCMU | typeof PCMA
}

/** Where the far end takes audio, or null when it accepted none of the offered codecs. */
export function parseSdpAnswer(sdp: string): SdpAnswer | null {
  const lines = sdp.split(/\r?\n/)
  let address = ''
  let port = 0
  let types: number[] = []
  for (const line of lines) {
    const connection = /^c=IN IP4 (\S+)/.exec(line)
    if (connection) address = connection[1]!
    const media = /^m=audio (\d+) RTP\/AVP ((?:\s*\d+)+)/.exec(line)
    if (media) {
      port = Number(media[1])
      types = media[2]!.trim().split(/\s+/).map(Number)
    }
  }
  const payloadType = types.find((t) => t === PCMU || t === PCMA)
  if (!address || !port || payloadType === undefined) return null
  return { address, port, payloadType: payloadType as SdpAnswer['payloadType'] }
}
