import { STUDIO_BLOCK_PAUSE_SECONDS } from '@timbre/contract'
import { newId } from '../../../lib/ids.js'
import type { ChapterRow, ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { BlockAudioRow } from './conversion.repository.js'
import type { SnapshotBlockAudio } from './conversion.tables.js'
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
    /** The audio already encoded (while it was made); otherwise it is encoded here. */
    mp3?: Buffer | null
    chapterSnapshotIds?: string[]
    /** A chapter's blocks and their audio, kept so that the chapter can be restored to it. */
    content?: { blocks: StoredBlock[]; audio: SnapshotBlockAudio[] }
  },
): Promise<string> {
  const id = newId()
  const key = snapshotKey(input.project.workspace_id, id)
  await deps.storage.put(key, input.mp3 ?? (await encodeMp3(input.pcm)))
  await deps.conversions.insertSnapshot({
    id,
    project_id: input.project.id,
    chapter_id: input.chapterId,
    name: input.name,
    storage_key: key,
    duration_seconds: pcmSeconds(input.pcm),
    chapter_snapshot_ids: JSON.stringify(input.chapterSnapshotIds ?? []),
    blocks: input.content ? JSON.stringify(input.content.blocks) : null,
    block_audio: input.content ? JSON.stringify(input.content.audio) : null,
  })
  return id
}

/** What a chapter snapshot keeps to be restored: the blocks and the audio each one has. */
export function snapshotContent(chapter: ChapterRow, rows: BlockAudioRow[]) {
  const blocks = chapter.blocks as StoredBlock[]
  const byBlock = new Map(rows.map((row) => [row.block_id, row]))
  // In reading order, as the chapter's audio joins them.
  const audio: SnapshotBlockAudio[] = blocks.flatMap((block) => {
    const row = byBlock.get(block.block_id)
    if (!row || !blockText(block).trim()) return []
    return [
      {
        block_id: row.block_id,
        source_hash: row.source_hash,
        storage_key: row.storage_key,
        duration_seconds: row.duration_seconds,
        words: row.words,
      },
    ]
  })
  return { blocks, audio }
}
