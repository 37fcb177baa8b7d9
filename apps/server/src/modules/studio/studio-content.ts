import {
  STUDIO_BLOCK_MAX_CHARACTERS,
  STUDIO_BLOCK_TYPES,
  STUDIO_CHAPTER_MAX_BLOCKS,
  type StudioBlockType,
} from '@timbre/contract'
import { z } from 'zod'
import { newId } from '../../lib/ids.js'
import type { ImportedChapter } from './import/imported-document.js'

// A chapter's content as stored and as the public API shows it: blocks (a heading or a
// paragraph) made of text nodes, each read by one voice. A block is the unit that is
// generated, regenerated and locked.

export interface StoredNode {
  voice_id: string
  text: string
  /** The cast member who reads this node (`narrator` for narration), once the project is cast. */
  character_id?: string
  /** The writer marked this text as emphasised. */
  emphasis?: boolean
}

export interface StoredBlock {
  block_id: string
  sub_type: StudioBlockType
  nodes: StoredNode[]
}

export interface DefaultVoices {
  title: string
  paragraph: string
}

/** Imported text becomes blocks read by the project's default voices (headings by the title voice). */
export function blocksFromImport(chapter: ImportedChapter, voices: DefaultVoices): StoredBlock[] {
  return splitLong(chapter.blocks).map((block) => ({
    block_id: newId(),
    sub_type: block.kind,
    nodes: [{ voice_id: block.kind === 'p' ? voices.paragraph : voices.title, text: block.text }],
  }))
}

/** A paragraph longer than a block may hold is cut at sentence ends into several blocks. */
function splitLong<T extends { text: string }>(blocks: T[]): T[] {
  return blocks.flatMap((block) => {
    if (block.text.length <= STUDIO_BLOCK_MAX_CHARACTERS) return [block]
    const pieces: T[] = []
    let rest = block.text
    while (rest.length > STUDIO_BLOCK_MAX_CHARACTERS) {
      const window = rest.slice(0, STUDIO_BLOCK_MAX_CHARACTERS)
      const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '))
      const end =
        cut > STUDIO_BLOCK_MAX_CHARACTERS / 2
          ? cut + 1
          : window.lastIndexOf(' ') > 0
            ? window.lastIndexOf(' ')
            : STUDIO_BLOCK_MAX_CHARACTERS
      pieces.push({ ...block, text: rest.slice(0, end).trim() })
      rest = rest.slice(end).trim()
    }
    if (rest) pieces.push({ ...block, text: rest })
    return pieces
  })
}

const nodeInput = z.object({
  type: z.literal('tts_node').optional(),
  voice_id: z.string().min(1).max(64),
  text: z.string().max(STUDIO_BLOCK_MAX_CHARACTERS),
  character_id: z.string().max(64).nullish(),
  emphasis: z.boolean().optional(),
})
const blockInput = z.object({
  block_id: z.string().max(64).optional(),
  sub_type: z.enum(STUDIO_BLOCK_TYPES).default('p'),
  nodes: z.array(nodeInput).min(1).max(50),
})
/** The content of one chapter as clients send it (chapter update, `from_content_json`). */
export const chapterContentInput = z.object({ blocks: z.array(blockInput).max(STUDIO_CHAPTER_MAX_BLOCKS) })
export const contentJsonInput = z
  .array(
    z.object({
      name: z.string().trim().min(1).max(200),
      blocks: z.array(blockInput).max(STUDIO_CHAPTER_MAX_BLOCKS),
    }),
  )
  .max(500)

export type ChapterContentInput = z.infer<typeof chapterContentInput>

/** Client blocks as stored: a block keeps its id when it has one, so edits keep history. */
export function storedBlocks(blocks: ChapterContentInput['blocks']): StoredBlock[] {
  return blocks.map((block) => ({
    block_id: block.block_id ?? newId(),
    sub_type: block.sub_type,
    nodes: block.nodes.map((node) => ({
      voice_id: node.voice_id,
      text: node.text,
      ...(node.character_id ? { character_id: node.character_id } : {}),
      ...(node.emphasis ? { emphasis: true } : {}),
    })),
  }))
}

/** Every voice a set of blocks names, once each. */
export function voicesIn(blocks: StoredBlock[]): string[] {
  return [...new Set(blocks.flatMap((block) => block.nodes.map((node) => node.voice_id)))]
}

export function characterCount(blocks: StoredBlock[]): number {
  return blocks.reduce((sum, block) => sum + block.nodes.reduce((n, node) => n + node.text.length, 0), 0)
}
