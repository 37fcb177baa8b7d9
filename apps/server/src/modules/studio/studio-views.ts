import type { StudioConversionState } from '@timbre/contract'
import type { ChapterRow, ProjectRow } from './studio.repository.js'
import { characterCount, type StoredBlock, voicesIn } from './studio-content.js'
import { coverUrl, type StoredCover } from './studio-cover.js'

// The public API's shapes of projects and chapters, built from rows. A project's voices are
// referred to by their voice ids (the project voice reference is the voice id itself).

const unix = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

export interface ProjectMetadata {
  title?: string | null
  author?: string | null
  description?: string | null
  genres?: string[]
  target_audience?: string | null
  language?: string | null
  content_type?: string | null
  original_publication_date?: string | null
  mature_content?: boolean
  isbn_number?: string | null
  fiction?: string | null
  volume_normalization?: boolean
  quality_preset?: string
  apply_text_normalization?: string
  cover_image?: StoredCover | null
}

export function projectView(row: ProjectRow, chapters: ChapterRow[] = []) {
  const meta = row.metadata as ProjectMetadata
  const converted = chapters.length > 0 && chapters.every((c) => c.last_conversion_at !== null)
  return {
    project_id: row.id,
    name: row.name,
    create_date_unix: unix(row.created_at) ?? 0,
    created_by_user_id: row.created_by,
    default_title_voice_id: row.default_title_voice_id,
    default_paragraph_voice_id: row.default_paragraph_voice_id,
    default_title_voice_ref_id: row.default_title_voice_id,
    default_paragraph_voice_ref_id: row.default_paragraph_voice_id,
    default_model_id: row.default_model_id,
    last_conversion_date_unix: unix(row.last_conversion_at),
    can_be_downloaded: converted,
    title: meta.title ?? null,
    author: meta.author ?? null,
    description: meta.description ?? null,
    genres: meta.genres ?? [],
    cover_image_url: coverUrl(row.id, meta.cover_image),
    target_audience: meta.target_audience ?? null,
    language: meta.language ?? null,
    content_type: meta.content_type ?? null,
    original_publication_date: meta.original_publication_date ?? null,
    mature_content: meta.mature_content ?? false,
    isbn_number: meta.isbn_number ?? null,
    volume_normalization: meta.volume_normalization ?? false,
    state: row.state as 'default' | 'converting' | 'in_queue' | 'creating',
    access_level: 'admin' as const,
    fiction: meta.fiction ?? null,
    quality_check_on: false,
    quality_check_on_when_bulk_convert: false,
    source_type: row.source_type,
    chapters_enabled: true,
    version: row.version,
  }
}

export function chapterView(row: ChapterRow) {
  const blocks = row.blocks as StoredBlock[]
  const characters = characterCount(blocks)
  const converted = row.last_conversion_at !== null
  return {
    chapter_id: row.id,
    name: row.name,
    last_conversion_date_unix: unix(row.last_conversion_at),
    conversion_progress: row.conversion_progress,
    can_be_downloaded: converted,
    state: (['queued', 'converting'].includes(row.conversion_state) ? 'converting' : 'default') as
      | 'default'
      | 'converting',
    has_video: false,
    has_visual_content: false,
    voice_ids: voicesIn(blocks),
    statistics: {
      characters_unconverted: converted ? 0 : characters,
      characters_converted: converted ? characters : 0,
      paragraphs_converted: converted ? blocks.length : 0,
      paragraphs_unconverted: converted ? 0 : blocks.length,
    },
    last_conversion_error: row.last_conversion_error,
    conversion_state: row.conversion_state as StudioConversionState,
    version: row.version,
  }
}

/** A block's audio: whether it was generated and whether it is locked. */
export type BlockAudioStates = Map<string, { locked: boolean }>

export function chapterWithContentView(row: ChapterRow, audio: BlockAudioStates = new Map()) {
  const blocks = row.blocks as StoredBlock[]
  return {
    ...chapterView(row),
    content: {
      blocks: blocks.map((block) => ({
        block_id: block.block_id,
        sub_type: block.sub_type,
        generated: audio.has(block.block_id),
        locked: audio.get(block.block_id)?.locked ?? false,
        nodes: block.nodes.map((node) => ({
          type: 'tts_node' as const,
          voice_id: node.voice_id,
          project_voice_ref_id: node.voice_id,
          text: node.text,
          character_id: node.character_id ?? null,
          emphasis: node.emphasis ?? false,
        })),
      })),
    },
  }
}
