import { describe, expect, it } from 'vitest'
import { AafReader, guidOfBytes, type StoredObject, textOf } from '../../../test/helpers/aaf-reader.js'
import { type AafAudioClip, writeAudioCompositionAaf } from './aaf-audio-composition.js'

// The file is read back with an independent reader (cfb plus the stored format's rules), and
// the object tree an importer walks is checked: the header, the composition's tracks, each
// clip's place and length in samples, and the embedded sound of each clip.

const RATE = 48_000
const SIGNATURE = '42464141-000d-4d4f-060e-2b34010101ff'
const CLASS = {
  Header: '0d010101-0101-2f00-060e-2b3402060101',
  CompositionMob: '0d010101-0101-3500-060e-2b3402060101',
  MasterMob: '0d010101-0101-3600-060e-2b3402060101',
  SourceMob: '0d010101-0101-3700-060e-2b3402060101',
  TimelineMobSlot: '0d010101-0101-3b00-060e-2b3402060101',
  Sequence: '0d010101-0101-0f00-060e-2b3402060101',
  SourceClip: '0d010101-0101-1100-060e-2b3402060101',
  Filler: '0d010101-0101-0900-060e-2b3402060101',
  PCMDescriptor: '0d010101-0101-4800-060e-2b3402060101',
}
const SOUND = '01030202-0200-0000-060e-2b3404010101'

function tone(hz: number, samples: number): Buffer {
  const pcm = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++)
    pcm.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / RATE)), i * 2)
  return pcm
}

const clips: Record<string, AafAudioClip[]> = {
  Noah: [
    { name: 'one', start: 24_000, pcm: tone(150, 36_000) },
    { name: 'three', start: 150_000, pcm: tone(160, 20_000) },
  ],
  Grace: [{ name: 'two', start: 70_000, pcm: tone(260, 50_000) }],
}

describe('the AAF audio composition writer', () => {
  const file = writeAudioCompositionAaf({
    name: 'Dub (es)',
    sampleRate: RATE,
    length: 200_000,
    tracks: Object.entries(clips).map(([name, c]) => ({ name, clips: c })),
    product: { company: 'Timbre', name: 'Timbre', version: '1', id: '5d1f1a28-3c2e-4a63-9f0e-8b3c7a1e2d40' },
  })
  const aaf = new AafReader(file)
  const root = aaf.object('')
  const header = aaf.strong(root, 0x0002)
  const content = aaf.strong(header, 0x3b03)
  const mobs = aaf.collection(content, 0x1901)
  const mobById = new Map(mobs.map(({ object, key }) => [key!.toString('hex'), object]))
  const composition = mobs.find((m) => m.object.classId === CLASS.CompositionMob)!.object

  it('is a Compound File whose root carries the AAF signature and a header', () => {
    expect(file.subarray(0, 8).toString('hex')).toBe('d0cf11e0a1b11ae1')
    expect(root.classId).toBe(SIGNATURE)
    expect(aaf.has('/MetaDictionary-1')).toBe(true)
    expect(header.classId).toBe(CLASS.Header)
    expect(aaf.value(header, 0x3b01).readUInt16LE(0)).toBe(0x4949)
    expect([...aaf.value(header, 0x3b05)]).toEqual([1, 1])
    const identification = aaf.collection(header, 0x3b06)
    expect(textOf(aaf.value(identification[0]!.object, 0x3c02))).toBe('Timbre')
    // Weak references resolve through the table: the dictionary's data and container definitions.
    expect(aaf.referencedProperties()).toEqual([
      [0x0002, 0x3b04, 0x2605],
      [0x0002, 0x3b04, 0x2608],
    ])
    const dataDefs = aaf.collection(aaf.strong(header, 0x3b04), 0x2605)
    expect(dataDefs.map((d) => guidOfBytes(d.key!))).toEqual([SOUND])
  })

  it('has one composition with a timeline track per named track, at the sample rate', () => {
    expect(mobs.filter((m) => m.object.classId === CLASS.CompositionMob)).toHaveLength(1)
    expect(mobs).toHaveLength(1 + 2 * 3)
    expect(guidOfBytes(aaf.value(composition, 0x4408))).toBe('0d010102-0101-0700-060e-2b3404010101')
    expect(textOf(aaf.value(composition, 0x4402))).toBe('Dub (es)')
    const slots = aaf.collection(composition, 0x4403).map((s) => s.object)
    expect(slots.map((s) => s.classId)).toEqual([CLASS.TimelineMobSlot, CLASS.TimelineMobSlot])
    expect(slots.map((s) => textOf(aaf.value(s, 0x4802)))).toEqual(['Noah', 'Grace'])
    for (const slot of slots) {
      const rate = aaf.value(slot, 0x4b01)
      expect([rate.readInt32LE(0), rate.readInt32LE(4)]).toEqual([RATE, 1])
    }
  })

  it('places every clip at its start with its length, its sound embedded byte for byte', () => {
    const slots = aaf.collection(composition, 0x4403).map((s) => s.object)
    const essence = new Map(
      aaf
        .collection(content, 0x1902)
        .map(({ object, key }) => [key!.toString('hex'), aaf.dataStream(object, 0x2702)]),
    )
    Object.values(clips).forEach((expected, track) => {
      const sequence = aaf.strong(slots[track]!, 0x4803)
      expect(sequence.classId).toBe(CLASS.Sequence)
      expect(guidOfBytes(aaf.value(sequence, 0x0201).subarray(5))).toBe(SOUND)
      let position = 0
      const placed: { start: number; length: number; pcm: Buffer }[] = []
      for (const { object: component } of aaf.collection(sequence, 0x1001)) {
        const length = Number(aaf.value(component, 0x0202).readBigInt64LE(0))
        if (component.classId === CLASS.SourceClip)
          placed.push({ start: position, length, pcm: followToEssence(component) })
        else expect(component.classId).toBe(CLASS.Filler)
        position += length
      }
      expect(position).toBe(200_000)
      expect(placed.map(({ start, length }) => ({ start, length }))).toEqual(
        expected.map((c) => ({ start: c.start, length: c.pcm.length / 2 })),
      )
      expect(placed.map((p, i) => p.pcm.equals(expected[i]!.pcm))).toEqual(expected.map(() => true))
    })

    /** Composition clip -> master mob -> file source mob (PCM descriptor) -> essence data. */
    function followToEssence(clip: StoredObject): Buffer {
      const master = mobById.get(aaf.value(clip, 0x1101).toString('hex'))!
      expect(master.classId).toBe(CLASS.MasterMob)
      const masterClip = aaf.strong(aaf.collection(master, 0x4403)[0]!.object, 0x4803)
      const fileMobId = aaf.value(masterClip, 0x1101).toString('hex')
      const fileMob = mobById.get(fileMobId)!
      expect(fileMob.classId).toBe(CLASS.SourceMob)
      const descriptor = aaf.strong(fileMob, 0x4701)
      expect(descriptor.classId).toBe(CLASS.PCMDescriptor)
      expect(aaf.value(descriptor, 0x3d01).readUInt32LE(0)).toBe(16)
      expect(aaf.value(descriptor, 0x3d07).readUInt32LE(0)).toBe(1)
      const data = essence.get(fileMobId)!
      expect(Number(aaf.value(descriptor, 0x3002).readBigInt64LE(0))).toBe(data.length / 2)
      return data
    }
  })

  it('refuses overlapping clips on one track', () => {
    expect(() =>
      writeAudioCompositionAaf({
        name: 'x',
        sampleRate: RATE,
        length: 10,
        tracks: [
          {
            name: 'a',
            clips: [
              { name: '1', start: 0, pcm: tone(100, 8) },
              { name: '2', start: 4, pcm: tone(100, 4) },
            ],
          },
        ],
        product: { company: 'T', name: 'T', version: '1', id: '5d1f1a28-3c2e-4a63-9f0e-8b3c7a1e2d40' },
      }),
    ).toThrow(/overlap/)
  })
})
