import { zipSync } from 'fflate'
import { AppError } from '../../../errors.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { ConversionRepository, SnapshotRow } from './conversion.repository.js'
import type { ConversionService } from './conversion.service.js'

// Snapshots (the audio of each finished conversion of a chapter or project), their streamed
// audio and zip archives.

type Workspace = Pick<Principal, 'workspaceId' | 'userId'>

/** A file name that keeps letters and digits of any script. */
const fileName = (name: string) => name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'audio'

const unix = (date: Date) => Math.floor(date.getTime() / 1000)

function projectSnapshotView(row: SnapshotRow) {
  return {
    project_snapshot_id: row.id,
    project_id: row.project_id,
    created_at_unix: unix(row.created_at),
    name: row.name,
  }
}

function chapterSnapshotView(row: SnapshotRow) {
  return {
    chapter_snapshot_id: row.id,
    project_id: row.project_id,
    chapter_id: row.chapter_id ?? '',
    created_at_unix: unix(row.created_at),
    name: row.name,
  }
}

export function createSnapshotsService(deps: {
  studio: StudioRepository
  conversions: ConversionRepository
  conversion: ConversionService
  storage: FileStorage
  /** Restoring changes the project: it needs the editor role on it. */
  access?: Pick<StudioAccess, 'requireEditor'> | undefined
}) {
  const { studio, conversions } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await studio.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  async function requireChapter(project: ProjectRow, chapterId: string): Promise<ChapterRow> {
    const chapter = await studio.findChapter(project.id, chapterId)
    if (!chapter) throw new AppError('chapter_not_found')
    return chapter
  }

  async function snapshotAudio(row: SnapshotRow | undefined): Promise<Buffer> {
    if (!row) throw new AppError('studio_snapshot_not_found')
    const audio = await deps.storage.get(row.storage_key)
    if (!audio) throw new AppError('history_audio_missing')
    return audio
  }

  /** The chapter back to one of its snapshots: its text, and each block's audio then. */
  async function restoreChapter(project: ProjectRow, chapterId: string, snapshotId: string) {
    const chapter = await requireChapter(project, chapterId)
    const row = await conversions.snapshot(project.id, chapter.id, snapshotId)
    if (!row) throw new AppError('studio_snapshot_not_found')
    if (!row.blocks || !row.block_audio) throw new AppError('studio_snapshot_not_restorable')
    if (!(await conversions.restoreChapter(chapter.id, row.blocks, row.block_audio)))
      throw new AppError('studio_conversion_running')
  }

  async function requireEditable(principal: Workspace, projectId: string) {
    const project = await requireProject(principal, projectId)
    await deps.access?.requireEditor(principal, { id: project.id, createdBy: project.created_by })
    return project
  }

  return {
    async restoreChapterSnapshot(
      principal: Workspace,
      projectId: string,
      chapterId: string,
      snapshotId: string,
    ) {
      const project = await requireEditable(principal, projectId)
      await restoreChapter(project, chapterId, snapshotId)
      return { status: 'ok' as const }
    },

    /** Every chapter of a project snapshot restored (chapters deleted since are left out). */
    async restoreProjectSnapshot(principal: Workspace, projectId: string, snapshotId: string) {
      const project = await requireEditable(principal, projectId)
      const row = await conversions.snapshot(project.id, null, snapshotId)
      if (!row) throw new AppError('studio_snapshot_not_found')
      const chapters = await conversions.snapshotsByIds(project.id, row.chapter_snapshot_ids)
      if (chapters.some((c) => !c.blocks || !c.block_audio))
        throw new AppError('studio_snapshot_not_restorable')
      const present = new Set((await studio.listChapters(project.id)).map((c) => c.id))
      for (const chapter of chapters) {
        if (chapter.chapter_id && present.has(chapter.chapter_id))
          await restoreChapter(project, chapter.chapter_id, chapter.id)
      }
      return { status: 'ok' as const }
    },

    async projectSnapshots(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      return { snapshots: (await conversions.snapshots(project.id, null)).map(projectSnapshotView) }
    },

    async projectSnapshot(principal: Workspace, projectId: string, snapshotId: string) {
      const project = await requireProject(principal, projectId)
      const row = await conversions.snapshot(project.id, null, snapshotId)
      if (!row) throw new AppError('studio_snapshot_not_found')
      return {
        ...projectSnapshotView(row),
        character_alignments: [],
        audio_duration_secs: row.duration_seconds,
      }
    },

    async projectSnapshotStream(principal: Workspace, projectId: string, snapshotId: string) {
      const project = await requireProject(principal, projectId)
      return snapshotAudio(await conversions.snapshot(project.id, null, snapshotId))
    },

    /** A zip of the snapshot's chapters, one MP3 per chapter in reading order. */
    async projectSnapshotArchive(principal: Workspace, projectId: string, snapshotId: string) {
      const project = await requireProject(principal, projectId)
      const row = await conversions.snapshot(project.id, null, snapshotId)
      if (!row) throw new AppError('studio_snapshot_not_found')
      const parts = await conversions.snapshotsByIds(project.id, row.chapter_snapshot_ids)
      const byId = new Map(parts.map((p) => [p.id, p]))
      const files: Record<string, Uint8Array> = {}
      let index = 0
      for (const id of row.chapter_snapshot_ids) {
        const part = byId.get(id)
        if (!part) continue
        index += 1
        files[`${String(index).padStart(3, '0')} ${fileName(part.name)}.mp3`] = await snapshotAudio(part)
      }
      if (index === 0) files[`${fileName(project.name)}.mp3`] = await snapshotAudio(row)
      return Buffer.from(zipSync(files, { level: 0 }))
    },

    async chapterSnapshots(principal: Workspace, projectId: string, chapterId: string) {
      const project = await requireProject(principal, projectId)
      const chapter = await requireChapter(project, chapterId)
      return { snapshots: (await conversions.snapshots(project.id, chapter.id)).map(chapterSnapshotView) }
    },

    async chapterSnapshot(principal: Workspace, projectId: string, chapterId: string, snapshotId: string) {
      const project = await requireProject(principal, projectId)
      const chapter = await requireChapter(project, chapterId)
      const row = await conversions.snapshot(project.id, chapter.id, snapshotId)
      if (!row) throw new AppError('studio_snapshot_not_found')
      return { ...chapterSnapshotView(row), character_alignments: [] }
    },

    async chapterSnapshotStream(
      principal: Workspace,
      projectId: string,
      chapterId: string,
      snapshotId: string,
    ) {
      const project = await requireProject(principal, projectId)
      const chapter = await requireChapter(project, chapterId)
      return snapshotAudio(await conversions.snapshot(project.id, chapter.id, snapshotId))
    },
  }
}

export type SnapshotsService = ReturnType<typeof createSnapshotsService>
