import { createHash } from 'node:crypto'
import {
  ERRORS,
  STUDIO_BLOCK_PAUSE_SECONDS,
  STUDIO_LOCKED_BLOCK_MESSAGE,
  STUDIO_NO_CREDITS_MESSAGE,
} from '@timbre/contract'
import {
  MODEL_PROFILES,
  type PronunciationRule,
  parseOutputFormat,
  type SpeechRequest,
  type SpeechService,
} from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../../db/schema.js'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import { newId } from '../../../lib/ids.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { Principal } from '../../../plugins/auth.js'
import type { PronunciationRulesPort } from '../../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { Recorder } from '../../recording/recording.module.js'
import type { VoiceLookup } from '../../voices/voices.module.js'
import type { CallbacksPort } from '../../webhooks/webhooks.module.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { StoredBlock } from '../studio-content.js'
import type { BlockAudioRow, ConversionRepository, ConversionRow } from './conversion.repository.js'
import { encodeMp3, pcmSeconds, STUDIO_PCM_FORMAT, silence } from './studio-audio.js'

// Conversion of Studio chapters to audio as jobs. The request marks the chapters queued and
// enqueues one job; a worker renders every block through the one speech pipeline with the
// block's voice (the project's default when it is gone) and the project's pronunciation
// dictionaries, then joins the blocks into a chapter snapshot. A block's audio is saved in the
// same transaction that charges its characters, so a block is charged exactly when it is kept.
// A block whose audio was made from the same text, voice, model and dictionaries is kept, and a
// locked block is never rendered again, so a rerun after a crash resumes where the dead run
// stopped (the dead run's open reservation is released by the recording sweeper). The run holds
// the conversion with a heartbeat; the recovery sweep hands a conversion whose heartbeat stopped
// to a new run within seconds of a restart.

/** Progress is written at most this often (and whenever a block ends). */
const PROGRESS_WRITE_MS = 400
/** A running conversion's row is touched this often, whatever the work is doing. */
export const CONVERSION_HEARTBEAT_MS = 3_000
/** A running conversion whose row has not moved for this long belongs to a dead worker. */
export const STALE_CONVERSION_SECONDS = 15
/** How often the worker roles look for conversions and exports of dead workers. */
export const RECOVERY_SWEEP_MS = 5_000
/** A job waits this long at most for a free concurrency slot of its workspace. */
const SLOT_WAIT_MS = 90_000
const SLOT_RETRY_MS = 1_000

/** The conversion was taken over by another run (this one was thought dead): stop quietly. */
class TakenOver extends Error {}

const staleBefore = () => new Date(Date.now() - STALE_CONVERSION_SECONDS * 1000)

export interface ConversionDeps {
  studio: StudioRepository
  conversions: ConversionRepository
  queue: JobQueue
  storage: FileStorage
  speech: SpeechService
  voices: VoiceLookup
  dictionaries: PronunciationRulesPort
  recorder: Recorder
  /** Converting, regenerating and locking change the project: they need the editor role on it. */
  access?: Pick<StudioAccess, 'requireEditor'> | undefined
  /** Posts a conversion's result to the project's callback URL (the webhooks' deliveries). */
  callbacks?: Pick<CallbacksPort, 'send'> | undefined
  log?: (message: string, details: object) => void
}

type Workspace = Pick<Principal, 'workspaceId' | 'userId'> & Partial<Principal>

const blockText = (block: StoredBlock) => block.nodes.map((n) => n.text).join(' ')
const blockAudioKey = (workspaceId: string, chapterId: string, blockId: string, hash: string) =>
  `studio/${workspaceId}/blocks/${chapterId}/${blockId}-${hash.slice(0, 16)}.pcm`
const snapshotKey = (workspaceId: string, id: string) => `studio/${workspaceId}/snapshots/${id}.mp3`

/** What a block's audio is made from: a change to any of it makes the audio out of date. */
function sourceHash(block: StoredBlock, modelId: string, locators: unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([block.sub_type, block.nodes, modelId, locators]))
    .digest('hex')
}

export function createConversionService(deps: ConversionDeps) {
  const { studio, conversions } = deps
  const format = parseOutputFormat(STUDIO_PCM_FORMAT)

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

  async function enqueue(
    principal: Workspace,
    project: ProjectRow,
    chapterIds: string[],
    options: { blockIds?: string[]; wholeProject: boolean },
  ): Promise<string> {
    const id = newId()
    const ok = await conversions.insert(
      {
        id,
        workspace_id: principal.workspaceId,
        project_id: project.id,
        user_id: principal.userId,
        api_key_id: principal.apiKey?.id ?? null,
        chapter_ids: JSON.stringify(chapterIds),
        block_ids: options.blockIds ? JSON.stringify(options.blockIds) : null,
        whole_project: options.wholeProject,
        status: 'queued',
      },
      chapterIds,
      (trx) => deps.queue.send('studio.convert', { conversionId: id }, { trx }),
    )
    if (!ok) throw new AppError('studio_conversion_running')
    return id
  }

  /** The rules of the project's dictionaries (or the workspace defaults) for its model. */
  async function rulesFor(project: ProjectRow): Promise<PronunciationRule[]> {
    const model = MODEL_PROFILES[project.default_model_id]
    const englishOnly = model?.languages.length === 1 && model.languages[0] === 'en'
    const locators = project.pronunciation_dictionary_locators as Array<{
      pronunciation_dictionary_id: string
      version_id?: string | null
    }>
    return deps.dictionaries.rulesFor(project.workspace_id, locators.length > 0 ? locators : undefined, {
      id: project.default_model_id,
      englishOnly,
    })
  }

  /**
   * A job is not refused for its workspace's concurrency limit as a request is: it waits for a
   * slot (one a dead process held frees itself when its lease runs out).
   */
  async function beginWhenSlotFree(input: Parameters<Recorder['begin']>[0]) {
    const until = Date.now() + SLOT_WAIT_MS
    for (;;) {
      try {
        return await deps.recorder.begin(input)
      } catch (error) {
        const busy = error instanceof AppError && error.code === 'concurrent_limit_exceeded'
        if (!busy || Date.now() > until) throw error
        await new Promise((r) => setTimeout(r, SLOT_RETRY_MS))
      }
    }
  }

  /**
   * Renders one block with the recorder holding its credits, and keeps its audio in the
   * transaction that charges it; returns its PCM (empty for a block with nothing to say).
   */
  async function renderBlock(
    principal: Principal,
    conversion: ConversionRow,
    project: ProjectRow,
    block: StoredBlock,
    rules: PronunciationRule[],
    keep: (pcm: Buffer, trx: Transaction<DB> | undefined) => Promise<void>,
  ): Promise<Buffer> {
    const requests: SpeechRequest[] = []
    let firstVoice: { voiceId: string; name: string } | null = null
    for (const node of block.nodes) {
      if (!node.text.trim()) continue
      const voice =
        (await deps.voices.findUsable(project.workspace_id, node.voice_id)) ??
        (await deps.voices.findUsable(project.workspace_id, project.default_paragraph_voice_id))
      if (!voice)
        throw new AppError('studio_voice_not_found', { message: `Voice not found: ${node.voice_id}.` })
      firstVoice ??= voice
      requests.push({
        text: node.text,
        voice: voice.definition,
        modelId: project.default_model_id,
        voiceSettings: voice.settings ?? {},
        ...(rules.length > 0 ? { pronunciationRules: rules } : {}),
      })
    }
    if (requests.length === 0) {
      await keep(Buffer.alloc(0), undefined)
      return Buffer.alloc(0)
    }
    const prepared = requests.map((r) => deps.speech.prepare(r))
    const model = MODEL_PROFILES[project.default_model_id]
    const recording = await beginWhenSlotFree({
      principal,
      requestId: `${conversion.id}:${block.block_id}`,
      kind: 'studio',
      format,
      costMultiplier: model?.characterCostMultiplier ?? 1,
      queue: 'job',
      meter: { modelId: project.default_model_id, resourceId: firstVoice?.voiceId ?? null },
      history: null,
      charge: { text: requests.map((r) => r.text).join(' '), hash: null },
    })
    try {
      const pipeline = deps.speech.pipeline(format)
      for (const p of prepared) pipeline.push(p)
      pipeline.end()
      const parts: Buffer[] = []
      for await (const chunk of pipeline) {
        // Nothing reaches a client before the block is kept: a run that dies mid-block has
        // delivered nothing, and its reservation is released whole.
        recording.delivered({ ...chunk, characters: 0 })
        parts.push(Buffer.from(chunk.audio))
      }
      const pcm = Buffer.concat(parts)
      await recording.complete({ within: (trx) => keep(pcm, trx) })
      return pcm
    } catch (error) {
      await recording.fail({ reachedClient: false })
      throw error
    }
  }

  /** Joins a chapter's block audio (with a pause between blocks) in reading order. */
  async function chapterPcm(chapter: ChapterRow, audio: Map<string, BlockAudioRow>): Promise<Buffer | null> {
    const parts: Buffer[] = []
    for (const block of chapter.blocks as StoredBlock[]) {
      if (!blockText(block).trim()) continue
      const row = audio.get(block.block_id)
      if (!row) return null
      const pcm = await deps.storage.get(row.storage_key)
      if (!pcm) return null
      if (parts.length > 0) parts.push(silence(STUDIO_BLOCK_PAUSE_SECONDS))
      parts.push(pcm)
    }
    return parts.length > 0 ? Buffer.concat(parts) : null
  }

  async function saveSnapshot(
    project: ProjectRow,
    chapterId: string | null,
    name: string,
    pcm: Buffer,
    chapterSnapshotIds: string[] = [],
  ): Promise<string> {
    const id = newId()
    const key = snapshotKey(project.workspace_id, id)
    await deps.storage.put(key, await encodeMp3(pcm))
    await conversions.insertSnapshot({
      id,
      project_id: project.id,
      chapter_id: chapterId,
      name,
      storage_key: key,
      duration_seconds: pcmSeconds(pcm),
      chapter_snapshot_ids: JSON.stringify(chapterSnapshotIds),
    })
    return id
  }

  /**
   * The result of a project's or chapter's conversion, posted to the project's callback URL as
   * the public API's callbacks are. Sent before the conversion is marked done, so a crash in
   * between sends it again rather than never.
   */
  async function notify(
    project: ProjectRow,
    conversion: ConversionRow,
    result: { snapshotId: string | null; error: string | null },
  ): Promise<void> {
    if (!project.callback_url || !deps.callbacks || conversion.block_ids) return
    const status = result.error === null ? 'success' : 'error'
    const chapterId = conversion.whole_project ? null : (conversion.chapter_ids[0] ?? null)
    const event =
      chapterId === null
        ? {
            type: 'project_conversion_status',
            data: {
              request_id: conversion.id,
              project_id: project.id,
              conversion_status: status,
              project_snapshot_id: result.snapshotId,
              error_details: result.error,
            },
          }
        : {
            type: 'chapter_conversion_status',
            data: {
              request_id: conversion.id,
              project_id: project.id,
              chapter_id: chapterId,
              conversion_status: status,
              chapter_snapshot_id: result.snapshotId,
              error_details: result.error,
            },
          }
    await deps.callbacks.send(project.callback_url, event).catch((error: unknown) => {
      deps.log?.('studio conversion callback could not be queued', {
        conversionId: conversion.id,
        err: error,
      })
    })
  }

  async function run(conversionId: string): Promise<void> {
    const token = newId()
    // Done, failed, or held by a live run: nothing to do. Queued, or running in a worker that
    // died: this run takes it; every block already kept is kept.
    const conversion = await conversions.claim(conversionId, token, staleBefore())
    if (!conversion) return
    const project = await studio.findProject(conversion.workspace_id, conversion.project_id)
    if (!project) {
      await conversions.fail(conversion.id, 'project_not_found', 'The project was deleted.')
      return
    }
    const principal: Principal = {
      userId: conversion.user_id,
      workspaceId: conversion.workspace_id,
      email: '',
      emailVerified: true,
      via: conversion.api_key_id ? 'api_key' : 'access_token',
      ...(conversion.api_key_id
        ? {
            apiKey: { id: conversion.api_key_id, permissions: null, characterLimit: null, characterCount: 0 },
          }
        : {}),
    }
    const chapterIds = conversion.chapter_ids
    const onlyBlocks = conversion.block_ids ? new Set(conversion.block_ids) : null
    const chapters = (await studio.listChapters(project.id)).filter((c) => chapterIds.includes(c.id))
    const locators = project.pronunciation_dictionary_locators as unknown[]
    const totalCharacters = chapters.reduce(
      (sum, c) => sum + (c.blocks as StoredBlock[]).reduce((n, b) => n + blockText(b).length, 0),
      0,
    )
    let doneCharacters = 0
    let lastWrite = 0
    let percent = conversion.progress
    let held = true
    const beat = async () => {
      if (!(await conversions.beat(conversion.id, token, percent))) held = false
    }
    const heartbeat = setInterval(() => beat().catch(() => undefined), CONVERSION_HEARTBEAT_MS)
    heartbeat.unref()
    const report = async (chapterId: string, chapterPercent: number, force = false) => {
      const now = Date.now()
      if (!force && now - lastWrite < PROGRESS_WRITE_MS) return
      lastWrite = now
      const overall = totalCharacters > 0 ? Math.floor((doneCharacters / totalCharacters) * 100) : 100
      percent = Math.max(percent, Math.min(99, overall))
      await beat()
      if (!held) throw new TakenOver('conversion taken over by another run')
      await conversions.chapterAdvanced(chapterId, Math.min(99, chapterPercent))
    }
    const remaining = new Set(chapterIds)
    try {
      const rules = await rulesFor(project)
      const snapshotIds: string[] = []
      const pcms: Buffer[] = []
      for (const chapter of chapters) {
        const blocks = chapter.blocks as StoredBlock[]
        const chapterCharacters = blocks.reduce((n, b) => n + blockText(b).length, 0)
        let chapterDone = 0
        await report(chapter.id, 0, true)
        const audio = new Map((await conversions.blockAudio([chapter.id])).map((r) => [r.block_id, r]))
        for (const block of blocks) {
          const text = blockText(block)
          const hash = sourceHash(block, project.default_model_id, locators)
          const existing = audio.get(block.block_id)
          const wanted = onlyBlocks === null || onlyBlocks.has(block.block_id)
          // A regeneration renders its blocks again, unless an earlier run of it already did.
          const current =
            existing !== undefined &&
            (existing.locked ||
              (existing.source_hash === hash &&
                (!onlyBlocks || existing.created_at.getTime() >= conversion.created_at.getTime())))
          if (text.trim() && wanted && !current) {
            const key = blockAudioKey(project.workspace_id, chapter.id, block.block_id, hash)
            let earlier: string | null = null
            const pcm = await renderBlock(principal, conversion, project, block, rules, async (pcm, trx) => {
              await deps.storage.put(key, pcm)
              earlier = await conversions.saveBlockAudio(
                {
                  chapter_id: chapter.id,
                  block_id: block.block_id,
                  source_hash: hash,
                  storage_key: key,
                  duration_seconds: pcmSeconds(pcm),
                },
                trx,
              )
            })
            if (earlier) await deps.storage.delete(earlier).catch(() => undefined)
            audio.set(block.block_id, {
              chapter_id: chapter.id,
              block_id: block.block_id,
              source_hash: hash,
              storage_key: key,
              duration_seconds: pcmSeconds(pcm),
              locked: false,
              created_at: new Date(),
            })
          }
          chapterDone += text.length
          doneCharacters += text.length
          await report(
            chapter.id,
            chapterCharacters > 0 ? Math.floor((chapterDone / chapterCharacters) * 100) : 100,
            true,
          )
        }
        const pcm = await chapterPcm(chapter, audio)
        if (pcm && onlyBlocks === null) {
          snapshotIds.push(await saveSnapshot(project, chapter.id, chapter.name, pcm))
          pcms.push(pcm)
        }
        const converted = pcm !== null
        if (converted) await conversions.chapterConverted(chapter.id, new Date())
        else await conversions.chapterProgress(chapter.id, 'not_converted', 0)
        remaining.delete(chapter.id)
      }
      let snapshotId = conversion.whole_project ? null : (snapshotIds[0] ?? null)
      if (conversion.whole_project && pcms.length > 0) {
        const joined = pcms.flatMap((pcm, i) => (i === 0 ? [pcm] : [silence(1), pcm]))
        snapshotId = await saveSnapshot(project, null, project.name, Buffer.concat(joined), snapshotIds)
        await conversions.projectConverted(project.id, new Date())
      }
      await notify(project, conversion, { snapshotId, error: null })
      await conversions.finish(conversion.id, token)
    } catch (error) {
      if (error instanceof TakenOver) return
      const refusal = error instanceof AppError
      if (!refusal) deps.log?.('studio conversion failed', { conversionId, err: error })
      const code = refusal ? error.code : 'studio_conversion_failed'
      const message =
        refusal && error.code === 'quota_exceeded'
          ? STUDIO_NO_CREDITS_MESSAGE
          : refusal
            ? error.message
            : 'Failed creation: the audio could not be made.'
      await conversions.chaptersFailed([...remaining], message)
      await notify(project, conversion, { snapshotId: null, error: message })
      await conversions.fail(conversion.id, code, message)
    } finally {
      clearInterval(heartbeat)
    }
  }

  /**
   * Hands every conversion whose run stopped beating (its process died) to a new run; called at
   * start and every few seconds by the worker roles.
   */
  async function recoverStale(): Promise<number> {
    const ids = await conversions.releaseStale(staleBefore(), 50)
    for (const id of ids) await deps.queue.send('studio.convert', { conversionId: id })
    if (ids.length > 0) deps.log?.('studio conversions resumed after their worker stopped', { ids })
    return ids.length
  }

  return {
    run,
    recoverStale,

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
      const model = MODEL_PROFILES[project.default_model_id]
      const englishOnly = model?.languages.length === 1 && model.languages[0] === 'en'
      await deps.dictionaries.rulesFor(
        project.workspace_id,
        locators,
        { id: project.default_model_id, englishOnly },
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

    chapterPcm,
    errorMessage: (code: keyof typeof ERRORS) => ERRORS[code].message,
  }
}

export type ConversionService = ReturnType<typeof createConversionService>
