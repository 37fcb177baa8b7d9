import type { ClipRow, ProjectRow, RenderRow, TrackRow } from './voiceover.repository.js'

// The shapes the API answers with: seconds (not the stored milliseconds) and snake_case names.

const s = (ms: number) => ms / 1000
const unix = (date: Date) => Math.floor(date.getTime() / 1000)

export function projectSummary(row: ProjectRow) {
  return {
    project_id: row.id,
    name: row.name,
    duration_seconds: s(row.duration_ms),
    media:
      row.media_kind && row.media_duration_ms !== null
        ? {
            kind: row.media_kind,
            mime_type: row.media_mime ?? 'application/octet-stream',
            file_name: row.media_file_name ?? '',
            duration_seconds: s(row.media_duration_ms),
          }
        : null,
    created_at_unix: unix(row.created_at),
    updated_at_unix: unix(row.updated_at),
  }
}

export function trackView(row: TrackRow) {
  return {
    track_id: row.id,
    type: row.type,
    name: row.name,
    voice_id: row.voice_id,
    language: row.language,
    muted: row.muted,
    position: row.position,
  }
}

export function clipView(row: ClipRow) {
  return {
    clip_id: row.id,
    track_id: row.track_id,
    kind: row.kind,
    start_seconds: s(row.start_ms),
    end_seconds: s(row.end_ms),
    source_start_seconds: s(row.source_start_ms),
    text: row.text,
    voice_id: row.voice_id,
    has_audio: row.audio_key !== null || row.kind === 'media',
    audio_duration_seconds: row.audio_ms === null ? null : s(row.audio_ms),
    history_item_id: row.history_item_id,
  }
}

export function renderView(row: RenderRow, stale: boolean) {
  const failed = stale || row.status === 'failed'
  return {
    render_id: row.id,
    project_id: row.project_id,
    status: stale ? ('failed' as const) : row.status,
    progress: row.progress,
    duration_seconds: row.duration_ms === null ? null : s(row.duration_ms),
    has_video: row.video_key !== null,
    error: failed
      ? {
          code: stale ? 'voiceover_render_failed' : (row.error_code ?? 'voiceover_render_failed'),
          message: stale ? 'The render stopped; please try again.' : (row.error_message ?? ''),
        }
      : null,
    created_at_unix: unix(row.created_at),
  }
}

export function projectView(
  row: ProjectRow,
  tracks: TrackRow[],
  clips: ClipRow[],
  render: ReturnType<typeof renderView> | null,
) {
  return {
    ...projectSummary(row),
    tracks: tracks.map(trackView),
    clips: clips.map(clipView),
    latest_render: render,
  }
}
