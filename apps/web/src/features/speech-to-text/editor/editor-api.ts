// The transcript editor's calls: its document, cues under limits, and version-checked edits.

import { client, settle } from '../../../lib/api'
import type { ResponseJson } from '../../../lib/api-types'

export type EditorDocument = ResponseJson<
  '/v1/speech-to-text/transcripts/{transcription_id}/editor',
  'get',
  200
>
export type EditorWord = EditorDocument['words'][number]
export type EditorSegment = EditorDocument['segments'][number]
export type CuesAnswer = ResponseJson<'/v1/speech-to-text/transcripts/{transcription_id}/cues', 'get', 200>

const path = (id: string) => ({ path: { transcription_id: id } })

export const getEditor = (id: string): Promise<EditorDocument> =>
  settle(client.GET('/v1/speech-to-text/transcripts/{transcription_id}/editor', { params: path(id) }))

export interface CueLimits {
  maxCharactersPerLine: number
  maxSegmentDurationS: number
}

export const getCues = (id: string, limits: CueLimits): Promise<CuesAnswer> =>
  settle(
    client.GET('/v1/speech-to-text/transcripts/{transcription_id}/cues', {
      params: {
        ...path(id),
        query: {
          max_characters_per_line: String(limits.maxCharactersPerLine),
          max_segment_duration_s: String(limits.maxSegmentDurationS),
        },
      },
    }),
  )

/** One edit: each names the version it was made on and answers the new document. */
export type Edit =
  | { kind: 'words'; from: number; to: number; text: string }
  | { kind: 'rename'; speaker: string; name: string }
  | { kind: 'merge'; speaker: string; into: string }
  | { kind: 'split'; at: number }
  | { kind: 'join'; segment: number }

export function sendEdit(id: string, version: number, edit: Edit): Promise<EditorDocument> {
  const base = '/v1/speech-to-text/transcripts/{transcription_id}' as const
  switch (edit.kind) {
    case 'words':
      return settle(
        client.PATCH(`${base}/words`, {
          params: path(id),
          body: { version, from_index: edit.from, to_index: edit.to, text: edit.text },
        }),
      )
    case 'rename':
      return settle(
        client.PATCH(`${base}/speakers/{speaker_id}`, {
          params: { path: { transcription_id: id, speaker_id: edit.speaker } },
          body: { version, name: edit.name },
        }),
      )
    case 'merge':
      return settle(
        client.POST(`${base}/speakers/{speaker_id}/merge`, {
          params: { path: { transcription_id: id, speaker_id: edit.speaker } },
          body: { version, into_speaker_id: edit.into },
        }),
      )
    case 'split':
      return settle(
        client.POST(`${base}/segments/split`, { params: path(id), body: { version, word_index: edit.at } }),
      )
    case 'join':
      return settle(
        client.POST(`${base}/segments/join`, {
          params: path(id),
          body: { version, segment_index: edit.segment },
        }),
      )
  }
}
