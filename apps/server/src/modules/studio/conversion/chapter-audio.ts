import { STUDIO_BLOCK_PAUSE_SECONDS } from '@timbre/contract'
import { newId } from '../../../lib/ids.js'
import type { ChapterRow, ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { BlockAudioRow } from './conversion.repository.js'
import { blockText, type ConversionDeps, snapshotKey } from './conversion-deps.js'
import { encodeMp3, pcmSeconds, silence } from './studio-audio.js'

/** Joins a chapter's block audio (with a pause between blocks) in reading order. */
export async function chapterPcm(
  deps: Pick<ConversionDeps, 'storage'>,
  chapter: ChapterRow,
  audio: Map<string, BlockAudioRow>,
): Promise<Buffer | null> {
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

/** Keeps a snapshot of a chapter (or of the project, naming its chapters' snapshots) as MP3. */
export async function saveSnapshot(
  deps: Pick<ConversionDeps, 'storage' | 'conversions'>,
  input: {
    project: ProjectRow
    chapterId: string | null
    name: string
    pcm: Buffer
    chapterSnapshotIds?: string[]
  },
): Promise<string> {
  const id = newId()
  const key = snapshotKey(input.project.workspace_id, id)
  await deps.storage.put(key, await encodeMp3(input.pcm))
  await deps.conversions.insertSnapshot({
    id,
    project_id: input.project.id,
    chapter_id: input.chapterId,
    name: input.name,
    storage_key: key,
    duration_seconds: pcmSeconds(input.pcm),
    chapter_snapshot_ids: JSON.stringify(input.chapterSnapshotIds ?? []),
  })
  return id
}
