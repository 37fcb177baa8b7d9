import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import { extractArticle } from '../../lib/web-page/article-text.js'
import { fetchPage } from '../../platform/outbound/outbound.js'
import { chaptersFromBlocks } from './import/html-blocks.js'
import {
  type ImportedChapter,
  type ImportedDocument,
  UnreadableDocument,
} from './import/imported-document.js'
import { readDocument } from './import/read-document.js'
import { requireVoices } from './project-access.js'
import { invalid } from './project-rules.js'
import type { NewChapter } from './studio.repository.js'
import {
  blocksFromImport,
  contentJsonInput,
  type DefaultVoices,
  storedBlocks,
  voicesIn,
} from './studio-content.js'
import type { StudioDeps } from './studio-deps.js'
import { field, type StudioForm } from './studio-form.js'

// A project's chapters from what the form sends: text, an uploaded document or a page's article.

/** The chapters a form's content source gives: a document, content JSON, or none. */
export async function chaptersFromForm(
  deps: StudioDeps,
  form: StudioForm,
  voices: DefaultVoices,
  workspaceId: string,
) {
  const contentJson = field(form, 'from_content_json')
  const fromUrl = field(form, 'from_url')
  const sources = [form.document, contentJson, fromUrl].filter((s) => s !== undefined && s !== '')
  if (sources.length > 1) {
    throw invalid('Send at most one of from_url, from_document and from_content_json.', 'from_document')
  }
  const fallbackName = (index: number) => `Chapter ${index + 1}`
  if (fromUrl) {
    const article = await articleAt(deps, fromUrl)
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
    await requireVoices(deps, workspaceId, voicesIn(chapters.flatMap((c) => c.blocks)), 'from_content_json')
    return { document: undefined, chapters }
  }
  return { document: undefined, chapters: undefined }
}

/** The readable text of a web page, fetched under the outbound rules. */
export async function articleAt(deps: StudioDeps, url: string) {
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

export function toNewChapters(chapters: ImportedChapter[], voices: DefaultVoices): NewChapter[] {
  return chapters.map((chapter) => ({
    id: newId(),
    name: chapter.name.slice(0, 200),
    blocks: blocksFromImport(chapter, voices),
  }))
}
