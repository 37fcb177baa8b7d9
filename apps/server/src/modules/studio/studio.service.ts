import {
  STUDIO_FICTION,
  STUDIO_PROJECT_MAX_CHAPTERS,
  STUDIO_PROJECT_NAME_FORBIDDEN,
  STUDIO_PROJECT_NAME_MAX,
  STUDIO_QUALITY_PRESETS,
  STUDIO_SOURCE_TYPES,
  STUDIO_TARGET_AUDIENCES,
  STUDIO_TEXT_NORMALIZATION,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { extractArticle } from '../../lib/web-page/article-text.js'
import { fetchPage, type OutboundPolicy } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import { chaptersFromBlocks } from './import/html-blocks.js'
import {
  type ImportedChapter,
  type ImportedDocument,
  UnreadableDocument,
} from './import/imported-document.js'
import { readDocument } from './import/read-document.js'
import type { ChapterRow, NewChapter, ProjectRow, StudioRepository } from './studio.repository.js'
import {
  blocksFromImport,
  type ChapterContentInput,
  contentJsonInput,
  type DefaultVoices,
  type StoredBlock,
  storedBlocks,
  voicesIn,
} from './studio-content.js'
import { type StoredCover, storeCover } from './studio-cover.js'
import { booleanField, field, type StudioForm } from './studio-form.js'
import { chapterView, chapterWithContentView, type ProjectMetadata, projectView } from './studio-views.js'

// Studio projects and chapters of a workspace: creation from a document or content, metadata,
// and chapter edits with version checks. Every project is looked up within the caller's
// workspace, so another workspace's project is simply not found.

export interface StudioDeps {
  repository: StudioRepository
  /** Whether a voice may be used by this workspace (premade, neural or its own). */
  voiceUsable(workspaceId: string, voiceId: string): Promise<boolean>
  modelExists(modelId: string): boolean
  defaults: { voiceId: string; modelId: string }
  /** The blocks of a chapter that have audio, and their locks. */
  blockAudio(chapterId: string): Promise<Array<{ block_id: string; locked: boolean }>>
  /** Per-project roles from resource sharing: changing a project needs the editor role on it. */
  access?: StudioAccess | undefined
  /** Where cover images are kept. */
  storage: FileStorage
  /** Where `from_url` may fetch pages: HTTPS only, private addresses only if the operator allows. */
  outbound: OutboundPolicy
  /** Checks a `callback_url` under the webhooks' outbound rules (absent: refused). */
  checkCallbackUrl?: ((url: string, param: string) => Promise<void>) | undefined
  /** The stored files made from a project (its publication, its exports), deleted with it. */
  derivedFiles?: (projectId: string) => Promise<string[]>
}

export interface StudioAccess {
  requireEditor(workspace: Workspace, project: { id: string; createdBy: string }): Promise<void>
  created(workspace: Workspace, projectId: string): Promise<void>
  deleted(workspaceId: string, projectId: string): Promise<void>
}

type Workspace = Pick<Principal, 'workspaceId' | 'userId'>

function invalid(message: string, param: string): AppError {
  return new AppError('validation_error', { message, param })
}

export function checkProjectName(raw: string | undefined, param = 'name'): string {
  const name = raw?.trim() ?? ''
  if (!name) throw invalid('Name is required.', param)
  if (name.length > STUDIO_PROJECT_NAME_MAX)
    throw invalid(`The name must be under ${STUDIO_PROJECT_NAME_MAX + 1} characters.`, param)
  if (STUDIO_PROJECT_NAME_FORBIDDEN.test(name))
    throw invalid('The name may not contain special characters such as < > / \\ : * " | # % @.', param)
  return name
}

function oneOf<T extends readonly string[]>(
  values: T,
  value: string | undefined,
  param: string,
): T[number] | undefined {
  if (value === undefined || value === '') return undefined
  if (!values.includes(value)) throw invalid(`'${param}' must be one of: ${values.join(', ')}.`, param)
  return value
}

function optionalText(form: StudioForm, name: string, max: number): string | undefined {
  const value = field(form, name)?.trim()
  if (!value) return undefined
  if (value.length > max) throw invalid(`'${name}' may be at most ${max} characters.`, name)
  return value
}

/** The metadata fields a creation form may carry, checked one by one. */
function metadataFrom(form: StudioForm): ProjectMetadata {
  const date = optionalText(form, 'original_publication_date', 10)
  if (date && !/^\d{4}(-\d{2}-\d{2})?$/.test(date))
    throw invalid('original_publication_date must be YYYY or YYYY-MM-DD.', 'original_publication_date')
  const language = optionalText(form, 'language', 8)
  if (language && !/^[a-z]{2}$/i.test(language))
    throw invalid('language must be a two-letter language code (ISO 639-1).', 'language')
  const isbn = optionalText(form, 'isbn_number', 32)
  if (isbn && !/^[0-9Xx -]{10,17}$/.test(isbn)) throw invalid('isbn_number is not an ISBN.', 'isbn_number')
  const genres = (form.fields.get('genres') ?? []).map((g) => g.trim()).filter(Boolean)
  if (genres.length > 20 || genres.some((g) => g.length > 60))
    throw invalid('At most 20 genres of 60 characters.', 'genres')
  return {
    title: optionalText(form, 'title', 200) ?? null,
    author: optionalText(form, 'author', 200) ?? null,
    description: optionalText(form, 'description', 2000) ?? null,
    genres,
    target_audience:
      oneOf(STUDIO_TARGET_AUDIENCES, field(form, 'target_audience'), 'target_audience') ?? null,
    language: language?.toLowerCase() ?? null,
    content_type: optionalText(form, 'content_type', 60) ?? null,
    original_publication_date: date ?? null,
    mature_content: booleanField(form, 'mature_content') ?? false,
    isbn_number: isbn ?? null,
    fiction: oneOf(STUDIO_FICTION, field(form, 'fiction'), 'fiction') ?? null,
    volume_normalization:
      booleanField(form, 'volume_normalization') ?? booleanField(form, 'acx_volume_normalization') ?? false,
    quality_preset:
      oneOf(STUDIO_QUALITY_PRESETS, field(form, 'quality_preset'), 'quality_preset') ?? 'standard',
    apply_text_normalization:
      oneOf(STUDIO_TEXT_NORMALIZATION, field(form, 'apply_text_normalization'), 'apply_text_normalization') ??
      'auto',
  }
}

/** The voices a project speaks with: its defaults and every voice its chapters name. */
function projectVoiceIds(project: ProjectRow, chapters: { blocks: unknown[] }[]): string[] {
  const named = chapters.flatMap((c) => voicesIn(c.blocks as StoredBlock[]))
  return [...new Set([project.default_title_voice_id, project.default_paragraph_voice_id, ...named])]
}

export function createStudioService(deps: StudioDeps) {
  const { repository } = deps

  async function requireProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await repository.findProject(workspace.workspaceId, projectId)
    if (!project) throw new AppError('project_not_found')
    return project
  }

  async function withContent(chapter: ChapterRow) {
    const audio = await deps.blockAudio(chapter.id)
    return chapterWithContentView(chapter, new Map(audio.map((a) => [a.block_id, a])))
  }

  /** A project the caller may change: members who may only view it are refused (403). */
  async function requireEditableProject(workspace: Workspace, projectId: string): Promise<ProjectRow> {
    const project = await requireProject(workspace, projectId)
    await deps.access?.requireEditor(workspace, { id: project.id, createdBy: project.created_by })
    return project
  }

  async function requireVoices(workspaceId: string, voiceIds: string[], param: string): Promise<void> {
    for (const voiceId of voiceIds) {
      if (!(await deps.voiceUsable(workspaceId, voiceId))) {
        throw new AppError('studio_voice_not_found', {
          message: `Voice not found or deleted: ${voiceId}.`,
          param,
        })
      }
    }
  }

  /** The chapters a form's content source gives: a document, content JSON, or none. */
  async function chaptersFromForm(form: StudioForm, voices: DefaultVoices, workspaceId: string) {
    const contentJson = field(form, 'from_content_json')
    const fromUrl = field(form, 'from_url')
    const sources = [form.document, contentJson, fromUrl].filter((s) => s !== undefined && s !== '')
    if (sources.length > 1) {
      throw invalid('Send at most one of from_url, from_document and from_content_json.', 'from_document')
    }
    const fallbackName = (index: number) => `Chapter ${index + 1}`
    if (fromUrl) {
      const article = await articleAt(fromUrl)
      const blocks = article.paragraphs.map((text) => ({ kind: 'p' as const, text }))
      const document: ImportedDocument = {
        ...(article.title ? { title: article.title } : {}),
        ...(article.author ? { author: article.author } : {}),
        chapters: chaptersFromBlocks(blocks, (index) => article.title ?? fallbackName(index)),
      }
      return { document, chapters: toNewChapters(document.chapters, voices) }
    }
    if (form.document) {
      try {
        const document = await readDocument(form.document.data, form.document.fileName, fallbackName)
        return { document, chapters: toNewChapters(document.chapters, voices) }
      } catch (error) {
        if (error instanceof UnreadableDocument) {
          throw new AppError('unreadable_document', { message: error.message, param: 'from_document' })
        }
        throw error
      }
    }
    if (contentJson) {
      let parsed: unknown
      try {
        parsed = JSON.parse(contentJson)
      } catch {
        throw invalid('from_content_json is not valid JSON.', 'from_content_json')
      }
      const result = contentJsonInput.safeParse(parsed)
      if (!result.success) {
        throw invalid(
          `from_content_json: ${result.error.issues[0]?.message ?? 'invalid content'}.`,
          'from_content_json',
        )
      }
      const chapters = result.data.map((c) => ({ id: newId(), name: c.name, blocks: storedBlocks(c.blocks) }))
      await requireVoices(workspaceId, voicesIn(chapters.flatMap((c) => c.blocks)), 'from_content_json')
      return { document: undefined, chapters }
    }
    return { document: undefined, chapters: undefined }
  }

  /** The readable text of a web page, fetched under the outbound rules. */
  async function articleAt(url: string) {
    let html: string
    try {
      html = (await fetchPage(url, deps.outbound)).html
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError(error.code, { message: error.message, param: 'from_url' })
      throw error
    }
    const article = await extractArticle(html, null)
    if (article.paragraphs.length === 0)
      throw new AppError('unreadable_document', {
        message: 'The page has no readable text.',
        param: 'from_url',
      })
    return article
  }

  function toNewChapters(chapters: ImportedChapter[], voices: DefaultVoices): NewChapter[] {
    return chapters.map((chapter) => ({
      id: newId(),
      name: chapter.name.slice(0, 200),
      blocks: blocksFromImport(chapter, voices),
    }))
  }

  function checkChapterCount(count: number) {
    if (count > STUDIO_PROJECT_MAX_CHAPTERS)
      throw invalid(`A project may have at most ${STUDIO_PROJECT_MAX_CHAPTERS} chapters.`, 'from_document')
  }

  return {
    async create(principal: Workspace, form: StudioForm) {
      const name = checkProjectName(field(form, 'name'))
      const voices: DefaultVoices = {
        title: field(form, 'default_title_voice_id') || deps.defaults.voiceId,
        paragraph: field(form, 'default_paragraph_voice_id') || deps.defaults.voiceId,
      }
      await requireVoices(principal.workspaceId, [voices.title], 'default_title_voice_id')
      await requireVoices(principal.workspaceId, [voices.paragraph], 'default_paragraph_voice_id')
      const modelId = field(form, 'default_model_id') || deps.defaults.modelId
      if (!deps.modelExists(modelId)) throw new AppError('model_not_found', { param: 'default_model_id' })
      if (booleanField(form, 'auto_convert')) {
        throw invalid(
          'auto_convert is not available on this server; convert chapters after creating the project.',
          'auto_convert',
        )
      }
      const sourceType = oneOf(STUDIO_SOURCE_TYPES, field(form, 'source_type'), 'source_type')
      const callbackUrl = field(form, 'callback_url') || null
      if (callbackUrl) {
        if (!deps.checkCallbackUrl)
          throw invalid('callback_url is not available on this server.', 'callback_url')
        await deps.checkCallbackUrl(callbackUrl, 'callback_url')
      }
      const metadata = metadataFrom(form)
      const content = await chaptersFromForm(form, voices, principal.workspaceId)
      const chapters = content.chapters ?? [{ id: newId(), name: 'Chapter 1', blocks: [] }]
      checkChapterCount(chapters.length)
      const document = content.document
      if (document) {
        metadata.title ??= document.title ?? null
        metadata.author ??= document.author ?? null
        metadata.language ??= document.language?.slice(0, 2).toLowerCase() ?? null
      }
      const id = newId()
      // Stored last, after every check, and removed again if the project cannot be written.
      const cover = form.cover && (await storeCover(deps.storage, principal.workspaceId, id, form.cover))
      if (cover) metadata.cover_image = cover
      await repository
        .createProject(
          {
            id,
            workspaceId: principal.workspaceId,
            createdBy: principal.userId,
            name,
            metadata: metadata as Record<string, unknown>,
            defaultTitleVoiceId: voices.title,
            defaultParagraphVoiceId: voices.paragraph,
            defaultModelId: modelId,
            sourceType: sourceType ?? (content.chapters ? 'book' : 'blank'),
            callbackUrl,
          },
          chapters,
        )
        .catch(async (error: unknown) => {
          if (cover) await deps.storage.delete(cover.key)
          throw error
        })
      await deps.access?.created(principal, id)
      return { project: projectView(await requireProject(principal, id)) }
    },

    async list(principal: Workspace) {
      const rows = await repository.listProjects(principal.workspaceId)
      return { projects: rows.map((row) => projectView(row)) }
    },

    async get(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      const chapters = await repository.listChapters(project.id)
      return {
        ...projectView(project, chapters),
        quality_preset: (project.metadata as ProjectMetadata).quality_preset ?? 'standard',
        apply_text_normalization: (project.metadata as ProjectMetadata).apply_text_normalization ?? 'auto',
        chapters: chapters.map(chapterView),
        pronunciation_dictionary_versions: [],
        pronunciation_dictionary_locators: (
          project.pronunciation_dictionary_locators as Array<{
            pronunciation_dictionary_id: string
            version_id?: string | null
          }>
        ).map((l) => ({
          pronunciation_dictionary_id: l.pronunciation_dictionary_id,
          version_id: l.version_id ?? null,
        })),
        assets: [],
        voices: projectVoiceIds(project, chapters).map((voiceId) => ({
          project_voice_ref_id: voiceId,
          voice_id: voiceId,
          alias: voiceId,
          stability: 0.5,
          similarity_boost: 0.75,
          style: 0,
          is_pinned: false,
          use_speaker_boost: true,
          volume_gain: 0,
          speed: 1,
        })),
      }
    },

    async update(
      principal: Workspace,
      projectId: string,
      body: {
        name: string
        default_title_voice_id: string
        default_paragraph_voice_id: string
        title?: string | null
        author?: string | null
        isbn_number?: string | null
        volume_normalization?: boolean
      },
    ) {
      const project = await requireEditableProject(principal, projectId)
      const name = checkProjectName(body.name)
      await requireVoices(principal.workspaceId, [body.default_title_voice_id], 'default_title_voice_id')
      await requireVoices(
        principal.workspaceId,
        [body.default_paragraph_voice_id],
        'default_paragraph_voice_id',
      )
      if (body.isbn_number && !/^[0-9Xx -]{10,17}$/.test(body.isbn_number))
        throw invalid('isbn_number is not an ISBN.', 'isbn_number')
      const metadata: ProjectMetadata = {
        ...(project.metadata as ProjectMetadata),
        ...(body.title === undefined ? {} : { title: body.title?.trim() || null }),
        ...(body.author === undefined ? {} : { author: body.author?.trim() || null }),
        ...(body.isbn_number === undefined ? {} : { isbn_number: body.isbn_number?.trim() || null }),
        ...(body.volume_normalization === undefined
          ? {}
          : { volume_normalization: body.volume_normalization }),
      }
      await repository.updateProject(principal.workspaceId, projectId, {
        name,
        metadata: metadata as Record<string, unknown>,
        defaultTitleVoiceId: body.default_title_voice_id,
        defaultParagraphVoiceId: body.default_paragraph_voice_id,
      })
      return { project: projectView(await requireProject(principal, projectId)) }
    },

    async remove(principal: Workspace, projectId: string) {
      const project = await requireEditableProject(principal, projectId)
      const derived = (await deps.derivedFiles?.(project.id)) ?? []
      if (!(await repository.deleteProject(principal.workspaceId, projectId)))
        throw new AppError('project_not_found')
      const cover = (project.metadata as ProjectMetadata).cover_image
      if (cover) await deps.storage.delete(cover.key)
      for (const key of derived) await deps.storage.delete(key)
      await deps.access?.deleted(principal.workspaceId, projectId)
      return { status: 'ok' as const }
    },

    /** Replaces the project's chapters with the content of a document or content JSON. */
    async replaceContent(principal: Workspace, projectId: string, form: StudioForm) {
      const project = await requireEditableProject(principal, projectId)
      if (booleanField(form, 'auto_convert')) {
        throw invalid(
          'auto_convert is not available on this server; convert chapters after updating the content.',
          'auto_convert',
        )
      }
      const voices = { title: project.default_title_voice_id, paragraph: project.default_paragraph_voice_id }
      const content = await chaptersFromForm(form, voices, principal.workspaceId)
      if (!content.chapters) throw invalid('Send from_document or from_content_json.', 'from_document')
      checkChapterCount(content.chapters.length)
      await repository.replaceChapters(project.id, content.chapters)
      return { project: projectView(await requireProject(principal, projectId)) }
    },

    /** Replaces (or, without an image, removes) the project's cover. */
    async setCover(principal: Workspace, projectId: string, cover: Buffer | null) {
      const project = await requireEditableProject(principal, projectId)
      const earlier = (project.metadata as ProjectMetadata).cover_image
      const stored: StoredCover | null =
        cover && (await storeCover(deps.storage, principal.workspaceId, project.id, cover))
      const metadata: ProjectMetadata = { ...(project.metadata as ProjectMetadata), cover_image: stored }
      await repository.updateProject(principal.workspaceId, projectId, {
        metadata: metadata as Record<string, unknown>,
      })
      if (earlier) await deps.storage.delete(earlier.key)
      return { project: projectView(await requireProject(principal, projectId)) }
    },

    /** The cover's bytes and type; not found when the project has none. */
    async readCover(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      const cover = (project.metadata as ProjectMetadata).cover_image
      const data = cover && (await deps.storage.get(cover.key))
      if (!cover || !data) throw new AppError('not_found', { message: 'This project has no cover image.' })
      return { data, mimeType: cover.mime_type }
    },

    /**
     * Chapters with muted tracks. Studio chapters here are single-track narration with no
     * mute control, so after the project check the answer is always that none are muted.
     */
    async mutedTracks(principal: Workspace, projectId: string) {
      await requireProject(principal, projectId)
      return { chapter_ids: [] as string[] }
    },

    async listChapters(principal: Workspace, projectId: string) {
      const project = await requireProject(principal, projectId)
      return { chapters: (await repository.listChapters(project.id)).map(chapterView) }
    },

    async createChapter(
      principal: Workspace,
      projectId: string,
      body: { name: string; from_url?: string | null },
    ) {
      const project = await requireEditableProject(principal, projectId)
      const name = body.name.trim()
      if (!name) throw invalid('Name is required.', 'name')
      // With from_url the chapter starts with the page's readable text, read aloud by the
      // project's default voices.
      const article = body.from_url ? await articleAt(body.from_url) : null
      const voices = { title: project.default_title_voice_id, paragraph: project.default_paragraph_voice_id }
      const blocks = article
        ? blocksFromImport({ name, blocks: article.paragraphs.map((text) => ({ kind: 'p', text })) }, voices)
        : []
      const id = newId()
      const outcome = await repository.appendChapters(
        project.id,
        [{ id, name, blocks }],
        STUDIO_PROJECT_MAX_CHAPTERS,
      )
      if (outcome === 'full')
        throw invalid(`A project may have at most ${STUDIO_PROJECT_MAX_CHAPTERS} chapters.`, 'name')
      const chapter = await repository.findChapter(project.id, id)
      if (!chapter) throw new AppError('chapter_not_found')
      return { chapter: await withContent(chapter) }
    },

    async getChapter(principal: Workspace, projectId: string, chapterId: string) {
      const project = await requireProject(principal, projectId)
      const chapter = await repository.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      return withContent(chapter)
    },

    /**
     * Saves a chapter's name and content. With `version` (what the editor loaded) a save over
     * someone else's newer save is refused with a conflict; without it the save overwrites.
     */
    async updateChapter(
      principal: Workspace,
      projectId: string,
      chapterId: string,
      body: { name?: string | null; content?: ChapterContentInput | null; version?: number | null },
    ) {
      const project = await requireEditableProject(principal, projectId)
      const name = body.name === undefined || body.name === null ? undefined : body.name.trim()
      if (name === '') throw invalid('Name is required.', 'name')
      const blocks = body.content ? storedBlocks(body.content.blocks) : undefined
      if (blocks) await requireVoices(principal.workspaceId, voicesIn(blocks), 'content')
      const saved = await repository.updateChapter(
        project.id,
        chapterId,
        { ...(name === undefined ? {} : { name }), ...(blocks ? { blocks } : {}) },
        body.version ?? undefined,
      )
      if (saved === null) {
        if (!(await repository.findChapter(project.id, chapterId))) throw new AppError('chapter_not_found')
        throw new AppError('studio_version_conflict')
      }
      const chapter = await repository.findChapter(project.id, chapterId)
      if (!chapter) throw new AppError('chapter_not_found')
      return { chapter: await withContent(chapter) }
    },

    async deleteChapter(principal: Workspace, projectId: string, chapterId: string) {
      const project = await requireEditableProject(principal, projectId)
      if (!(await repository.deleteChapter(project.id, chapterId))) throw new AppError('chapter_not_found')
      return { status: 'ok' as const }
    },
  }
}

export type StudioService = ReturnType<typeof createStudioService>
