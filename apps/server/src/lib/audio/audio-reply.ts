import type { FastifyReply, FastifyRequest } from 'fastify'

// Sends stored audio with single byte-range support (RFC 9110 range requests), so an <audio>
// element can seek and resume. Multi-range requests get the whole file, as the RFC allows.

export interface ByteRange {
  start: number
  end: number
}

/** The one range a `Range` header asks for; null for none or several; 'unsatisfiable' past the end. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, from = '', to = ''] = match
  if (from === '' && to === '') return null
  if (from === '') {
    const suffix = Number(to)
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(from)
  if (start >= size) return 'unsatisfiable'
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1)
  if (end < start) return null
  return { start, end }
}

export function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  audio: { bytes: Uint8Array; contentType: string; disposition?: string },
): FastifyReply {
  const body = Buffer.from(audio.bytes.buffer, audio.bytes.byteOffset, audio.bytes.byteLength)
  reply.header('content-type', audio.contentType).header('accept-ranges', 'bytes')
  if (audio.disposition) reply.header('content-disposition', audio.disposition)
  const range = parseRange(request.headers.range, body.length)
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${body.length}`).send(Buffer.alloc(0))
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
      .send(body.subarray(range.start, range.end + 1))
  }
  return reply.send(body)
}
