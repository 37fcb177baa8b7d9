import { STUDIO_BLOCK_PAUSE_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { requireProject } from '../project-access.js'
import type { Workspace } from '../project-rules.js'
import type { StoredBlock } from '../studio-content.js'
import type { StudioDeps } from '../studio-deps.js'

// Where each block of a converted chapter sits in the chapter's audio: the blocks' audio in
// reading order with the pause between blocks, exactly as the chapter's audio is joined. An
// editor plays from a block by starting there, and follows the block being read.

export interface TimelineDeps extends StudioDeps {
  /** The seconds of audio each generated block of a chapter has. */
  blockSeconds(chapterId: string): Promise<Map<string, number>>
}

export async function chapterTimeline(
  deps: TimelineDeps,
  principal: Workspace,
  projectId: string,
  chapterId: string,
) {
  const project = await requireProject(deps, principal, projectId)
  const chapter = await deps.repository.findChapter(project.id, chapterId)
  if (!chapter) throw new AppError('chapter_not_found')
  const seconds = await deps.blockSeconds(chapter.id)
  const blocks: Array<{ block_id: string; start_seconds: number; end_seconds: number }> = []
  let at = 0
  for (const block of chapter.blocks as StoredBlock[]) {
    if (!block.nodes.some((node) => node.text.trim())) continue
    const length = seconds.get(block.block_id)
    // A block without audio means the chapter's audio was made from other text.
    if (length === undefined) return { converted: false, blocks: [] }
    if (blocks.length > 0) at += STUDIO_BLOCK_PAUSE_SECONDS
    blocks.push({ block_id: block.block_id, start_seconds: at, end_seconds: at + length })
    at += length
  }
  return { converted: chapter.conversion_state === 'converted' && blocks.length > 0, blocks }
}
