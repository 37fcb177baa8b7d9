import { zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { bombEntry, plainEntry, zipOf } from '../../../test/helpers/zip-bomb.js'
import {
  type ArchiveLimits,
  ArchiveTooLarge,
  listZipEntries,
  readZipEntries,
  UnreadableArchive,
} from './bounded-zip.js'

const MiB = 1024 * 1024
const limits: ArchiveLimits = { maxInflatedBytes: 32 * MiB, maxEntries: 100, label: 'The document' }

describe('bounded zip reading', () => {
  it('refuses a 1 GB bomb by its declared size, naming the bound, before inflating a byte', () => {
    const zip = zipOf([plainEntry('a.xml', '<a/>'), bombEntry('big.xml', 1024)])
    expect(zip.length).toBeLessThan(2 * MiB)
    const stats = { inflatedBytes: -1 }
    let refusal: unknown
    try {
      readZipEntries(zip, (name) => name === 'big.xml', limits, stats)
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(ArchiveTooLarge)
    expect(refusal).toMatchObject({ status: 413, message: 'The document expands to more than 32 MB.' })
    expect(stats.inflatedBytes).toBe(0)
  })

  it('never lets an entry that lies about its size grow past what it declares', () => {
    const bomb = { ...bombEntry('big.xml', 256), declaredSize: 4096 }
    const stats = { inflatedBytes: 0 }
    // It is inflated into a buffer of the declared 4 KB; the rest does not fit, and the
    // archive is found unreadable instead.
    expect(() => readZipEntries(zipOf([bomb]), () => true, limits, stats)).toThrow(UnreadableArchive)
    expect(stats.inflatedBytes).toBe(4096)
  })

  it('counts every wanted entry: many under the bound each, too much together', () => {
    const entries = Array.from({ length: 5 }, (_, i) => bombEntry(`part${i}.xml`, 8))
    const zip = zipOf(entries)
    expect(() => readZipEntries(zip, () => true, limits)).toThrow('expands to more than 32 MB')
    // Only the entries asked for count: three of them fit.
    const read = readZipEntries(zip, (name) => name < 'part3', limits)
    expect(Object.keys(read)).toEqual(['part0.xml', 'part1.xml', 'part2.xml'])
    expect(read['part0.xml']?.length).toBe(8 * MiB)
  })

  it('lists the entries without inflating them, and refuses an archive of too many', () => {
    const zip = zipSync(
      Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, new Uint8Array(1)])),
    )
    expect(() => listZipEntries(zip, limits)).toThrow('The document holds more than 100 files.')
    expect(listZipEntries(zip, { ...limits, maxEntries: 200 })).toHaveLength(101)
  })

  it('says when the bytes are not a zip archive at all', () => {
    expect(() => listZipEntries(Buffer.from('PK\x03\x04 not really'), limits)).toThrow(UnreadableArchive)
  })
})
