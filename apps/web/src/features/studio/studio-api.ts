// Studio: projects, chapters, conversions, snapshots, exports, cover image, publishing and podcasts.
import { binary, client, JSON_HEADERS, settle } from '../../lib/api'
import type {
  PodcastModes,
  PodcastRequest,
  StudioChapter,
  StudioChapterSave,
  StudioExportFormat,
  StudioProject,
  StudioProjectDetail,
  StudioProjectList,
  StudioPublishing,
} from '../../lib/api-types'

const projectPath = (id: string) => ({ params: { path: { project_id: id } } })
const chapterPath = (projectId: string, chapterId: string) => ({
  params: { path: { project_id: projectId, chapter_id: chapterId } },
})
export const listStudioProjects = (): Promise<StudioProjectList> => settle(client.GET('/v1/studio/projects'))
export const getStudioProject = (id: string): Promise<StudioProjectDetail> =>
  settle(client.GET('/v1/studio/projects/{project_id}', projectPath(id)))
export const deleteStudioProject = (id: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}', projectPath(id)))
export const getStudioChapter = (projectId: string, chapterId: string): Promise<StudioChapter> =>
  settle(
    client.GET('/v1/studio/projects/{project_id}/chapters/{chapter_id}', chapterPath(projectId, chapterId)),
  )
export const saveStudioChapter = (
  projectId: string,
  chapterId: string,
  body: StudioChapterSave,
): Promise<{ chapter: StudioChapter }> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}', {
      ...chapterPath(projectId, chapterId),
      body,
    }),
  )
export const addStudioChapter = (projectId: string, name: string): Promise<{ chapter: StudioChapter }> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters', { ...projectPath(projectId), body: { name } }),
  )

export const convertStudioProject = (projectId: string) =>
  settle(client.POST('/v1/studio/projects/{project_id}/convert', projectPath(projectId)))
export const convertStudioChapter = (projectId: string, chapterId: string) =>
  settle(
    client.POST(
      '/v1/studio/projects/{project_id}/chapters/{chapter_id}/convert',
      chapterPath(projectId, chapterId),
    ),
  )
export const regenerateStudioBlock = (projectId: string, chapterId: string, blockId: string) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}/blocks/{block_id}/regenerate', {
      params: { path: { project_id: projectId, chapter_id: chapterId, block_id: blockId } },
    }),
  )
/** One sentence of a generated paragraph rendered again into a new take (the selection's sentence). */
export const regenerateStudioSentence = (
  projectId: string,
  chapterId: string,
  blockId: string,
  selection: { from: number; to: number },
) =>
  settle(
    client.POST(
      '/v1/studio/projects/{project_id}/chapters/{chapter_id}/blocks/{block_id}/regenerate-sentence',
      {
        params: { path: { project_id: projectId, chapter_id: chapterId, block_id: blockId } },
        body: selection,
      },
    ),
  )
export const lockStudioBlock = (projectId: string, chapterId: string, blockId: string, locked: boolean) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}/blocks/{block_id}/lock', {
      params: { path: { project_id: projectId, chapter_id: chapterId, block_id: blockId } },
      body: { locked },
    }),
  )
export const listStudioChapterSnapshots = (projectId: string, chapterId: string) =>
  settle(
    client.GET(
      '/v1/studio/projects/{project_id}/chapters/{chapter_id}/snapshots',
      chapterPath(projectId, chapterId),
    ),
  )
/** A chapter snapshot's MP3 (the stream call is a POST, so it is fetched and played from a blob). */
export async function studioChapterSnapshotAudio(
  projectId: string,
  chapterId: string,
  snapshotId: string,
): Promise<Blob> {
  const path = [projectId, 'chapters', chapterId, 'snapshots', snapshotId].map(encodeURIComponent).join('/')
  const response = await binary(`/v1/studio/projects/${path}/stream`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  })
  return response.blob()
}
/** Starts an export job of the project (no chapter) or a chapter; a running identical one is answered. */
export const startStudioExport = (projectId: string, format: StudioExportFormat, chapterId?: string) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/exports', {
      ...projectPath(projectId),
      body: { format, chapter_id: chapterId ?? null },
    }),
  )
export const getStudioExport = (projectId: string, exportId: string) =>
  settle(
    client.GET('/v1/studio/projects/{project_id}/exports/{export_id}', {
      params: { path: { project_id: projectId, export_id: exportId } },
    }),
  )
/** Where a finished export downloads from (same origin, the session cookie goes with it). */
export const studioExportDownloadUrl = (projectId: string, exportId: string): string =>
  `/v1/studio/projects/${encodeURIComponent(projectId)}/exports/${encodeURIComponent(exportId)}/download`

/** POST /v1/studio/projects: a multipart form with the name and, optionally, a document. */
export async function createStudioProject(input: {
  name: string
  document: File | null
}): Promise<StudioProject> {
  const form = new FormData()
  form.set('name', input.name)
  if (input.document) form.set('from_document', input.document, input.document.name)
  const response = await binary('/v1/studio/projects', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return ((await response.json()) as { project: StudioProject }).project
}

/** POST /v1/studio/projects/{id}/cover-image: multipart `cover_image`. */
export async function uploadStudioCover(projectId: string, file: File): Promise<{ project: StudioProject }> {
  const form = new FormData()
  form.set('cover_image', file, file.name)
  const response = await binary(`/v1/studio/projects/${encodeURIComponent(projectId)}/cover-image`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { project: StudioProject }
}
export const removeStudioCover = (projectId: string) =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/cover-image', projectPath(projectId)))

export const getStudioPublishing = (projectId: string): Promise<StudioPublishing> =>
  settle(client.GET('/v1/studio/projects/{project_id}/publishing', projectPath(projectId)))
export const publishStudioProject = (projectId: string, fullAccess: boolean): Promise<StudioPublishing> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/publish', {
      ...projectPath(projectId),
      body: { full_access: fullAccess },
    }),
  )
export const unpublishStudioProject = (projectId: string): Promise<StudioPublishing> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/publish', projectPath(projectId)))
/** POST /v1/studio/projects/{id}/publishing/image: multipart `image`. */
export async function uploadPublishingImage(projectId: string, file: File): Promise<StudioPublishing> {
  const form = new FormData()
  form.set('image', file, file.name)
  const response = await binary(`/v1/studio/projects/${encodeURIComponent(projectId)}/publishing/image`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as StudioPublishing
}
export const removePublishingImage = (projectId: string): Promise<StudioPublishing> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/publishing/image', projectPath(projectId)))

/** GET /v1/studio/podcasts/modes: the podcast modes this server can make. */
export const getPodcastModes = (): Promise<PodcastModes> => settle(client.GET('/v1/studio/podcasts/modes'))

/** POST /v1/studio/podcasts: a Studio project of a podcast written from the sources. */
export const createPodcast = (body: PodcastRequest): Promise<{ project: StudioProject }> =>
  settle(client.POST('/v1/studio/podcasts', { body }))
