import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { ConversionRepository } from './conversion.repository.js'
import type { ConversionService } from './conversion.service.js'
import type { ExportsRepository } from './exports.repository.js'
import type { ChapterAudio } from './studio-audio.js'

/** What the export use cases work with; the service file composes them over one set. */
export interface ExportsDeps {
  studio: StudioRepository
  conversions: ConversionRepository
  conversion: Pick<ConversionService, 'chapterPcm'>
  exports: ExportsRepository
  queue: JobQueue
  storage: FileStorage
  log?: (message: string, details: object) => void
}

const blockText = (block: StoredBlock) => block.nodes.map((n) => n.text).join(' ')

/** Every block with text has kept audio; otherwise the first chapter lacking it is named. */
export async function requireConverted(
  deps: Pick<ExportsDeps, 'conversions'>,
  chapters: ChapterRow[],
): Promise<void> {
  const kept = await deps.conversions.blockAudio(chapters.map((c) => c.id))
  const have = new Set(kept.map((r) => `${r.chapter_id}:${r.block_id}`))
  for (const chapter of chapters) {
    const missing = (chapter.blocks as StoredBlock[]).some(
      (b) => blockText(b).trim() && !have.has(`${chapter.id}:${b.block_id}`),
    )
    if (missing)
      throw new AppError('studio_not_converted', {
        message: `Convert the chapter “${chapter.name}” before exporting it.`,
      })
  }
}

/** The chapters an export is made of, in reading order. */
export async function chaptersOf(
  deps: Pick<ExportsDeps, 'studio'>,
  project: ProjectRow,
  chapterId: string | null,
): Promise<ChapterRow[]> {
  if (chapterId !== null) {
    const chapter = await deps.studio.findChapter(project.id, chapterId)
    if (!chapter) throw new AppError('chapter_not_found')
    return [chapter]
  }
  const chapters = (await deps.studio.listChapters(project.id)).filter(
    (c) => (c.blocks as unknown[]).length > 0,
  )
  if (chapters.length === 0) throw new AppError('studio_not_converted')
  return chapters
}

/** The current audio of chapters, every block converted, in reading order. */
export async function chapterAudio(deps: ExportsDeps, chapters: ChapterRow[]): Promise<ChapterAudio[]> {
  const rows = await deps.conversions.blockAudio(chapters.map((c) => c.id))
  const out: ChapterAudio[] = []
  for (const chapter of chapters) {
    const audio = new Map(rows.filter((r) => r.chapter_id === chapter.id).map((r) => [r.block_id, r]))
    const pcm = await deps.conversion.chapterPcm(chapter, audio)
    if (!pcm)
      throw new AppError('studio_not_converted', {
        message: `Convert the chapter “${chapter.name}” before exporting it.`,
      })
    out.push({ title: chapter.name, pcm })
  }
  return out
}
