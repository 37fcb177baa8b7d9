import { MUSIC_MODEL_IDS, MUSIC_UPLOAD_MAX_BYTES, MUSIC_VIDEO_MAX_BYTES } from '@timbre/contract'
import { multipartForm } from '../../platform/http/multipart.js'

// The multipart bodies of the music calls that take files, as the public API names them.

const modelId = {
  description: 'The model (every one is served by the same composer).',
  enum: MUSIC_MODEL_IDS,
}

export const uploadForm = multipartForm({
  files: {
    file: {
      description: 'The song: any audio FFmpeg reads, up to ten minutes.',
      maxBytes: MUSIC_UPLOAD_MAX_BYTES,
      required: true,
    },
  },
  fields: {
    extract_composition_plan: {
      description: 'Also answer a composition plan measured from the song (tempo, key, sections).',
    },
    with_timestamps: { description: 'Accepted; songs carry no word timings here.', kind: 'boolean' },
    with_waveform_visual: { description: 'Accepted; no waveform is answered.', kind: 'boolean' },
  },
})

export const stemsForm = multipartForm({
  files: { file: { description: 'The song to separate.', maxBytes: MUSIC_UPLOAD_MAX_BYTES, required: true } },
  fields: {
    stem_variation_id: { description: 'Accepted; the stems are always the ones described above.' },
    sign_with_c2pa: { description: 'Accepted; nothing is signed.', kind: 'boolean' },
  },
})

export const videoForm = multipartForm({
  files: {
    videos: {
      description: 'One or more videos, played in order; three minutes or less in all.',
      maxBytes: MUSIC_VIDEO_MAX_BYTES,
      maxCount: 10,
      required: true,
      missing: 'Please upload a valid video file.',
    },
  },
  fields: {
    description: { description: 'What the music should be like.', maxBytes: 4100 },
    tags: { description: 'Style tags, e.g. upbeat, cinematic.', maxCount: 10, maxBytes: 100 },
    model_id: modelId,
    add_sfx: { description: 'Accepted; no sound effects are added.', kind: 'boolean' },
    separate_tracks: { description: 'Accepted; one mixed file is answered.', kind: 'boolean' },
    use_audio_as_reference: { description: 'Accepted; the picture alone shapes the music.', kind: 'boolean' },
    sign_with_c2pa: { description: 'Accepted; nothing is signed.', kind: 'boolean' },
  },
})

export const finetuneForm = multipartForm({
  files: {
    files: {
      description: 'Reference tracks; the first one is measured.',
      maxBytes: MUSIC_UPLOAD_MAX_BYTES,
      maxCount: 5,
    },
  },
  fields: {
    name: { description: 'Name, 5 to 200 characters.', required: true, maxBytes: 800 },
    primary_genre: { description: 'The main genre.', required: true, maxBytes: 100 },
    tags: { description: 'Style tags.', maxCount: 20, maxBytes: 100 },
    visibility: { description: 'private or workspace.', enum: ['private', 'workspace'] },
    model_id: modelId,
  },
})
