import type { DubRow, SegmentRow, SpeakerRow } from './dubbing.repository.js'
import type { StoredRender } from './dubbing.tables.js'

// Dubs as the public API shows them: the metadata of GET /v1/dubbing/{id} (with the product's
// progress, progress_message, refunded and credits beside the SDK's fields) and the whole
// resource of GET /v1/dubbing/resource/{id}.

/** The API's status: in progress, dubbed, or failed (refund pending or refunded). */
export function apiStatus(row: DubRow): 'dubbing' | 'dubbed' | 'failed' {
  if (row.status === 'dubbed') return 'dubbed'
  if (row.status === 'refund_pending' || row.status === 'refunded') return 'failed'
  return 'dubbing'
}

export function dubMetadata(row: DubRow) {
  return {
    dubbing_id: row.id,
    name: row.name,
    status: apiStatus(row),
    source_language: row.source_lang,
    target_languages: row.target_languages,
    editable: row.options.dubbing_studio,
    created_at: row.created_at.toISOString(),
    media_metadata: { content_type: row.media_content_type, duration: row.duration_seconds },
    ...(row.error_message ? { error: row.error_message } : {}),
    progress: row.progress,
    progress_message: row.progress_message,
    state: row.status,
    refunded: row.status === 'refunded',
    credits: row.credits,
    expected_duration_sec: Math.round(row.duration_seconds * 10) / 10,
    watermarked: row.options.watermark,
    dubbed_range: { start_time: row.options.start_time, end_time: row.options.end_time },
    version: row.version,
  }
}

export type DubMetadata = ReturnType<typeof dubMetadata>

function mediaRef(src: string, contentType: string, seconds: number, url: string) {
  return {
    src,
    content_type: contentType,
    bucket_name: 'local',
    random_path_slug: src.split('/').slice(-2, -1)[0] ?? '',
    duration_secs: seconds,
    is_audio: !contentType.startsWith('video/'),
    url,
  }
}

const frame = (start: number, end: number, text: string) =>
  text ? [{ start_time: start, end_time: end, lines: [text] }] : []

export function dubResource(row: DubRow, speakers: SpeakerRow[], segments: SegmentRow[]) {
  const base = `/v1/dubbing/resource/${row.id}`
  const speakerTracks = Object.fromEntries(
    speakers.map((s) => [
      s.id,
      {
        id: s.id,
        media_ref: mediaRef(`${base}/speaker/${s.id}`, 'audio/wav', row.duration_seconds, ''),
        speaker_name: s.name,
        voices: Object.fromEntries(
          Object.entries(s.voices).map(([lang, v]) => [
            lang,
            typeof v === 'string' ? v : ((v as { voice_id?: string }).voice_id ?? ''),
          ]),
        ),
        segments: segments.filter((g) => g.speaker_id === s.id).map((g) => g.id),
      },
    ]),
  )
  const speakerSegments = Object.fromEntries(
    segments.map((g) => [
      g.id,
      {
        id: g.id,
        start_time: g.start_time,
        end_time: g.end_time,
        text: g.text,
        subtitles: frame(g.start_time, g.end_time, g.text),
        dubs: Object.fromEntries(
          Object.entries(g.dubs).map(([lang, d]) => [
            lang,
            {
              start_time: d.start_time,
              end_time: d.end_time,
              text: d.text,
              subtitles: frame(d.start_time, d.end_time, d.text),
              audio_stale: d.audio_stale,
              ...(d.audio_key
                ? {
                    media_ref: mediaRef(
                      d.audio_key,
                      'audio/wav',
                      d.end_time - d.start_time,
                      `${base}/segment/${g.id}/${lang}/audio`,
                    ),
                  }
                : {}),
              translation_provider: d.provider,
            },
          ]),
        ),
      },
    ]),
  )
  const renders = Object.fromEntries(
    Object.entries(row.renders as Record<string, StoredRender>).map(([key, r]) => {
      const language = key.split(':')[0] ?? ''
      return [
        r.id,
        {
          id: r.id,
          version: r.version,
          language,
          type: r.type,
          status: r.status,
          ...(r.key
            ? {
                media_ref: mediaRef(
                  r.key,
                  r.content_type ?? '',
                  row.duration_seconds,
                  `/v1/dubbing/${row.id}/audio/${language}?render_type=${r.type}`,
                ),
              }
            : {}),
        },
      ]
    }),
  )
  return {
    id: row.id,
    version: row.version,
    source_language: row.source_lang,
    target_languages: row.target_languages,
    input: mediaRef(
      row.media_key,
      row.media_content_type,
      row.duration_seconds,
      `/v1/dubbing/${row.id}/source`,
    ),
    ...(row.background_key
      ? { background: mediaRef(row.background_key, 'audio/wav', row.duration_seconds, '') }
      : {}),
    speaker_tracks: speakerTracks,
    speaker_segments: speakerSegments,
    renders,
  }
}

/** The transcript of a language (the source's when it is the source language) as the SDK's JSON. */
export function transcriptJson(
  row: DubRow,
  speakers: SpeakerRow[],
  segments: SegmentRow[],
  language: string,
) {
  const source = language === row.source_lang
  return {
    language,
    utterances: segments
      .map((g) => {
        const dub = source ? null : g.dubs[language]
        if (!source && !dub) return null
        return {
          text: dub ? dub.text : g.text,
          speaker_id: g.speaker_id,
          start_s: dub ? dub.start_time : g.start_time,
          end_s: dub ? dub.end_time : g.end_time,
          words: dub
            ? []
            : g.words.map((w) => ({
                text: w.text,
                word_type: 'word',
                start_s: w.start,
                end_s: w.end,
                characters: [],
              })),
        }
      })
      .filter((u) => u !== null),
    speakers: speakers.map((s) => ({ speaker_id: s.id, name: s.name })),
  }
}
