import type { ProjectRow } from '../studio.repository.js'
import type { ConversionRow } from './conversion.repository.js'
import type { ConversionDeps } from './conversion-deps.js'

/**
 * The result of a project's or chapter's conversion, posted to the project's callback URL as
 * the public API's callbacks are. Sent before the conversion is marked done, so a crash in
 * between sends it again rather than never.
 */
export async function notifyConversion(
  deps: Pick<ConversionDeps, 'callbacks' | 'log'>,
  input: {
    project: ProjectRow
    conversion: ConversionRow
    result: { snapshotId: string | null; error: string | null }
  },
): Promise<void> {
  const { project, conversion, result } = input
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
