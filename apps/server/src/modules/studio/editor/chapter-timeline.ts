import { STUDIO_BLOCK_PAUSE_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { requireProject } from '../project-access.js'
import type { Workspace } from '../project-rules.js'
import type { StoredBlock } from '../studio-content.js'
import type { StudioDeps } from '../studio-deps.js'
import type { SpokenWord } from '../takes/spoken-words.js'

// Where each block of a converted chapter sits in the chapter's audio: the blocks' audio in
// reading order with the pause between blocks, exactly as the chapter's audio is joined. An
// editor plays from a block by starting there, and follows the block being read.

export interface TimelineDeps extends StudioDeps {
  /** The seconds of audio each generated block of a chapter has, and when its words are said. */
  blockTimings(chapterId: string): Promise<Map<string, { seconds: number; words: SpokenWord[] }>>
}

/** A word of a block: characters [from, to) of the block's text, seconds in the chapter's audio. */
interface TimelineWord {
  from: number
  to: number
  start_seconds: number
  end_seconds: number
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
  const timings = await deps.blockTimings(chapter.id)
  const blocks: Array<{
    block_id: string
    start_seconds: number
    end_seconds: number
    words: TimelineWord[]
  }> = []
  let at = 0
  for (const block of chapter.blocks as StoredBlock[]) {
    if (!block.nodes.some((node) => node.text.trim())) continue
    const timing = timings.get(block.block_id)
    // A block without audio means the chapter's audio was made from other text.
    if (timing === undefined) return { converted: false, blocks: [] }
    if (blocks.length > 0) at += STUDIO_BLOCK_PAUSE_SECONDS
    const start = at
    blocks.push({
      block_id: block.block_id,
      start_seconds: start,
      end_seconds: start + timing.seconds,
      words: timing.words.map((w) => ({
        from: w.from,
        to: w.to,
        start_seconds: round(start + w.start),
        end_seconds: round(start + w.end),
      })),
    })
    at += timing.seconds
  }
  return { converted: chapter.conversion_state === 'converted' && blocks.length > 0, blocks }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000
