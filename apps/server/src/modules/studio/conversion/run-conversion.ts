import { STUDIO_FREE_REGENERATIONS, STUDIO_NO_CREDITS_MESSAGE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../../platform/jobs/job-principal.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ChapterRow, ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { SpokenWord } from '../takes/spoken-words.js'
import { chapterPcm, saveSnapshot, snapshotContent } from './chapter-audio.js'
import type { BlockAudioRow, ConversionRow } from './conversion.repository.js'
import { notifyConversion } from './conversion-callback.js'
import { blockAudioKey, blockText, type ConversionDeps, rulesFor, sourceHash } from './conversion-deps.js'
import { renderBlock } from './render-block.js'
import { pcmSeconds, silence } from './studio-audio.js'

// A conversion's run, rebuilt from its stored row by whichever run holds it: every block is
// rendered through the one speech pipeline with the block's voice (the project's default when
// it is gone) and the project's pronunciation dictionaries, then the blocks are joined into a
// chapter snapshot. A block's audio is saved in the same transaction that charges its
// characters, so a block is charged exactly when it is kept. A block whose audio was made from
// the same text, voice, model and dictionaries is kept, and a locked block is never rendered
// again, so a run that takes over after a crash resumes where the dead run stopped.

/** One conversion's work, shared by its chapters. */
interface ConversionWork {
  conversion: ConversionRow
  project: ProjectRow
  principal: Principal
  run: HeldRun
  rules: Awaited<ReturnType<typeof rulesFor>>
  onlyBlocks: Set<string> | null
  totalCharacters: number
  done: { characters: number }
}

/** Whether a block's kept audio is still current for this conversion. */
function isCurrent(work: ConversionWork, existing: BlockAudioRow | undefined, hash: string): boolean {
  if (existing === undefined) return false
  if (existing.locked) return true
  // A regeneration renders its blocks again, unless an earlier run of it already did.
  return (
    existing.source_hash === hash &&
    (!work.onlyBlocks || existing.created_at.getTime() >= work.conversion.created_at.getTime())
  )
}

/**
 * Whether rendering a block again is free: a regeneration of the same text is, twice; the
 * count starts again when the text (or voice, model, dictionaries) changes.
 */
function freeRegeneration(work: ConversionWork, existing: BlockAudioRow | undefined, hash: string) {
  const same = existing !== undefined && existing.source_hash === hash
  const used = same ? existing.free_regenerations : 0
  const free = work.onlyBlocks !== null && same && used < STUDIO_FREE_REGENERATIONS
  return { free, count: free ? used + 1 : used }
}

/** Renders a chapter's wanted, out-of-date blocks; returns the chapter's joined audio. */
async function convertChapter(deps: ConversionDeps, work: ConversionWork, chapter: ChapterRow) {
  const { project, conversion, run } = work
  const blocks = chapter.blocks as StoredBlock[]
  const chapterCharacters = blocks.reduce((n, b) => n + blockText(b).length, 0)
  const report = async (chapterPercent: number) => {
    const overall = work.totalCharacters > 0 ? (work.done.characters / work.totalCharacters) * 100 : 100
    await run.progress(overall, { force: true })
    await deps.conversions.chapterAdvanced(chapter.id, Math.min(99, chapterPercent))
  }
  let chapterDone = 0
  await report(0)
  const locators = project.pronunciation_dictionary_locators as unknown[]
  const audio = new Map((await deps.conversions.blockAudio([chapter.id])).map((r) => [r.block_id, r]))
  for (const block of blocks) {
    const text = blockText(block)
    const hash = sourceHash(block, project.default_model_id, locators)
    const wanted = work.onlyBlocks === null || work.onlyBlocks.has(block.block_id)
    if (text.trim() && wanted && !isCurrent(work, audio.get(block.block_id), hash)) {
      // Each rendering is a take of its own: the conversion's id keeps a resumed run on one file.
      const key = blockAudioKey(project.workspace_id, chapter.id, block.block_id, hash, conversion.id)
      const { free, count } = freeRegeneration(work, audio.get(block.block_id), hash)
      const row = {
        chapter_id: chapter.id,
        block_id: block.block_id,
        source_hash: hash,
        storage_key: key,
        free_regenerations: count,
      }
      let unused: string[] = []
      let spoken: SpokenWord[] = []
      const pcm = await renderBlock(deps, {
        principal: work.principal,
        conversionId: conversion.id,
        project,
        block,
        rules: work.rules,
        free,
        keep: async (pcm, words, trx) => {
          spoken = words
          await deps.storage.put(key, pcm)
          unused = await deps.conversions.saveBlockAudio(
            { ...row, duration_seconds: pcmSeconds(pcm), words, free },
            trx,
          )
        },
      })
      for (const file of unused) await deps.storage.delete(file).catch(() => undefined)
      audio.set(block.block_id, {
        ...row,
        duration_seconds: pcmSeconds(pcm),
        locked: false,
        free_regenerations: count,
        take_id: null,
        words: spoken,
        created_at: new Date(),
      })
    }
    chapterDone += text.length
    work.done.characters += text.length
    await report(chapterCharacters > 0 ? Math.floor((chapterDone / chapterCharacters) * 100) : 100)
  }
  return chapterPcm(deps, chapter, audio)
}

/** The conversion job's handler: the held row's chapters converted, snapshots kept, result posted. */
export async function runConversion(
  deps: ConversionDeps,
  input: { conversion: ConversionRow; run: HeldRun },
): Promise<void> {
  const { conversion, run } = input
  const project = await deps.studio.findProject(conversion.workspace_id, conversion.project_id)
  if (!project) {
    await deps.conversions.fail(conversion.id, 'project_not_found', 'The project was deleted.')
    return
  }
  const chapterIds = conversion.chapter_ids
  const chapters = (await deps.studio.listChapters(project.id)).filter((c) => chapterIds.includes(c.id))
  const remaining = new Set(chapterIds)
  try {
    const work: ConversionWork = {
      conversion,
      project,
      run,
      principal: jobPrincipal({
        userId: conversion.user_id,
        workspaceId: conversion.workspace_id,
        apiKeyId: conversion.api_key_id,
      }),
      rules: await rulesFor(deps, project),
      onlyBlocks: conversion.block_ids ? new Set(conversion.block_ids) : null,
      totalCharacters: chapters.reduce(
        (sum, c) => sum + (c.blocks as StoredBlock[]).reduce((n, b) => n + blockText(b).length, 0),
        0,
      ),
      done: { characters: 0 },
    }
    const snapshotIds: string[] = []
    const pcms: Buffer[] = []
    for (const chapter of chapters) {
      const pcm = await convertChapter(deps, work, chapter)
      if (pcm && work.onlyBlocks === null) {
        const content = snapshotContent(chapter, await deps.conversions.blockAudio([chapter.id]))
        snapshotIds.push(
          await saveSnapshot(deps, { project, chapterId: chapter.id, name: chapter.name, pcm, content }),
        )
        pcms.push(pcm)
      }
      if (pcm !== null) await deps.conversions.chapterConverted(chapter.id, new Date())
      else await deps.conversions.chapterProgress(chapter.id, 'not_converted', 0)
      remaining.delete(chapter.id)
    }
    let snapshotId = conversion.whole_project ? null : (snapshotIds[0] ?? null)
    if (conversion.whole_project && pcms.length > 0) {
      const joined = pcms.flatMap((pcm, i) => (i === 0 ? [pcm] : [silence(1), pcm]))
      const pcm = Buffer.concat(joined)
      snapshotId = await saveSnapshot(deps, {
        project,
        chapterId: null,
        name: project.name,
        pcm,
        chapterSnapshotIds: snapshotIds,
      })
      await deps.conversions.projectConverted(project.id, new Date())
    }
    await notifyConversion(deps, { project, conversion, result: { snapshotId, error: null } })
    await deps.conversions.finish(conversion.id, run.token)
  } catch (error) {
    if (error instanceof TakenOver) throw error
    const refusal = error instanceof AppError
    if (!refusal) deps.log?.('studio conversion failed', { conversionId: conversion.id, err: error })
    const code = refusal ? error.code : 'studio_conversion_failed'
    const message =
      refusal && error.code === 'quota_exceeded'
        ? STUDIO_NO_CREDITS_MESSAGE
        : refusal
          ? error.message
          : 'Failed creation: the audio could not be made.'
    await deps.conversions.chaptersFailed([...remaining], message)
    await notifyConversion(deps, { project, conversion, result: { snapshotId: null, error: message } })
    await deps.conversions.fail(conversion.id, code, message)
  }
}
