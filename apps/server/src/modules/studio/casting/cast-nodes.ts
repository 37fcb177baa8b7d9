import { STUDIO_NARRATOR_ID, STUDIO_NODES_PER_BLOCK_MAX } from '@timbre/contract'
import type { StoredBlock, StoredNode } from '../studio-content.js'
import type { SpokenPiece } from './detect-speakers.js'
import { characterId } from './speaker-patterns.js'

// Turning a cast into a chapter's nodes: each quote becomes a node read by its character's voice
// and the narration around it by the narrator's, so one paragraph may be read by several voices.

export interface Voices {
  narrator: string
  /** Voice by character id; a character without one is read by the narrator's voice. */
  characters: ReadonlyMap<string, string | null>
}

export function voiceOf(voices: Voices, character: string): string {
  if (character === STUDIO_NARRATOR_ID) return voices.narrator
  return voices.characters.get(character) ?? voices.narrator
}

/** A paragraph's nodes from its pieces: neighbours read by the same cast member are one node. */
export function castNodes(pieces: SpokenPiece[], voices: Voices): StoredNode[] {
  const nodes: StoredNode[] = []
  for (const piece of pieces) {
    const character = piece.quote && piece.speaker ? characterId(piece.speaker) : STUDIO_NARRATOR_ID
    const last = nodes.at(-1)
    // A block holds a bounded number of nodes; past it the rest stays with the last reader.
    if (last && (last.character_id === character || nodes.length >= STUDIO_NODES_PER_BLOCK_MAX)) {
      last.text += piece.text
      continue
    }
    nodes.push({ voice_id: voiceOf(voices, character), text: piece.text, character_id: character })
  }
  return nodes
}

/** A block's text as written: its nodes joined as they were cut. */
export const paragraphText = (block: StoredBlock) => block.nodes.map((node) => node.text).join('')

/** A block with every node of one cast member read by a new voice. */
export function revoiced(block: StoredBlock, character: string, voiceId: string): StoredBlock {
  return {
    ...block,
    nodes: block.nodes.map((node) =>
      node.character_id === character ? { ...node, voice_id: voiceId } : node,
    ),
  }
}
