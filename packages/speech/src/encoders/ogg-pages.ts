// Ogg pages (RFC 3533): a 27-byte header, a lacing table and the packets' bytes. Every page
// carries a CRC-32 (polynomial 0x04C11DB7, no reflection, initial value 0) over the whole page
// with the checksum field zeroed. Packets here are never split across pages.

const CRC_TABLE = buildCrcTable()

function buildCrcTable(): Uint32Array {
  const table = new Uint32Array(256)
  for (let i = 0; i < 256; i++) {
    let r = i << 24
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1
    table[i] = r >>> 0
  }
  return table
}

export function oggCrc(bytes: Uint8Array): number {
  let crc = 0
  for (let i = 0; i < bytes.length; i++)
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ bytes[i]!) & 0xff]!) >>> 0
  return crc
}

export const OGG_FLAG_BOS = 0x02
export const OGG_FLAG_EOS = 0x04
/** A page holds at most 255 lacing values. */
export const OGG_MAX_SEGMENTS = 255

/** Lacing values a packet needs: one per 255 bytes, plus a final value below 255. */
export function lacingCount(packetBytes: number): number {
  return Math.floor(packetBytes / 255) + 1
}

export interface OggPage {
  serial: number
  sequence: number
  /** Granule position of the last packet that ends on this page (-1: none ends here). */
  granule: bigint
  flags: number
  packets: readonly Uint8Array[]
}

export function writeOggPage(page: OggPage): Uint8Array {
  const lacing: number[] = []
  let bodyBytes = 0
  for (const packet of page.packets) {
    for (let left = packet.length; ; left -= 255) {
      if (left < 255) {
        lacing.push(left)
        break
      }
      lacing.push(255)
    }
    bodyBytes += packet.length
  }
  if (lacing.length > OGG_MAX_SEGMENTS) throw new Error('Ogg page over 255 segments')
  const out = new Uint8Array(27 + lacing.length + bodyBytes)
  const view = new DataView(out.buffer)
  out.set([0x4f, 0x67, 0x67, 0x53], 0) // "OggS"
  out[4] = 0 // stream structure version
  out[5] = page.flags
  view.setBigInt64(6, page.granule, true)
  view.setUint32(14, page.serial >>> 0, true)
  view.setUint32(18, page.sequence >>> 0, true)
  // bytes 22..25: checksum, filled below
  out[26] = lacing.length
  out.set(lacing, 27)
  let at = 27 + lacing.length
  for (const packet of page.packets) {
    out.set(packet, at)
    at += packet.length
  }
  view.setUint32(22, oggCrc(out), true)
  return out
}
