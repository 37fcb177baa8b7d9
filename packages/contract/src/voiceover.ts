// Voiceover Studio: a timeline of tracks holding clips, optionally over an uploaded video or
// audio file (the media). Limits the product states, and the ones it leaves open that are ours
// (marked so).

export const VOICEOVER_TRACK_TYPES = ['voiceover_speaker', 'sfx', 'foreground', 'dubbed_speaker'] as const
export type VoiceoverTrackType = (typeof VOICEOVER_TRACK_TYPES)[number]

/**
 * What a clip holds decides which tracks take it: speech (a text read by a voice) goes on
 * speaker tracks, a generated sound effect on sound-effect tracks, and a stretch of the
 * uploaded media on foreground tracks.
 */
export const VOICEOVER_CLIP_KINDS = ['speech', 'sound_effect', 'media'] as const
export type VoiceoverClipKind = (typeof VOICEOVER_CLIP_KINDS)[number]

export const VOICEOVER_TRACK_TAKES: Record<VoiceoverTrackType, VoiceoverClipKind> = {
  voiceover_speaker: 'speech',
  dubbed_speaker: 'speech',
  sfx: 'sound_effect',
  foreground: 'media',
}

/** Uploaded videos are at most 50 MB. */
export const VOICEOVER_VIDEO_MAX_BYTES = 50 * 1024 * 1024
/** Ours: uploaded audio is held to the same 50 MB. */
export const VOICEOVER_AUDIO_MAX_BYTES = 50 * 1024 * 1024
/** Ours: media and timelines are at most 30 minutes long. */
export const VOICEOVER_MAX_SECONDS = 30 * 60
/** Ours: a project without media starts with a one-minute timeline. */
export const VOICEOVER_DEFAULT_SECONDS = 60
/** A media clip cannot be split into a part shorter than 1 second. */
export const VOICEOVER_MIN_SPLIT_SECONDS = 1
/** Ours: a new clip without an end is this long, or as long as the free space allows. */
export const VOICEOVER_DEFAULT_CLIP_SECONDS = 3
/** Ours: a new clip needs at least this much free space. */
export const VOICEOVER_MIN_CLIP_SECONDS = 0.5
/** Ours: a speaker clip's text is at most 5,000 characters. */
export const VOICEOVER_CLIP_TEXT_MAX = 5000
/** Ours: a project has at most 20 tracks and 500 clips. */
export const VOICEOVER_MAX_TRACKS = 20
export const VOICEOVER_MAX_CLIPS = 500
/** Project names are under 50 characters. */
export const VOICEOVER_NAME_MAX = 49

/** The editor's keyboard shortcuts (key names as KeyboardEvent.key reports them). */
export const VOICEOVER_SHORTCUTS = {
  playPause: ' ',
  split: 's',
  delete: 'Delete',
  deleteAlt: 'Backspace',
  nudgeLeft: 'ArrowLeft',
  nudgeRight: 'ArrowRight',
  previousClip: 'ArrowUp',
  nextClip: 'ArrowDown',
  zoomIn: '+',
  zoomOut: '-',
  render: 'r',
  help: '?',
} as const
/** Arrow keys move the selected clip by this much (ten times as far with Shift). */
export const VOICEOVER_NUDGE_SECONDS = 0.1

/** Placement refusals: the error code of each rule. */
export const VOICEOVER_PLACEMENT_ERRORS = [
  'voiceover_wrong_track_type',
  'voiceover_clip_overlap',
  'voiceover_clip_overrun',
  'voiceover_clip_after_media',
  'voiceover_dubbed_overlap',
  'voiceover_split_too_short',
  'voiceover_end_before_start',
  'voiceover_no_space',
] as const

export const VOICEOVER_ERRORS = {
  voiceover_project_not_found: { status: 404, message: 'Project not found or no access.' },
  voiceover_track_not_found: { status: 404, message: 'Track not found or no access.' },
  voiceover_clip_not_found: { status: 404, message: 'Clip not found or no access.' },
  voiceover_render_not_found: { status: 404, message: 'Render not found or no access.' },
  voiceover_wrong_track_type: {
    status: 422,
    message: 'Invalid placement: this clip cannot be placed on a track of this type.',
  },
  voiceover_clip_overlap: { status: 409, message: 'Invalid placement: the clip overlaps another clip.' },
  voiceover_clip_overrun: {
    status: 422,
    message: 'Invalid placement: the clip runs past the end of the track.',
  },
  voiceover_clip_after_media: {
    status: 422,
    message: 'Invalid placement: the clip is later than the original media duration.',
  },
  voiceover_dubbed_overlap: {
    status: 409,
    message: 'Invalid placement: the clip overlaps another clip in the same dubbed language.',
  },
  voiceover_split_too_short: { status: 422, message: 'A video clip cannot be split under 1 second.' },
  voiceover_end_before_start: { status: 422, message: 'Segment end time must exceed start time.' },
  voiceover_no_space: { status: 409, message: 'Not enough space to place a new segment.' },
  voiceover_clip_not_splittable: { status: 422, message: 'Only media clips can be split.' },
  voiceover_media_too_big: { status: 413, message: 'File too big: videos must be 50 MB or less.' },
  voiceover_media_too_long: {
    status: 422,
    message: 'Audio file too long for the studio: at most 30 minutes.',
  },
  voiceover_invalid_media: {
    status: 422,
    message: 'The file is not a supported video (MP4) or audio file (WAV, MP3, OGG, FLAC, M4A or WebM).',
  },
  voiceover_clip_not_generated: { status: 409, message: 'The clip has no audio yet.' },
  voiceover_render_not_ready: { status: 409, message: 'The render has not finished.' },
  voiceover_no_video: { status: 404, message: 'This project has no video, so its render has no video.' },
  voiceover_render_failed: { status: 500, message: 'The render failed; please try again.' },
  voiceover_limit_reached: { status: 409, message: 'This project has reached its limit of tracks or clips.' },
} as const
