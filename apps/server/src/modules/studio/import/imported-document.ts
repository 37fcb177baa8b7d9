import { STUDIO_DOCUMENT_ARCHIVE_MAX_ENTRIES, STUDIO_DOCUMENT_INFLATED_MAX_BYTES } from '@timbre/contract'
import type { ArchiveLimits } from '../../../platform/archive/bounded-zip.js'

// What every importer produces: a book's metadata where the file has it, and its chapters as
// ordered blocks of plain text (headings and paragraphs), ready to become a Studio project.

export type BlockKind = 'h1' | 'h2' | 'h3' | 'p'

export interface ImportedBlock {
  kind: BlockKind
  text: string
}

export interface ImportedChapter {
  name: string
  blocks: ImportedBlock[]
}

export interface ImportedDocument {
  title?: string
  author?: string
  language?: string
  chapters: ImportedChapter[]
}

/** A document that cannot be read: its message is shown to the user as it is. */
export class UnreadableDocument extends Error {}

/** The bounds of every archive an import opens (EPUB, DOCX). */
export const DOCUMENT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxInflatedBytes: STUDIO_DOCUMENT_INFLATED_MAX_BYTES,
  maxEntries: STUDIO_DOCUMENT_ARCHIVE_MAX_ENTRIES,
  label: 'The document',
}
