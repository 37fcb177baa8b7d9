import type { JSONContent } from '@tiptap/react'
import type { StudioChapter, StudioChapterSave } from '../../../lib/api-types'

// A chapter as the editor's document and back. A block (heading or paragraph) is read by its
// own voice; a span inside it may be read by another (a character's quote, or a voice the
// writer chose), and the pauses written as [short pause], [pause] or [long pause] are marks of
// their own. Emphasis is an italic span. Saving cuts each block into nodes wherever the reader
// or the emphasis changes, so what was loaded is saved back unchanged.

export const NARRATOR = 'narrator'
export const PAUSES = { short: '[short pause]', normal: '[pause]', long: '[long pause]' } as const
export type PauseLength = keyof typeof PAUSES
const PAUSE_PATTERN = /\[(short |long )?pause\]/g

type SubType = 'p' | 'h1' | 'h2' | 'h3'
type SaveBlocks = NonNullable<StudioChapterSave['content']>['blocks']
type Block = StudioChapter['content']['blocks'][number]
type StoredNode = Omit<Block['nodes'][number], 'emphasis'> & { emphasis?: boolean }

export interface BlockAttrs {
  blockId: string | null
  voiceId: string
  /** The block's own text is the cast's narration (read by the narrator's voice). */
  narrated: boolean
}

/** The voice that reads most of a block: its narration's, else its first node's. */
function blockVoice(block: Block): { voiceId: string; narrated: boolean } {
  const narration = block.nodes.find((node) => node.character_id === NARRATOR)
  if (narration) return { voiceId: narration.voice_id, narrated: true }
  return { voiceId: block.nodes[0]?.voice_id ?? '', narrated: false }
}

function inlineContent(node: StoredNode, attrs: BlockAttrs): JSONContent[] {
  const own = attrs.narrated
    ? node.character_id === NARRATOR
    : node.voice_id === attrs.voiceId && !node.character_id
  const marks: NonNullable<JSONContent['marks']> = []
  if (!own)
    marks.push({ type: 'voice', attrs: { voiceId: node.voice_id, characterId: node.character_id ?? null } })
  if (node.emphasis) marks.push({ type: 'italic' })
  const out: JSONContent[] = []
  let last = 0
  for (const match of node.text.matchAll(PAUSE_PATTERN)) {
    const at = match.index ?? 0
    if (at > last)
      out.push({ type: 'text', text: node.text.slice(last, at), ...(marks.length ? { marks } : {}) })
    const length: PauseLength = match[1] === 'short ' ? 'short' : match[1] === 'long ' ? 'long' : 'normal'
    out.push({ type: 'pause', attrs: { length } })
    last = at + match[0].length
  }
  if (last < node.text.length)
    out.push({ type: 'text', text: node.text.slice(last), ...(marks.length ? { marks } : {}) })
  return out
}

export function docFromChapter(chapter: Pick<StudioChapter, 'content'>, defaultVoiceId: string): JSONContent {
  const blocks = chapter.content.blocks
  if (blocks.length === 0) {
    return {
      type: 'doc',
      content: [{ type: 'paragraph', attrs: { blockId: null, voiceId: defaultVoiceId, narrated: false } }],
    }
  }
  return {
    type: 'doc',
    content: blocks.map((block) => {
      const voice = blockVoice(block)
      const attrs: BlockAttrs = { blockId: block.block_id, ...voice }
      const content = block.nodes.flatMap((node) => inlineContent(node, attrs))
      const level = block.sub_type === 'p' ? null : Number(block.sub_type.slice(1))
      return {
        type: level === null ? 'paragraph' : 'heading',
        attrs: level === null ? attrs : { ...attrs, level },
        ...(content.length ? { content } : {}),
      }
    }),
  }
}

interface Reader {
  voiceId: string
  characterId: string | null
  emphasis: boolean
}

function readerOf(item: JSONContent, attrs: BlockAttrs): Reader {
  const voice = item.marks?.find((mark) => mark.type === 'voice')
  const emphasis = item.marks?.some((mark) => mark.type === 'italic') ?? false
  if (voice) {
    return {
      voiceId: String(voice.attrs?.voiceId ?? attrs.voiceId),
      characterId: (voice.attrs?.characterId as string | null | undefined) ?? null,
      emphasis,
    }
  }
  return { voiceId: attrs.voiceId, characterId: attrs.narrated ? NARRATOR : null, emphasis }
}

const sameReader = (a: Reader, b: Reader) =>
  a.voiceId === b.voiceId && a.characterId === b.characterId && a.emphasis === b.emphasis

/** A block's nodes: consecutive text with one reader is one node; a pause joins the text around it. */
function nodesOf(block: JSONContent, attrs: BlockAttrs): StoredNode[] {
  const nodes: Array<StoredNode & { reader: Reader }> = []
  for (const item of block.content ?? []) {
    if (item.type === 'pause') {
      const tag = PAUSES[(item.attrs?.length as PauseLength | undefined) ?? 'normal'] ?? PAUSES.normal
      const last = nodes.at(-1)
      if (last) last.text += tag
      else nodes.push({ ...storedNode(readerOf({}, attrs), tag), reader: readerOf({}, attrs) })
      continue
    }
    if (item.type === 'hardBreak') {
      const last = nodes.at(-1)
      if (last) last.text += '\n'
      continue
    }
    const text = item.text ?? ''
    if (!text) continue
    const reader = readerOf(item, attrs)
    const last = nodes.at(-1)
    if (last && sameReader(last.reader, reader)) last.text += text
    else nodes.push({ ...storedNode(reader, text), reader })
  }
  return nodes.map(({ reader: _reader, ...node }) => node)
}

function storedNode(reader: Reader, text: string): StoredNode {
  return {
    type: 'tts_node',
    voice_id: reader.voiceId,
    project_voice_ref_id: reader.voiceId,
    text,
    character_id: reader.characterId,
    ...(reader.emphasis ? { emphasis: true } : {}),
  }
}

export function subTypeOf(block: JSONContent): SubType {
  if (block.type !== 'heading') return 'p'
  const level = Number(block.attrs?.level ?? 1)
  return level === 2 ? 'h2' : level === 3 ? 'h3' : 'h1'
}

/** The blocks a save sends (blocks with no text are left out), in order. */
export function blocksFromDoc(doc: JSONContent): SaveBlocks {
  const out: SaveBlocks = []
  // A block copied within the chapter carries the original's id; only the first keeps it.
  const seen = new Set<string>()
  for (const block of doc.content ?? []) {
    const attrs = block.attrs as BlockAttrs
    const nodes = nodesOf(block, attrs)
    if (!nodes.some((node) => node.text.trim() !== '')) continue
    const keepId = attrs.blockId !== null && !seen.has(attrs.blockId)
    if (attrs.blockId) seen.add(attrs.blockId)
    out.push({
      ...(keepId && attrs.blockId ? { block_id: attrs.blockId } : {}),
      sub_type: subTypeOf(block),
      nodes: nodes.map((node) => ({
        type: 'tts_node' as const,
        voice_id: node.voice_id,
        text: node.text,
        ...(node.character_id ? { character_id: node.character_id } : {}),
        ...(node.emphasis ? { emphasis: true } : {}),
      })),
    })
  }
  return out
}
