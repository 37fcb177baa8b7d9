import { STUDIO_NO_CREDITS_MESSAGE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../../platform/jobs/job-principal.js'
import type { StoredBlock } from '../studio-content.js'
import { saveSnapshot, snapshotContent } from './chapter-audio.js'
import type { ConversionRow } from './conversion.repository.js'
import { notifyConversion } from './conversion-callback.js'
import { blockText, type ConversionDeps, rulesFor } from './conversion-deps.js'
import { type ConversionWork, convertChapter } from './convert-chapter.js'
import { silence } from './studio-audio.js'

// A conversion's run, rebuilt from its stored row by whichever run holds it: every block is
// rendered by the speech engines with the block's voice (the project's default when
// it is gone) and the project's pronunciation dictionaries, then the blocks are joined into a
// chapter snapshot. A block's audio is saved in the same transaction that charges its
// characters, so a block is charged exactly when it is kept. A block whose audio was made from
// the same text, voice, model and dictionaries is kept, and a locked block is never rendered
// again, so a run that takes over after a crash resumes where the dead run stopped.

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
      const { pcm, mp3 } = await convertChapter(deps, work, chapter)
      if (pcm && work.onlyBlocks === null) {
        const content = snapshotContent(chapter, await deps.conversions.blockAudio([chapter.id]))
        snapshotIds.push(
          await saveSnapshot(deps, { project, chapterId: chapter.id, name: chapter.name, pcm, mp3, content }),
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
