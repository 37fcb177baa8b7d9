import { AppError } from '../../../errors.js'
import type { PublishedVersion } from './publishing.repository.js'
import type { PublishingDeps } from './publishing-deps.js'

// What a publication serves: its stored files, and the published version behind a public
// slug with its chapter audio and image as listeners get them.

/** Every stored file of a project's publication (its published version and image). */
export async function files(deps: PublishingDeps, projectId: string): Promise<string[]> {
  const row = await deps.publications.find(projectId)
  const version = row?.published as PublishedVersion | null | undefined
  const keys = new Set(version?.chapters.flatMap((c) => [c.full_key, c.preview_key]) ?? [])
  if (version?.image) keys.add(version.image.key)
  if (row?.image) keys.add(row.image.key)
  return [...keys]
}

/** The published version behind a public slug, or null (never published, or taken down). */
export async function publicVersion(deps: PublishingDeps, slug: string): Promise<PublishedVersion | null> {
  const row = await deps.publications.findBySlug(slug)
  return (row?.published as PublishedVersion | null | undefined) ?? null
}

/** A chapter's audio as listeners get it: the free preview unless the publisher chose full access. */
export async function publicAudio(deps: PublishingDeps, slug: string, index: number) {
  const version = await publicVersion(deps, slug)
  const chapter = version?.chapters[index]
  if (!version || !chapter) throw new AppError('studio_not_published')
  const key = version.full_access ? chapter.full_key : chapter.preview_key
  const bytes = await deps.storage.get(key)
  if (!bytes) throw new AppError('studio_not_published')
  return bytes
}

export async function publicImage(deps: PublishingDeps, slug: string) {
  const version = await publicVersion(deps, slug)
  const bytes = version?.image && (await deps.storage.get(version.image.key))
  if (!version?.image || !bytes) throw new AppError('not_found')
  return { data: bytes, mimeType: version.image.mime_type }
}
