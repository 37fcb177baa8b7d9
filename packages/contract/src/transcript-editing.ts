// The transcript editor: the limits of its edits, how its segments are first drawn, and the
// waveform the server keeps beside a transcript's audio.

/** Without saved segments, a pause at least this long between two words starts a new segment. */
export const TRANSCRIPT_SEGMENT_PAUSE_SECONDS = 1.5
/** The text that replaces a range of words is at most this long. */
export const TRANSCRIPT_EDIT_TEXT_MAX = 2000
/** A speaker's display name is at most this long. */
export const TRANSCRIPT_SPEAKER_NAME_MAX = 50
/** Waveform bars kept per second of audio, and at most this many bars for a whole file. */
export const TRANSCRIPT_PEAKS_PER_SECOND = 20
export const TRANSCRIPT_PEAKS_MAX = 8000
/** Below this viewport width (CSS pixels) the editor shows the transcript read-only. */
export const TRANSCRIPT_EDITOR_MIN_WIDTH_PX = 640
/** The stored copy of a transcript's audio: MP3, mono, 16 kHz, 32 kbit/s (about 240 kB a minute). */
export const TRANSCRIPT_AUDIO_CONTENT_TYPE = 'audio/mpeg'
