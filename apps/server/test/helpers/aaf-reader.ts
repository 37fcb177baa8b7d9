import CFB from 'cfb'

// A small reader of AAF's stored format for tests, written from the format's description and
// sharing nothing with the server's writer: it opens the Compound File with `cfb`, parses each
// object's "properties" stream, and follows strong references, vectors and sets through their
// index streams, so a test can walk the object tree a real importer would.

export interface StoredProperty {
  form: number
  bytes: Buffer
}

export interface StoredObject {
  path: string
  /** The storage's class id as a GUID string. */
  classId: string
  properties: Map<number, StoredProperty>
}

const guidOf = (hex: string): string => {
  const b = Buffer.from(hex, 'hex')
  const swap = (from: number, to: number) => Buffer.from(b.subarray(from, to)).reverse().toString('hex')
  const rest = b.subarray(8).toString('hex')
  return `${swap(0, 4)}-${swap(4, 6)}-${swap(6, 8)}-${rest.slice(0, 4)}-${rest.slice(4)}`
}

export const guidOfBytes = (bytes: Buffer): string => guidOf(bytes.toString('hex'))

export const textOf = (bytes: Buffer): string => bytes.toString('utf16le').replace(/\0+$/, '')

export class AafReader {
  private readonly entries = new Map<string, CFB.CFB$Entry>()

  constructor(file: Buffer) {
    const container = CFB.read(file, { type: 'buffer' })
    container.FullPaths.forEach((path, i) => {
      const entry = container.FileIndex[i]
      // Unused directory slots read back as nameless entries; they name nothing.
      if (entry && entry.type !== 0 && entry.name)
        this.entries.set(path.replace(/^Root Entry\//, '/').replace(/\/$/, '') || '/', entry)
    })
  }

  stream(path: string): Buffer {
    const entry = this.entries.get(path)
    if (entry?.type !== 2) throw new Error(`no stream ${path}`)
    return Buffer.from(entry.content as Uint8Array)
  }

  has(path: string): boolean {
    return this.entries.has(path)
  }

  object(path: string): StoredObject {
    const entry = this.entries.get(path === '' ? '/' : path)
    if (!entry) throw new Error(`no storage ${path}`)
    const raw = this.stream(`${path}/properties`)
    if (raw[0] !== 0x4c) throw new Error('properties are not little-endian')
    const count = raw.readUInt16LE(2)
    const properties = new Map<number, StoredProperty>()
    let at = 4 + count * 6
    for (let i = 0; i < count; i++) {
      const pid = raw.readUInt16LE(4 + i * 6)
      const form = raw.readUInt16LE(6 + i * 6)
      const size = raw.readUInt16LE(8 + i * 6)
      properties.set(pid, { form, bytes: raw.subarray(at, at + size) })
      at += size
    }
    return { path, classId: guidOf(entry.clsid), properties }
  }

  value(object: StoredObject, pid: number): Buffer {
    const p = object.properties.get(pid)
    if (!p) throw new Error(`${object.path} has no property ${pid.toString(16)}`)
    return p.bytes
  }

  strong(object: StoredObject, pid: number): StoredObject {
    return this.object(`${object.path}/${textOf(this.value(object, pid))}`)
  }

  /** The children of a vector or set, in index order, with a set's keys. */
  collection(object: StoredObject, pid: number): { object: StoredObject; key: Buffer | null }[] {
    const p = object.properties.get(pid)
    if (!p) throw new Error(`${object.path} has no property ${pid.toString(16)}`)
    const name = textOf(p.bytes)
    const index = this.stream(`${object.path}/${name} index`)
    const count = index.readUInt32LE(0)
    const isSet = p.form === 0x3a
    const keySize = isSet ? index.readUInt8(14) : 0
    const start = isSet ? 15 : 12
    const step = isSet ? 8 + keySize : 4
    return Array.from({ length: count }, (_, i) => {
      const at = start + i * step
      const local = index.readUInt32LE(at)
      return {
        object: this.object(`${object.path}/${name}{${local.toString(16)}}`),
        key: isSet ? index.subarray(at + 8, at + 8 + keySize) : null,
      }
    })
  }

  /** The bytes of a data-stream property. */
  dataStream(object: StoredObject, pid: number): Buffer {
    const value = this.value(object, pid)
    return this.stream(`${object.path}/${textOf(value.subarray(1))}`)
  }

  /** The weak-reference table: pid paths from the root object. */
  referencedProperties(): number[][] {
    const s = this.stream('/referenced properties')
    const paths: number[][] = []
    let current: number[] = []
    const pids = s.readUInt32LE(3)
    for (let i = 0; i < pids; i++) {
      const pid = s.readUInt16LE(7 + i * 2)
      if (pid === 0) {
        paths.push(current)
        current = []
      } else current.push(pid)
    }
    return paths
  }
}
