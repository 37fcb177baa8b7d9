import { STUDIO_CAST_MAX_CHARACTERS, STUDIO_NARRATOR_ID } from '@timbre/contract'
import type { ChapterRow, ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { CastMember, CastRow, RewrittenChapter } from './cast.repository.js'
import { castNodes, paragraphText, type Voices } from './cast-nodes.js'
import { type BookCast, detectSpeakers } from './detect-speakers.js'

// A project read as a book for casting: its paragraphs (headings are the narrator's and are not
// searched for speech), the speakers found in them, and the cast that results.

const paragraphsOf = (chapter: ChapterRow) =>
  (chapter.blocks as StoredBlock[]).filter((block) => block.sub_type === 'p')

export function detectInProject(chapters: ChapterRow[]): BookCast {
  return detectSpeakers(chapters.map((chapter) => paragraphsOf(chapter).map(paragraphText)))
}

/**
 * The cast after a detection: the narrator, then the characters found (busiest first, at most
 * the cast's limit), each keeping the voice it had; characters no longer found are dropped
 * unless they have a voice.
 */
export function mergedCast(project: ProjectRow, found: BookCast, existing: CastRow[]): CastMember[] {
  const before = new Map(existing.map((row) => [row.character_id, row]))
  const narrator = before.get(STUDIO_NARRATOR_ID)
  const members: CastMember[] = [
    {
      character_id: STUDIO_NARRATOR_ID,
      name: 'Narrator',
      voice_id: narrator?.voice_id ?? project.default_paragraph_voice_id,
      lines: 0,
    },
  ]
  const seen = new Set([STUDIO_NARRATOR_ID])
  for (const character of found.characters.slice(0, STUDIO_CAST_MAX_CHARACTERS)) {
    if (seen.has(character.character_id)) continue
    seen.add(character.character_id)
    members.push({ ...character, voice_id: before.get(character.character_id)?.voice_id ?? null })
  }
  for (const row of existing) {
    if (seen.has(row.character_id) || row.voice_id === null) continue
    members.push({ character_id: row.character_id, name: row.name, voice_id: row.voice_id, lines: 0 })
  }
  return members
}

export function voicesOf(members: CastMember[], fallback: string): Voices {
  const narrator = members.find((m) => m.character_id === STUDIO_NARRATOR_ID)?.voice_id ?? fallback
  return { narrator, characters: new Map(members.map((m) => [m.character_id, m.voice_id])) }
}

/** Every chapter whose paragraphs change once each quote is read by its character's voice. */
export function castChapters(chapters: ChapterRow[], found: BookCast, voices: Voices): RewrittenChapter[] {
  const rewritten: RewrittenChapter[] = []
  chapters.forEach((chapter, c) => {
    const spoken = found.chapters[c] ?? []
    let paragraph = 0
    const blocks = (chapter.blocks as StoredBlock[]).map((block) => {
      if (block.sub_type !== 'p') return block
      const pieces = spoken[paragraph++] ?? []
      if (pieces.length === 0) return block
      return { ...block, nodes: castNodes(pieces, voices) }
    })
    if (JSON.stringify(blocks) !== JSON.stringify(chapter.blocks))
      rewritten.push({ id: chapter.id, version: chapter.version, blocks })
  })
  return rewritten
}
