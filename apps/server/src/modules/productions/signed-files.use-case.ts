import { DUBBING_LANGUAGES } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { ProductionsDeps } from './productions-deps.js'
import type { SignedKind, SignedLinks } from './signed-links.js'

/** The file a signed link names, when its signature holds and it has not expired. */
export async function signedFile(
  deps: ProductionsDeps,
  links: SignedLinks,
  input: { kind: SignedKind; id: string; expires: number; signature: string },
) {
  if (!links.verify(input.kind, input.id, input.expires, input.signature))
    throw new AppError('production_not_found')
  if (input.kind === 'deliverable') {
    const row = await deps.orders.deliverableById(input.id)
    if (!row) throw new AppError('production_not_found')
    return { name: row.name, contentType: row.content_type, data: Buffer.from(row.content, 'utf8') }
  }
  const media = await deps.orders.mediaById(input.id)
  const bytes = media?.storage_key ? await deps.storage.get(media.storage_key) : null
  if (!media || !bytes) throw new AppError('production_media_not_found')
  return { name: media.name, contentType: media.content_type, data: bytes }
}

/** The languages an item kind is offered in: single for transcription, source-to-target pairs otherwise. */
export function orderLanguages(kind: 'transcription' | 'subtitles' | 'dub') {
  const languages = Object.entries(DUBBING_LANGUAGES).map(([code, label]) => ({ code, label }))
  if (kind === 'transcription') return { kind: 'single' as const, languages }
  return {
    kind: 'pair' as const,
    language_pairs: languages.map((source) => ({
      source_language: source,
      destination_languages: languages.filter((l) => l.code !== source.code),
    })),
  }
}
