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
