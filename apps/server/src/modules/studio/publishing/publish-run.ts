import { STUDIO_PUBLISH_PREVIEW_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { encodeMp3, pcmSeconds, STUDIO_SAMPLE_RATE } from '../conversion/studio-audio.js'
import type { ChapterRow } from '../studio.repository.js'
import type { ProjectMetadata } from '../studio-views.js'
import type { PublishedVersion, StoredImage } from './publishing.repository.js'
import { deleteVersionFiles, hasText, type PublishingDeps } from './publishing-deps.js'

/** The opening seconds of 16-bit mono PCM: the free preview of a chapter. */
export function previewPcm(pcm: Buffer, seconds: number): Buffer {
  const bytes = Math.round(seconds * STUDIO_SAMPLE_RATE) * 2
  return pcm.length > bytes ? pcm.subarray(0, bytes) : pcm
}

/** The chapters to publish, each with its converted audio; refused if one is not converted. */
async function convertedAudio(deps: PublishingDeps, chapters: ChapterRow[]) {
  const spoken = chapters.filter(hasText)
  if (spoken.length === 0)
    throw new AppError('studio_publish_not_converted', {
      message: 'The project has no text to publish: add chapters and convert them first.',
    })
  const rows = await deps.conversions.blockAudio(spoken.map((c) => c.id))
  const out: Array<{ chapter: ChapterRow; pcm: Buffer }> = []
  for (const chapter of spoken) {
    const audio = new Map(rows.filter((r) => r.chapter_id === chapter.id).map((r) => [r.block_id, r]))
    const pcm =
      chapter.conversion_state === 'converted' ? await deps.conversion.chapterPcm(chapter, audio) : null
    if (!pcm)
      throw new AppError('studio_publish_not_converted', {
        message: `Convert the chapter “${chapter.name}” before publishing: every chapter must be converted.`,
      })
    out.push({ chapter, pcm })
  }
  return out
}

/** The publish job: encodes the chapters into a new version and swaps it in. */
export async function run(deps: PublishingDeps, projectId: string, runId: string): Promise<void> {
  const row = await deps.publications.find(projectId)
  if (!row || row.run_id !== runId) return
  const keys: string[] = []
  const base = `studio/${row.workspace_id}/${projectId}/published/${runId}`
  try {
    const project = await deps.studio.findProject(row.workspace_id, projectId)
    if (!project) return
    const chapters = await convertedAudio(deps, await deps.studio.listChapters(projectId))
    const published: PublishedVersion['chapters'] = []
    for (const [index, { chapter, pcm }] of chapters.entries()) {
      const fullKey = `${base}/${index + 1}-full.mp3`
      await deps.storage.put(fullKey, await encodeMp3(pcm))
      keys.push(fullKey)
      const preview = previewPcm(pcm, STUDIO_PUBLISH_PREVIEW_SECONDS)
      let previewKey = fullKey
      if (preview.length < pcm.length) {
        previewKey = `${base}/${index + 1}-preview.mp3`
        await deps.storage.put(previewKey, await encodeMp3(preview))
        keys.push(previewKey)
      }
      published.push({
        title: chapter.name,
        duration_seconds: pcmSeconds(pcm),
        full_key: fullKey,
        preview_key: previewKey,
        preview_seconds: pcmSeconds(preview),
      })
      await deps.publications.progress(
        projectId,
        runId,
        Math.round(((index + 1) / (chapters.length + 1)) * 100),
      )
    }
    const metadata = project.metadata as ProjectMetadata
    // The publishing image when one is set, else the project's cover.
    const source = row.image ?? metadata.cover_image ?? null
    const bytes = source && (await deps.storage.get(source.key))
    let image: StoredImage | null = null
    if (source && bytes) {
      const key = `${base}/image${source.key.slice(source.key.lastIndexOf('.'))}`
      await deps.storage.put(key, bytes)
      keys.push(key)
      image = { key, mime_type: source.mime_type }
    }
    const version: PublishedVersion = {
      title: metadata.title || project.name,
      author: metadata.author ?? null,
      description: metadata.description ?? null,
      language: metadata.language ?? null,
      image,
      full_access: row.full_access,
      chapters: published,
    }
    const replaced = await deps.publications.finish(projectId, runId, version, new Date())
    if (replaced === 'stale') {
      for (const key of keys) await deps.storage.delete(key)
      return
    }
    await deleteVersionFiles(deps, replaced)
  } catch (error) {
    for (const key of keys) await deps.storage.delete(key)
    const message = error instanceof AppError ? error.message : 'Publishing failed; please try again.'
    if (!(error instanceof AppError)) deps.log?.('studio publish failed', { projectId, err: error })
    await deps.publications.fail(projectId, runId, message)
  }
}
