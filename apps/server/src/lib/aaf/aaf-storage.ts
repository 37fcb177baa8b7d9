import CFB from 'cfb'
import {
  AAF_SIGNATURE_512,
  PROPERTIES_BYTE_ORDER,
  PROPERTIES_VERSION,
  STORED_FORM,
  STREAM_BYTE_ORDER_UNSPECIFIED,
} from './aaf-ids.js'
import { type AafObject, type AafProperty, keyOf } from './aaf-object.js'
import { auid, u8, u16, u32, utf16z } from './aaf-values.js'

// The stored format of AAF in a Compound File: every object is a storage whose class id is the
// object's class, holding a "properties" stream (a byte-order mark, a version, the count, then
// one pid / stored form / size entry per property, then the values in the same order). A
// strong reference's value names the child storage; a vector or set names an index stream
// ("<name> index") listing the children's local keys, each child stored as "<name>{key}"; a
// set's index also carries each child's identifying key. Weak references point into a table
// of pid paths kept in the root's "referenced properties" stream.

/** Storage and stream names are at most 31 characters; a long property name keeps its two ends. */
function storedName(name: string, pid: number, room: number): string {
  const suffix = `-${pid.toString(16)}`
  const max = room - suffix.length - 1
  if (name.length <= max) return name + suffix
  const half = Math.floor(max / 2)
  return `${name.slice(0, half)}-${name.slice(name.length - (max - half - 1))}${suffix}`
}

/** Room left in a collection's name for the "{key}" of its elements. */
const COLLECTION_NAME_ROOM = 22
const NAME_ROOM = 32
const NO_FREE_KEY = 0xffffffff

class AafStorageWriter {
  readonly container = CFB.utils.cfb_new()
  private readonly weakTargets: string[] = []

  write(root: AafObject): Buffer {
    const rootEntry = this.container.FileIndex[0]
    if (!rootEntry) throw new Error('the compound file has no root')
    rootEntry.clsid = auid(AAF_SIGNATURE_512).toString('hex')
    this.writeProperties('', root)
    this.addStream('', 'referenced properties', this.referencedProperties())
    return Buffer.from(CFB.write(this.container, { type: 'buffer' }) as Uint8Array)
  }

  private addStorage(path: string, classId: string): void {
    const entry = CFB.utils.cfb_add(this.container, `${path}/`, null, { unsafe: true })
    entry.clsid = auid(classId).toString('hex')
  }

  private addStream(path: string, name: string, bytes: Buffer): void {
    CFB.utils.cfb_add(this.container, `${path}/${name}`, bytes, { unsafe: true })
  }

  private writeObject(path: string, object: AafObject): void {
    this.addStorage(path, object.classId)
    this.writeProperties(path, object)
  }

  private writeProperties(path: string, object: AafObject): void {
    const entries: Buffer[] = []
    const values: Buffer[] = []
    for (const property of object.properties) {
      const { form, bytes } = this.storeProperty(path, property)
      if (bytes.length > 0xffff) throw new Error(`property ${property.name} is too large for its entry`)
      entries.push(Buffer.concat([u16(property.pid), u16(form), u16(bytes.length)]))
      values.push(bytes)
    }
    const head = Buffer.concat([
      u8(PROPERTIES_BYTE_ORDER),
      u8(PROPERTIES_VERSION),
      u16(object.properties.length),
    ])
    this.addStream(path, 'properties', Buffer.concat([head, ...entries, ...values]))
  }

  /** Writes what a property owns (children, index and data streams); returns its stored value. */
  private storeProperty(path: string, property: AafProperty): { form: number; bytes: Buffer } {
    const { value, pid, name } = property
    switch (value.form) {
      case 'data':
        return { form: STORED_FORM.data, bytes: value.bytes }
      case 'strong': {
        const child = storedName(name, pid, NAME_ROOM)
        this.writeObject(`${path}/${child}`, value.object)
        return { form: STORED_FORM.strongReference, bytes: utf16z(child) }
      }
      case 'vector':
      case 'set': {
        const collection = storedName(name, pid, COLLECTION_NAME_ROOM)
        value.objects.forEach((object, key) => {
          this.writeObject(`${path}/${collection}{${key.toString(16)}}`, object)
        })
        const count = value.objects.length
        const head = [u32(count), u32(count), u32(NO_FREE_KEY)]
        const index =
          value.form === 'vector'
            ? Buffer.concat([...head, ...value.objects.map((_, key) => u32(key))])
            : this.setIndex(head, value.objects, value.keyPid)
        this.addStream(path, `${collection} index`, index)
        return {
          form: value.form === 'vector' ? STORED_FORM.strongReferenceVector : STORED_FORM.strongReferenceSet,
          bytes: utf16z(collection),
        }
      }
      case 'weak': {
        const tag = this.weakTag(value.target)
        const bytes = Buffer.concat([u16(tag), u16(value.keyPid), u8(value.key.length), value.key])
        return { form: STORED_FORM.weakReference, bytes }
      }
      case 'stream': {
        const streamName = storedName(name, pid, NAME_ROOM)
        this.addStream(path, streamName, value.bytes)
        return {
          form: STORED_FORM.dataStream,
          bytes: Buffer.concat([u8(STREAM_BYTE_ORDER_UNSPECIFIED), utf16z(streamName)]),
        }
      }
    }
  }

  /** A set's index: the vector's head, the key's pid and size, then key, reference count, key bytes. */
  private setIndex(head: Buffer[], objects: AafObject[], keyPid: number): Buffer {
    const keys = objects.map((object) => keyOf(object, keyPid))
    const keySize = keys[0]?.length ?? 16
    if (keys.some((k) => k.length !== keySize)) throw new Error('set keys differ in size')
    const seen = new Set(keys.map((k) => k.toString('hex')))
    if (seen.size !== keys.length) throw new Error('a set holds two objects with one key')
    return Buffer.concat([
      ...head,
      u16(keyPid),
      u8(keySize),
      ...keys.flatMap((key, localKey) => [u32(localKey), u32(1), key]),
    ])
  }

  private weakTag(target: readonly number[]): number {
    const id = target.join('/')
    const found = this.weakTargets.indexOf(id)
    if (found >= 0) return found
    this.weakTargets.push(id)
    return this.weakTargets.length - 1
  }

  /** The table of weak-reference targets: each a pid path from the root, ended by a zero pid. */
  private referencedProperties(): Buffer {
    const paths = this.weakTargets.map((id) => id.split('/').map(Number))
    const pids = paths.flatMap((path) => [...path, 0])
    return Buffer.concat([u8(PROPERTIES_BYTE_ORDER), u16(paths.length), u32(pids.length), ...pids.map(u16)])
  }
}

/** The bytes of an AAF file whose root object is `root` (the Root class: meta-dictionary and header). */
export function writeAafFile(root: AafObject): Buffer {
  return new AafStorageWriter().write(root)
}
