import { ERRORS, STUDIO_LOCKED_BLOCK_MESSAGE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { defineHeldJob } from '../../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import { type RegenerateSentenceInput, regenerateSentence } from '../takes/regenerate-sentence.js'
import { chapterPcm } from './chapter-audio.js'
import type { BlockAudioRow } from './conversion.repository.js'
import { type ConversionDeps, dictionaryModel, type Workspace } from './conversion-deps.js'
import { enqueueConversion } from './enqueue-conversion.js'
import { runConversion } from './run-conversion.js'

// Conversion of Studio chapters to audio as jobs, composed from its use cases: a request marks
// the chapters queued and enqueues one job (enqueue-conversion); the job runner holds the
// conversion's row with a heartbeat while run-conversion renders its blocks (render-block), and
// hands a conversion whose holder died to a new run within seconds, which keeps every block
// already rendered (the dead run's open reservation is released by the recording sweeper).

/** A running conversion's row is touched this often, whatever the work is doing. */
export const CONVERSION_HEARTBEAT_MS = 3_000
/** A running conversion whose row has not moved for this long belongs to a dead worker. */
export const STALE_CONVERSION_SECONDS = 15
/** How often the worker roles look for conversions and exports of dead workers. */
export const RECOVERY_SWEEP_MS = 5_000
/** Progress is written at most this often (and whenever a block ends). */
const PROGRESS_WRITE_MS = 400

export type { ConversionDeps } from './conversion-deps.js'

export function createConversionService(deps: ConversionDeps) {
  const { studio, conversions } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await studio.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  /** A project the caller may change: members who may only view it are refused (403). */
  async function requireEditableProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await requireProject(workspace, projectId)
    await deps.access?.requireEditor(workspace, { id: project.id, createdBy: project.created_by })
    return project
  }

  const job = defineHeldJob({
    name: 'studio.convert',
    store: conversions.held,
    timing: {
      heartbeatMs: CONVERSION_HEARTBEAT_MS,
      staleSeconds: STALE_CONVERSION_SECONDS,
      progressWriteMs: PROGRESS_WRITE_MS,
    },
    rowId: (payload) => payload.conversionId,
    resume: (conversionId) => ({ conversionId }),
    handler: (conversion, run) => runConversion(deps, { conversion, run }),
    log: deps.log,
  })

  const enqueue = (
    principal: Workspace,
    project: ProjectRow,
    chapterIds: string[],
    options: { blockIds?: string[]; wholeProject: boolean },
  ) => enqueueConversion(deps, { principal, project, chapterIds, ...options })

  return {
    job,
    /** Runs one conversion job (claimed first: nothing when it is done or held by a live run). */
    run: (conversionId: string) => job.run({ conversionId }),
    /** Hands every conversion whose run stopped beating (its process died) to a new run. */
    recoverStale: () => job.recoverStale(deps.queue),

    async convertProject(principal: Workspace, projectId: string) {
      const project = await requireEditableProject(principal, projectId)
      const chapters = await studio.listChapters(project.id)
      const id = await enqueue(
        principal,
        project,
        chapters.map((c) => c.id),
        { wholeProject: true },
      )
      return { status: 'ok' as const, conversion_id: id }
    },

    async convertChapter(principal: Workspace, projectId: string, chapterId: string) {
      const project = await requireEditableProject(principal, projectId)
      const chapter = await studio.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      const id = await enqueue(principal, project, [chapter.id], { wholeProject: false })
      return { status: 'ok' as const, conversion_id: id }
    },

    /** Renders one block again (never a locked one). */
    async regenerateBlock(principal: Workspace, projectId: string, chapterId: string, blockId: string) {
      const project = await requireEditableProject(principal, projectId)
      const chapter = await studio.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      if (!(chapter.blocks as StoredBlock[]).some((b) => b.block_id === blockId))
        throw new AppError('studio_block_not_found')
      const existing = (await conversions.blockAudio([chapter.id])).find((r) => r.block_id === blockId)
      if (existing?.locked)
        throw new AppError('studio_block_locked', { message: STUDIO_LOCKED_BLOCK_MESSAGE })
      const id = await enqueue(principal, project, [chapter.id], { blockIds: [blockId], wholeProject: false })
      return { status: 'ok' as const, conversion_id: id }
    },

    /** Renders one sentence of a paragraph again into a new take of it (within the request). */
    regenerateSentence: (principal: Principal, input: RegenerateSentenceInput) =>
      regenerateSentence(deps, principal, input),

    async setLocked(
      principal: Workspace,
      projectId: string,
      chapterId: string,
      blockId: string,
      locked: boolean,
    ) {
      const project = await requireEditableProject(principal, projectId)
      const chapter = await studio.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      if (!(chapter.blocks as StoredBlock[]).some((b) => b.block_id === blockId))
        throw new AppError('studio_block_not_found')
      if (!(await conversions.setLocked(chapter.id, blockId, locked)))
        throw new AppError('studio_block_not_generated', { param: 'block_id' })
      return { block_id: blockId, locked }
    },

    async conversion(principal: Workspace, projectId: string, conversionId: string) {
      const project = await requireProject(principal, projectId)
      const row = await conversions.findInProject(project.id, conversionId)
      if (!row) throw new AppError('project_not_found', { message: 'Conversion not found.' })
      return {
        conversion_id: row.id,
        status: row.status as 'queued' | 'running' | 'done' | 'failed',
        progress: row.progress,
        chapter_ids: row.chapter_ids,
        error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
      }
    },

    /** Sets the project's dictionaries (each must exist, in this workspace, for its model). */
    async setDictionaries(
      principal: Workspace,
      projectId: string,
      locators: Array<{ pronunciation_dictionary_id: string; version_id?: string | null | undefined }>,
    ) {
      const project = await requireEditableProject(principal, projectId)
      await deps.dictionaries.rulesFor(
        project.workspace_id,
        locators,
        dictionaryModel(project.default_model_id),
        'pronunciation_dictionary_locators',
      )
      await conversions.setDictionaries(
        project.id,
        locators.map((l) => ({
          pronunciation_dictionary_id: l.pronunciation_dictionary_id,
          version_id: l.version_id ?? null,
        })),
      )
      return { status: 'ok' as const }
    },

    /** Each block's audio state, for the chapter view (generated, locked, seconds). */
    async blockStates(chapterIds: string[]) {
      return conversions.blockAudio(chapterIds)
    },

    chapterPcm: (chapter: Parameters<typeof chapterPcm>[1], audio: Map<string, BlockAudioRow>) =>
      chapterPcm(deps, chapter, audio),
    errorMessage: (code: keyof typeof ERRORS) => ERRORS[code].message,
  }
}

export type ConversionService = ReturnType<typeof createConversionService>
