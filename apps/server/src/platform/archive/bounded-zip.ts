import { type UnzipFileInfo, unzipSync } from 'fflate'
import { AppError } from '../../errors.js'
import { formatBytes } from '../format-bytes.js'

// Every zip archive the product opens from a client (EPUB and DOCX imports) is read here, so a
// small file cannot expand into gigabytes. The central directory says how large each entry is;
// the entries wanted are refused before any is inflated once their sizes add up past the bound,
// and each is inflated into a buffer of exactly its declared size, so an entry that lies about
// its size is cut short rather than allowed to grow. Only the entries a reader asks for are
// inflated at all.

export interface ArchiveLimits {
  /** The most bytes the entries read may inflate to, together. */
  maxInflatedBytes: number
  /** The most entries the archive may list. */
  maxEntries: number
  /** How refusals name the archive, e.g. "The document". */
  label: string
}

/** What a read inflated (at most, while it runs), for callers and tests that watch the cost. */
export interface ArchiveStats {
  inflatedBytes: number
}

/** An archive larger inside than its bounds: 413 with the bound named. */
export class ArchiveTooLarge extends AppError {
  constructor(message: string) {
    super('payload_too_large', { message })
  }
}

const tooLarge = (limits: ArchiveLimits) =>
  new ArchiveTooLarge(`${limits.label} expands to more than ${formatBytes(limits.maxInflatedBytes)}.`)

const tooMany = (limits: ArchiveLimits) =>
  new ArchiveTooLarge(`${limits.label} holds more than ${limits.maxEntries} files.`)

/** Not a zip archive fflate can read (no central directory, an unknown compression). */
export class UnreadableArchive extends Error {}

/** The names of the archive's entries, without inflating any. */
export function listZipEntries(zip: Uint8Array, limits: ArchiveLimits): string[] {
  const names: string[] = []
  read(zip, limits, (file) => {
    names.push(file.name)
    return false
  })
  return names
}

/** The wanted entries, inflated within the bound; anything larger is refused whole. */
export function readZipEntries(
  zip: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ArchiveLimits,
  stats: ArchiveStats = { inflatedBytes: 0 },
): Record<string, Uint8Array> {
  let declared = 0
  stats.inflatedBytes = 0
  const entries = read(zip, limits, (file) => {
    if (!wanted(file.name)) return false
    // A stored entry is copied as it is: its bytes count whichever size is the larger.
    const size = file.compression === 0 ? Math.max(file.size, file.originalSize) : file.originalSize
    declared += size
    if (declared > limits.maxInflatedBytes) throw tooLarge(limits)
    // Each entry is inflated as soon as it is accepted, into exactly its declared size.
    stats.inflatedBytes += size
    return true
  })
  stats.inflatedBytes = Object.values(entries).reduce((sum, entry) => sum + entry.length, 0)
  return entries
}

function read(
  zip: Uint8Array,
  limits: ArchiveLimits,
  filter: (file: UnzipFileInfo) => boolean,
): Record<string, Uint8Array> {
  let count = 0
  try {
    return unzipSync(zip, {
      filter: (file) => {
        count += 1
        if (count > limits.maxEntries) throw tooMany(limits)
        return filter(file)
      },
    })
  } catch (error) {
    if (error instanceof ArchiveTooLarge) throw error
    throw new UnreadableArchive(error instanceof Error ? error.message : String(error))
  }
}
