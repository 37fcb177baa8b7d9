import { createHash, randomBytes } from 'node:crypto'
import { STUDIO_PUBLISH_PREVIEW_SECONDS, type StudioPublishingState } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { JobQueue } from '../../../jobs/queue.js'
import { newId } from '../../../lib/ids.js'
import type { FileStorage } from '../../../lib/storage.js'
import { checkPermission, type Principal } from '../../../plugins/auth.js'
import type { ConversionRepository } from '../conversion/conversion.repository.js'
import type { ConversionService } from '../conversion/conversion.service.js'
import { encodeMp3, pcmSeconds, STUDIO_SAMPLE_RATE } from '../conversion/studio-audio.js'
import type { ChapterRow, ProjectRow, StudioRepository } from '../studio.repository.js'
import type { StudioAccess } from '../studio.service.js'
import type { StoredBlock } from '../studio-content.js'
import type { ProjectMetadata } from '../studio-views.js'
import type {
  PublicationRow,
  PublishedVersion,
  PublishingRepository,
  StoredImage,
} from './publishing.repository.js'
import { storePublishingImage } from './publishing-image.js'

// Publishing a Studio project to this server's public reader page. A publish is a job: it
// encodes every converted chapter (whole, and its free preview) into a version of its own,
// then swaps it in as the published one. Any change to the project after that (content,
// metadata, cover, publishing image, a new conversion) shows the project as a draft again,
// while the page keeps serving the last published version until it is republished.

type Workspace = Pick<Principal, 'workspaceId' | 'userId'> & Partial<Pick<Principal, 'workspace'>>

/** The opening seconds of 16-bit mono PCM: the free preview of a chapter. */
export function previewPcm(pcm: Buffer, seconds: number): Buffer {
  const bytes = Math.round(seconds * STUDIO_SAMPLE_RATE) * 2
  return pcm.length > bytes ? pcm.subarray(0, bytes) : pcm
}

/** A chapter with something to read aloud (empty chapters are left out of the book). */
const hasText = (chapter: ChapterRow) =>
  (chapter.blocks as StoredBlock[]).some((b) => b.nodes.some((n) => n.text.trim() !== ''))

/** What the public page would show from the project as it is now: any change alters it. */
function fingerprint(project: ProjectRow, chapters: ChapterRow[], image: StoredImage | null): string {
  const content = {
    name: project.name,
    metadata: project.metadata,
    voices: [project.default_title_voice_id, project.default_paragraph_voice_id],
    image: image?.key ?? null,
    chapters: chapters.map((c) => ({
      id: c.id,
      name: c.name,
      blocks: c.blocks,
      converted: c.last_conversion_at?.toISOString() ?? null,
    })),
  }
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url')
}

export function createPublishingService(deps: {
  publications: PublishingRepository
  studio: StudioRepository
  conversions: ConversionRepository
  conversion: ConversionService
  storage: FileStorage
  queue: JobQueue
  access?: StudioAccess | undefined
  log?: (message: string, details: object) => void
}) {
  const { publications, studio } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    // Publishing is a Studio feature: the Studio product and the publishing guard both apply.
    if (workspace.workspace) checkPermission(workspace as Principal, 'projects')
    const project = await studio.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  async function requireEditable(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await requireProject(workspace, projectId)
    await deps.access?.requireEditor(workspace, { id: project.id, createdBy: project.created_by })
    return project
  }

  function stateOf(row: PublicationRow | undefined, current: string): StudioPublishingState {
    if (!row) return 'draft'
    if (row.state === 'publishing' || row.state === 'updating') return row.state
    if (row.published && row.published_fingerprint === current) return 'published'
    return 'draft'
  }

  async function view(project: ProjectRow, row: PublicationRow | undefined) {
    const chapters = await studio.listChapters(project.id)
    const current = fingerprint(project, chapters, row?.image ?? null)
    const published = Boolean(row?.published)
    return {
      project_id: project.id,
      state: stateOf(row, current),
      progress: row?.state === 'publishing' || row?.state === 'updating' ? row.progress : null,
      /** Where the public page is while a version is published (root-relative). */
      public_path: published && row ? `/listen/${row.slug}` : null,
      is_published: published,
      has_unpublished_changes: published && row?.published_fingerprint !== current,
      published_at_unix: row?.published_at ? Math.floor(row.published_at.getTime() / 1000) : null,
      full_access: row?.full_access ?? false,
      preview_seconds: STUDIO_PUBLISH_PREVIEW_SECONDS,
      has_image: Boolean(row?.image),
      last_error: row?.last_error ?? null,
    }
  }

  async function ensureRow(project: ProjectRow): Promise<PublicationRow> {
    return publications.ensure(project.id, project.workspace_id, randomBytes(12).toString('base64url'))
  }

  async function deleteVersionFiles(version: PublishedVersion | null | undefined): Promise<void> {
    if (!version) return
    const keys = new Set(version.chapters.flatMap((c) => [c.full_key, c.preview_key]))
    if (version.image) keys.add(version.image.key)
    for (const key of keys) await deps.storage.delete(key)
  }

  /** The chapters to publish, each with its converted audio; refused if one is not converted. */
  async function convertedAudio(chapters: ChapterRow[]) {
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

  return {
    async status(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      return view(project, await publications.find(project.id))
    },

    async publish(principal: Workspace, projectId: string, options: { full_access?: boolean | undefined }) {
      const project = await requireEditable(principal, projectId)
      const chapters = await studio.listChapters(project.id)
      // Checked here for a clear answer; the job checks again with the audio in hand.
      for (const chapter of chapters.filter(hasText)) {
        if (chapter.conversion_state !== 'converted')
          throw new AppError('studio_publish_not_converted', {
            message: `Convert the chapter “${chapter.name}” before publishing: every chapter must be converted.`,
          })
      }
      if (!chapters.some(hasText))
        throw new AppError('studio_publish_not_converted', {
          message: 'The project has no text to publish: add chapters and convert them first.',
        })
      const row = await ensureRow(project)
      const runId = newId()
      const started = await publications.start(
        project.id,
        {
          runId,
          state: row.published ? 'updating' : 'publishing',
          fingerprint: fingerprint(project, chapters, row.image),
          fullAccess: options.full_access ?? row.full_access,
        },
        (trx) => deps.queue.send('studio.publish', { projectId: project.id, runId }, { trx }),
      )
      if (!started) throw new AppError('studio_publish_running')
      return view(project, await publications.find(project.id))
    },

    async unpublish(principal: Workspace, projectId: string) {
      const project = await requireEditable(principal, projectId)
      const row = await publications.find(project.id)
      if (!row?.published) throw new AppError('studio_not_published')
      await deleteVersionFiles(await publications.unpublish(project.id))
      return view(project, await publications.find(project.id))
    },

    async setImage(principal: Workspace, projectId: string, data: Buffer | null) {
      const project = await requireEditable(principal, projectId)
      await ensureRow(project)
      const image = data && (await storePublishingImage(deps.storage, project.workspace_id, project.id, data))
      const earlier = await publications.setImage(project.id, image)
      if (earlier) await deps.storage.delete(earlier.key)
      return view(project, await publications.find(project.id))
    },

    async readImage(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      const image = (await publications.find(project.id))?.image
      const data = image && (await deps.storage.get(image.key))
      if (!image || !data)
        throw new AppError('not_found', { message: 'This project has no publishing image.' })
      return { data, mimeType: image.mime_type }
    },

    /** Every stored file of a project's publication (its published version and image). */
    async files(projectId: string): Promise<string[]> {
      const row = await publications.find(projectId)
      const version = row?.published as PublishedVersion | null | undefined
      const keys = new Set(version?.chapters.flatMap((c) => [c.full_key, c.preview_key]) ?? [])
      if (version?.image) keys.add(version.image.key)
      if (row?.image) keys.add(row.image.key)
      return [...keys]
    },

    /** The publish job: encodes the chapters into a new version and swaps it in. */
    async run(projectId: string, runId: string): Promise<void> {
      const row = await publications.find(projectId)
      if (!row || row.run_id !== runId) return
      const keys: string[] = []
      const base = `studio/${row.workspace_id}/${projectId}/published/${runId}`
      try {
        const project = await studio.findProject(row.workspace_id, projectId)
        if (!project) return
        const chapters = await convertedAudio(await studio.listChapters(projectId))
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
          await publications.progress(
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
        const replaced = await publications.finish(projectId, runId, version, new Date())
        if (replaced === 'stale') {
          for (const key of keys) await deps.storage.delete(key)
          return
        }
        await deleteVersionFiles(replaced)
      } catch (error) {
        for (const key of keys) await deps.storage.delete(key)
        const message = error instanceof AppError ? error.message : 'Publishing failed; please try again.'
        if (!(error instanceof AppError)) deps.log?.('studio publish failed', { projectId, err: error })
        await publications.fail(projectId, runId, message)
      }
    },

    /** The published version behind a public slug, or null (never published, or taken down). */
    async publicVersion(slug: string): Promise<PublishedVersion | null> {
      const row = await publications.findBySlug(slug)
      return (row?.published as PublishedVersion | null | undefined) ?? null
    },

    /** A chapter's audio as listeners get it: the free preview unless the publisher chose full access. */
    async publicAudio(slug: string, index: number) {
      const version = await this.publicVersion(slug)
      const chapter = version?.chapters[index]
      if (!version || !chapter) throw new AppError('studio_not_published')
      const key = version.full_access ? chapter.full_key : chapter.preview_key
      const bytes = await deps.storage.get(key)
      if (!bytes) throw new AppError('studio_not_published')
      return bytes
    },

    async publicImage(slug: string) {
      const version = await this.publicVersion(slug)
      const bytes = version?.image && (await deps.storage.get(version.image.key))
      if (!version?.image || !bytes) throw new AppError('not_found')
      return { data: bytes, mimeType: version.image.mime_type }
    },
  }
}

export type PublishingService = ReturnType<typeof createPublishingService>
