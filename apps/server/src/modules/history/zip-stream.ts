import { Readable } from 'node:stream'
import { Zip, ZipPassThrough } from 'fflate'

// A zip written as it is read (fflate's streaming `Zip`): one entry is loaded at a time, so
// a download of many items holds one file in memory, not all of them. Entries are stored,
// not deflated: MP3 does not shrink, and WAV is made on the fly where speed matters more.

export interface ZipEntry {
  name: string
  modifiedAt: Date
  load(): Promise<Uint8Array>
}

async function* zipChunks(entries: readonly ZipEntry[]): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  for (const entry of entries) {
    const data = await entry.load()
    const file = new ZipPassThrough(entry.name)
    file.mtime = entry.modifiedAt
    zip.add(file)
    file.push(data, true)
    if (failure) throw failure
    yield* ready.splice(0)
  }
  zip.end()
  if (failure) throw failure
  yield* ready.splice(0)
}

/** A Readable that pulls entries only as fast as the client reads. */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false })
}
