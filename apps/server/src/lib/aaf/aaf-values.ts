import { randomUUID } from 'node:crypto'
import { UMID_BASIC_LENGTH, UMID_LABEL } from './aaf-ids.js'

// The byte forms of AAF's simple types, all little-endian as the file's byte order says.

/** A GUID string in Microsoft's byte order (first three fields little-endian, the rest as written). */
export function auid(guid: string): Buffer {
  const hex = guid.replace(/-/g, '')
  if (!/^[0-9a-f]{32}$/i.test(hex)) throw new Error(`not a GUID: ${guid}`)
  const b = Buffer.from(hex, 'hex')
  return Buffer.concat([
    Buffer.from(b.subarray(0, 4)).reverse(),
    Buffer.from(b.subarray(4, 6)).reverse(),
    Buffer.from(b.subarray(6, 8)).reverse(),
    b.subarray(8),
  ])
}

/** A new mob id: a basic UMID whose material number is a random UUID. */
export function newMobId(): Buffer {
  const id = Buffer.alloc(32)
  Buffer.from(UMID_LABEL).copy(id, 0)
  id[12] = UMID_BASIC_LENGTH
  auid(randomUUID()).copy(id, 16)
  return id
}

/** The mob id that ends a chain of references (an original source with nothing behind it). */
export const NULL_MOB_ID = Buffer.alloc(32)

/** A string: UTF-16LE ended by a zero character. */
export function utf16z(text: string): Buffer {
  return Buffer.concat([Buffer.from(text, 'utf16le'), Buffer.alloc(2)])
}

export function u8(value: number): Buffer {
  return Buffer.from([value & 0xff])
}

export function u16(value: number): Buffer {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(value)
  return b
}

export function i16(value: number): Buffer {
  const b = Buffer.alloc(2)
  b.writeInt16LE(value)
  return b
}

export function u32(value: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(value)
  return b
}

/** Lengths and positions (in edit units). */
export function i64(value: number): Buffer {
  const b = Buffer.alloc(8)
  b.writeBigInt64LE(BigInt(value))
  return b
}

export function rational(numerator: number, denominator: number): Buffer {
  const b = Buffer.alloc(8)
  b.writeInt32LE(numerator, 0)
  b.writeInt32LE(denominator, 4)
  return b
}

/** A version number: major and minor as signed bytes. */
export function version(major: number, minor: number): Buffer {
  return Buffer.from([major, minor])
}

/** A time stamp: year, month, day, hour, minute, second and hundredths (UTC). */
export function timeStamp(at: Date): Buffer {
  const b = Buffer.alloc(8)
  b.writeInt16LE(at.getUTCFullYear(), 0)
  b.writeUInt8(at.getUTCMonth() + 1, 2)
  b.writeUInt8(at.getUTCDate(), 3)
  b.writeUInt8(at.getUTCHours(), 4)
  b.writeUInt8(at.getUTCMinutes(), 5)
  b.writeUInt8(at.getUTCSeconds(), 6)
  b.writeUInt8(Math.floor(at.getUTCMilliseconds() / 10), 7)
  return b
}
