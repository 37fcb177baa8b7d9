// An AAF object as it is stored: its class and its properties, each property a value in one of
// the stored forms. Plain data is bytes; a strong reference owns a child object (or an ordered
// vector, or a set keyed by one of the children's own properties); a weak reference names an
// object of a set elsewhere in the file by that object's key; a data stream is a byte stream
// of its own beside the properties.

export type AafValue =
  | { form: 'data'; bytes: Buffer }
  | { form: 'strong'; object: AafObject }
  | { form: 'vector'; objects: AafObject[] }
  | { form: 'set'; objects: AafObject[]; keyPid: number }
  | { form: 'weak'; target: readonly number[]; keyPid: number; key: Buffer }
  | { form: 'stream'; bytes: Buffer }

export interface AafProperty {
  pid: number
  /** The property's name, which the stored format uses to name child storages and streams. */
  name: string
  value: AafValue
}

export interface AafObject {
  classId: string
  properties: AafProperty[]
}

export function aafObject(classId: string, properties: AafProperty[]): AafObject {
  return { classId, properties }
}

export const data = (pid: number, name: string, bytes: Buffer): AafProperty => ({
  pid,
  name,
  value: { form: 'data', bytes },
})

export const strong = (pid: number, name: string, object: AafObject): AafProperty => ({
  pid,
  name,
  value: { form: 'strong', object },
})

export const vector = (pid: number, name: string, objects: AafObject[]): AafProperty => ({
  pid,
  name,
  value: { form: 'vector', objects },
})

export const set = (pid: number, name: string, objects: AafObject[], keyPid: number): AafProperty => ({
  pid,
  name,
  value: { form: 'set', objects, keyPid },
})

export const weak = (
  pid: number,
  name: string,
  target: readonly number[],
  keyPid: number,
  key: Buffer,
): AafProperty => ({ pid, name, value: { form: 'weak', target, keyPid, key } })

export const stream = (pid: number, name: string, bytes: Buffer): AafProperty => ({
  pid,
  name,
  value: { form: 'stream', bytes },
})

/** The bytes of an object's property that keys it in a set. */
export function keyOf(object: AafObject, keyPid: number): Buffer {
  const property = object.properties.find((p) => p.pid === keyPid)
  if (property?.value.form !== 'data') throw new Error(`object has no key property ${keyPid.toString(16)}`)
  return property.value.bytes
}
