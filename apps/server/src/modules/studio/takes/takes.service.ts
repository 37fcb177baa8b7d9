import { STUDIO_FREE_REGENERATIONS, STUDIO_LOCKED_BLOCK_MESSAGE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { wavOf } from '../../../lib/audio/wav-file.js'
import type { FileStorage } from '../../../lib/storage.js'
import { chapterPcm } from '../conversion/chapter-audio.js'
import type { ConversionRepository } from '../conversion/conversion.repository.js'
import { blockText, sourceHash, type Workspace } from '../conversion/conversion-deps.js'
import { encodeMp3, STUDIO_SAMPLE_RATE } from '../conversion/studio-audio.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { StoredBlock } from '../studio-content.js'

// A block's takes: every rendering of its current text is kept, listed, played and may be
// picked; the chapter's audio (what plays in the editor, exports and publications) joins each
// block's picked take. Free regenerations left are counted for the text the block has now.

export interface TakesDeps {
  studio: StudioRepository
  conversions: ConversionRepository
  storage: FileStorage
  access?: Pick<StudioAccess, 'requireEditor'> | undefined
}

/** Studio's block audio is 16-bit mono PCM; a take is heard as WAV. */
function wavOfPcm(pcm: Buffer): Buffer {
  const samples = new Float32Array(pcm.length >> 1)
  for (let i = 0; i < samples.length; i++) samples[i] = pcm.readInt16LE(i * 2) / 32768
  return wavOf(samples, STUDIO_SAMPLE_RATE)
}

export function createTakesService(deps: TakesDeps) {
  async function chapterOf(principal: Workspace, projectId: string, chapterId: string, edit: boolean) {
    const project = await deps.studio.findProject(principal.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    if (edit) await deps.access?.requireEditor(principal, { id: project.id, createdBy: project.created_by })
    const chapter = await deps.studio.findChapter(project.id, chapterId)
    if (!chapter) throw new AppError('chapter_not_found')
    return { project, chapter }
  }

  function blockOf(chapter: ChapterRow, blockId: string): StoredBlock {
    const block = (chapter.blocks as StoredBlock[]).find((b) => b.block_id === blockId)
    if (!block) throw new AppError('studio_block_not_found')
    return block
  }

  const currentHash = (project: ProjectRow, block: StoredBlock) =>
    sourceHash(block, project.default_model_id, project.pronunciation_dictionary_locators as unknown[])

  async function audioOf(chapterId: string, blockId: string) {
    return (await deps.conversions.blockAudio([chapterId])).find((row) => row.block_id === blockId)
  }

  return {
    async list(principal: Workspace, projectId: string, chapterId: string, blockId: string) {
      const { project, chapter } = await chapterOf(principal, projectId, chapterId, false)
      const block = blockOf(chapter, blockId)
      const hash = currentHash(project, block)
      const audio = await audioOf(chapter.id, blockId)
      const current = audio?.source_hash === hash
      const takes = current ? await deps.conversions.takes(chapter.id, blockId, hash) : []
      return {
        block_id: blockId,
        current,
        locked: audio?.locked ?? false,
        free_regenerations_left: current
          ? Math.max(0, STUDIO_FREE_REGENERATIONS - (audio?.free_regenerations ?? 0))
          : 0,
        takes: takes.map((take) => ({
          take_id: take.id,
          created_at_unix: Math.floor(take.created_at.getTime() / 1000),
          duration_seconds: take.duration_seconds,
          free: take.free,
          picked: audio?.take_id === take.id,
        })),
      }
    },

    async audio(principal: Workspace, projectId: string, chapterId: string, blockId: string, takeId: string) {
      const { project, chapter } = await chapterOf(principal, projectId, chapterId, false)
      const hash = currentHash(project, blockOf(chapter, blockId))
      const take = (await deps.conversions.takes(chapter.id, blockId, hash)).find((t) => t.id === takeId)
      const pcm = take ? await deps.storage.get(take.storage_key) : null
      if (!pcm) throw new AppError('studio_take_not_found')
      return wavOfPcm(pcm)
    },

    async pick(principal: Workspace, projectId: string, chapterId: string, blockId: string, takeId: string) {
      const { project, chapter } = await chapterOf(principal, projectId, chapterId, true)
      const hash = currentHash(project, blockOf(chapter, blockId))
      const audio = await audioOf(chapter.id, blockId)
      if (audio?.locked) throw new AppError('studio_block_locked', { message: STUDIO_LOCKED_BLOCK_MESSAGE })
      const known = (await deps.conversions.takes(chapter.id, blockId, hash)).some((t) => t.id === takeId)
      if (!known || !(await deps.conversions.pickTake(chapter.id, blockId, takeId)))
        throw new AppError('studio_take_not_found')
      return { block_id: blockId, take_id: takeId }
    },

    /**
     * The chapter's audio as it is now: each block's picked take, in reading order (MP3). When
     * it is what the newest snapshot holds (nothing regenerated or picked since), that file is
     * sent as it is; otherwise the takes are joined and encoded.
     */
    async chapterAudio(principal: Workspace, projectId: string, chapterId: string) {
      const { project, chapter } = await chapterOf(principal, projectId, chapterId, false)
      const rows = await deps.conversions.blockAudio([chapter.id])
      const audio = new Map(rows.map((row) => [row.block_id, row]))
      const latest = (await deps.conversions.snapshots(project.id, chapter.id))[0]
      const spoken = (chapter.blocks as StoredBlock[]).filter((b) => blockText(b).trim())
      const same =
        latest?.block_audio &&
        latest.block_audio.length === spoken.length &&
        spoken.every((b, i) => audio.get(b.block_id)?.storage_key === latest.block_audio?.[i]?.storage_key)
      if (latest && same) {
        const file = await deps.storage.get(latest.storage_key)
        if (file) return file
      }
      const pcm = await chapterPcm(deps, chapter, audio)
      if (!pcm) throw new AppError('studio_not_converted')
      return encodeMp3(pcm)
    },
  }
}

export type TakesService = ReturnType<typeof createTakesService>
