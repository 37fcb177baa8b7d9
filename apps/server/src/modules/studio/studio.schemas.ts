import { z } from 'zod'
import { chapterContentInput } from './studio-content.js'

// Fields of the public Studio API (projects and chapters).

const nullableString = z.string().nullable()
const nullableNumber = z.number().nullable()

export const projectIdParams = z.object({ project_id: z.string().min(1).max(64) })
export const chapterIdParams = projectIdParams.extend({ chapter_id: z.string().min(1).max(64) })

export const project = z
  .object({
    project_id: z.string(),
    name: z.string(),
    create_date_unix: z.number(),
    created_by_user_id: z.string(),
    default_title_voice_id: z.string(),
    default_paragraph_voice_id: z.string(),
    default_title_voice_ref_id: z.string(),
    default_paragraph_voice_ref_id: z.string(),
    default_model_id: z.string(),
    last_conversion_date_unix: nullableNumber,
    can_be_downloaded: z.boolean(),
    title: nullableString,
    author: nullableString,
    description: nullableString,
    genres: z.array(z.string()),
    cover_image_url: nullableString,
    target_audience: nullableString,
    language: nullableString,
    content_type: nullableString,
    original_publication_date: nullableString,
    mature_content: z.boolean(),
    isbn_number: nullableString,
    volume_normalization: z.boolean(),
    state: z.enum(['creating', 'default', 'converting', 'in_queue']),
    access_level: z.enum(['admin', 'editor', 'commenter', 'viewer']),
    fiction: nullableString,
    quality_check_on: z.boolean(),
    quality_check_on_when_bulk_convert: z.boolean(),
    source_type: z.string(),
    chapters_enabled: z.boolean(),
    version: z.number().int().describe('Ours: counts every change of the project'),
  })
  .meta({ id: 'StudioProject' })

export const chapter = z
  .object({
    chapter_id: z.string(),
    name: z.string(),
    last_conversion_date_unix: nullableNumber,
    conversion_progress: nullableNumber,
    can_be_downloaded: z.boolean(),
    state: z.enum(['default', 'converting']),
    has_video: z.boolean(),
    has_visual_content: z.boolean(),
    voice_ids: z.array(z.string()),
    statistics: z.object({
      characters_unconverted: z.number(),
      characters_converted: z.number(),
      paragraphs_converted: z.number(),
      paragraphs_unconverted: z.number(),
    }),
    last_conversion_error: nullableString,
    version: z
      .number()
      .int()
      .describe('Ours: send it back with an update to refuse overwriting a newer save'),
  })
  .meta({ id: 'StudioChapter' })

export const chapterWithContent = chapter
  .extend({
    content: z.object({
      blocks: z.array(
        z.object({
          block_id: z.string(),
          sub_type: z.enum(['p', 'h1', 'h2', 'h3']),
          nodes: z.array(
            z.object({
              type: z.literal('tts_node'),
              voice_id: z.string(),
              project_voice_ref_id: z.string(),
              text: z.string(),
            }),
          ),
        }),
      ),
    }),
  })
  .meta({ id: 'StudioChapterWithContent' })

const projectVoice = z.object({
  project_voice_ref_id: z.string(),
  voice_id: z.string(),
  alias: z.string(),
  stability: z.number(),
  similarity_boost: z.number(),
  style: z.number(),
  is_pinned: z.boolean(),
  use_speaker_boost: z.boolean(),
  volume_gain: z.number(),
  speed: z.number(),
})

export const projectExtended = project
  .extend({
    quality_preset: z.string(),
    apply_text_normalization: z.string(),
    chapters: z.array(chapter),
    pronunciation_dictionary_versions: z.array(z.object({})),
    pronunciation_dictionary_locators: z.array(z.object({})),
    assets: z.array(z.object({})),
    voices: z.array(projectVoice),
  })
  .meta({ id: 'StudioProjectExtended' })

export const projectEnvelope = z.object({ project })
export const projectList = z.object({ projects: z.array(project) })
export const chapterEnvelope = z.object({ chapter: chapterWithContent })
export const chapterList = z.object({ chapters: z.array(chapter) })
export const statusOk = z.object({ status: z.literal('ok') })

export const updateProjectBody = z.object({
  name: z.string().max(200),
  default_title_voice_id: z.string().min(1).max(64),
  default_paragraph_voice_id: z.string().min(1).max(64),
  title: z.string().max(200).nullable().optional(),
  author: z.string().max(200).nullable().optional(),
  isbn_number: z.string().max(32).nullable().optional(),
  volume_normalization: z.boolean().optional(),
})

export const createChapterBody = z.object({
  name: z.string().max(200),
  from_url: z.string().max(2048).nullable().optional(),
})

export const updateChapterBody = z.object({
  name: z.string().max(200).nullable().optional(),
  content: chapterContentInput.nullable().optional(),
  version: z.number().int().positive().nullable().optional(),
})
