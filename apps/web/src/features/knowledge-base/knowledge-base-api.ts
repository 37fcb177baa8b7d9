// The agents' knowledge base: documents and folders, their text, and their retrieval index.
import { binary, client, settle } from '../../lib/api'
import type { ResponseJson } from '../../lib/api-types'

export type KbPage = ResponseJson<'/v1/convai/knowledge-base', 'get', 200>
export type KbItem = KbPage['documents'][number]
export type KbDocument = ResponseJson<'/v1/convai/knowledge-base/{documentation_id}', 'get', 200>
export type KbIndex = ResponseJson<
  '/v1/convai/knowledge-base/{documentation_id}/rag-index',
  'get',
  200
>['indexes'][number]

/** GET /v1/convai/knowledge-base: what a folder holds (the top level when none), folders first. */
export async function listFolder(folderId: string | null): Promise<KbItem[]> {
  const page = await settle(
    client.GET('/v1/convai/knowledge-base', {
      params: {
        query: {
          page_size: 100,
          folders_first: true,
          sort_by: 'name',
          sort_direction: 'asc',
          ...(folderId ? { parent_folder_id: folderId } : {}),
        },
      },
    }),
  )
  // Without a folder the list holds every document; the top level is what has no parent.
  return folderId ? page.documents : page.documents.filter((d) => d.folder_parent_id === null)
}

export const getDocument = (id: string): Promise<KbDocument> =>
  settle(
    client.GET('/v1/convai/knowledge-base/{documentation_id}', {
      params: { path: { documentation_id: id } },
    }),
  )

/** GET …/content: the document's text, headings marked with #. */
export async function documentText(id: string): Promise<string> {
  const response = await binary(`/v1/convai/knowledge-base/${encodeURIComponent(id)}/content`, {
    method: 'GET',
  })
  return response.text()
}

const parent = (folderId: string | null) => (folderId ? { parent_folder_id: folderId } : {})

export const addUrl = (url: string, folderId: string | null) =>
  settle(client.POST('/v1/convai/knowledge-base/url', { body: { url, ...parent(folderId) } }))

export const addText = (name: string, text: string, folderId: string | null) =>
  settle(client.POST('/v1/convai/knowledge-base/text', { body: { name, text, ...parent(folderId) } }))

export const addFolder = (name: string, folderId: string | null) =>
  settle(client.POST('/v1/convai/knowledge-base/folder', { body: { name, ...parent(folderId) } }))

/** POST /v1/convai/knowledge-base/file (multipart): PDF, DOCX, EPUB, HTML, Markdown or text. */
export async function addFile(file: File, folderId: string | null): Promise<{ id: string; name: string }> {
  const form = new FormData()
  form.set('file', file, file.name)
  if (folderId) form.set('parent_folder_id', folderId)
  const response = await binary('/v1/convai/knowledge-base/file', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { id: string; name: string }
}

export const deleteDocument = (id: string) =>
  settle(
    client.DELETE('/v1/convai/knowledge-base/{documentation_id}', {
      params: { path: { documentation_id: id } },
    }),
  )

export const computeIndex = (id: string) =>
  settle(
    client.POST('/v1/convai/knowledge-base/{documentation_id}/rag-index', {
      params: { path: { documentation_id: id } },
      body: { model: 'e5_mistral_7b_instruct' },
    }),
  )
