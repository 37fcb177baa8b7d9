import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { ProjectRow } from '../studio.repository.js'
import type { ConversionDeps, Workspace } from './conversion-deps.js'

/**
 * Marks the chapters queued and enqueues one conversion job in the same transaction; refused
 * while a conversion of any of them is still running. Returns the conversion's id.
 */
export async function enqueueConversion(
  deps: Pick<ConversionDeps, 'conversions' | 'queue'>,
  input: {
    principal: Workspace
    project: ProjectRow
    chapterIds: string[]
    blockIds?: string[]
    wholeProject: boolean
  },
): Promise<string> {
  const { principal, project, chapterIds } = input
  const id = newId()
  const ok = await deps.conversions.insert(
    {
      id,
      workspace_id: principal.workspaceId,
      project_id: project.id,
      user_id: principal.userId,
      api_key_id: principal.apiKey?.id ?? null,
      chapter_ids: JSON.stringify(chapterIds),
      block_ids: input.blockIds ? JSON.stringify(input.blockIds) : null,
      whole_project: input.wholeProject,
      status: 'queued',
    },
    chapterIds,
    (trx) => deps.queue.send('studio.convert', { conversionId: id }, { trx }),
  )
  if (!ok) throw new AppError('studio_conversion_running')
  return id
}
