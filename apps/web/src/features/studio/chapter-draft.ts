import type { StudioChapter, StudioChapterSave } from '../../lib/api-types'

// The editor's copy of a chapter: one text per block (a block's nodes are joined when a block
// was written with several voices, which this editor shows as the first node's voice).

export interface DraftBlock {
  key: string
  blockId?: string
  subType: 'p' | 'h1' | 'h2' | 'h3'
  voiceId: string
  text: string
}

export function draftFrom(chapter: StudioChapter): DraftBlock[] {
  return chapter.content.blocks.map((block) => ({
    key: block.block_id,
    blockId: block.block_id,
    subType: block.sub_type,
    voiceId: block.nodes[0]?.voice_id ?? '',
    text: block.nodes.map((node) => node.text).join(' '),
  }))
}

/** What a save sends: blocks with text (empty ones are dropped) and the loaded version, unless overwriting. */
export function savePayload(blocks: DraftBlock[], version: number | null): StudioChapterSave {
  return {
    content: {
      blocks: blocks
        .filter((block) => block.text.trim() !== '')
        .map((block) => ({
          ...(block.blockId ? { block_id: block.blockId } : {}),
          sub_type: block.subType,
          nodes: [{ type: 'tts_node' as const, voice_id: block.voiceId, text: block.text.trim() }],
        })),
    },
    ...(version === null ? {} : { version }),
  }
}
