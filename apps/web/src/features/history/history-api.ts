// History items: list, details, deletion, feedback, share links, audio and downloads.
import { binary, client, JSON_HEADERS, settle } from '../../lib/api'
import type {
  DownloadFormat,
  FeedbackRequest,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  ShareLink,
} from '../../lib/api-types'

export const listHistory = (query: HistoryQuery): Promise<HistoryPage> =>
  settle(client.GET('/v1/history', { params: { query } }))
export const getHistoryItem = (id: string): Promise<HistoryItem> =>
  settle(client.GET('/v1/history/{history_item_id}', { params: { path: { history_item_id: id } } }))
export const deleteHistoryItem = (id: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/history/{history_item_id}', { params: { path: { history_item_id: id } } }))
export const sendFeedback = (id: string, body: FeedbackRequest): Promise<HistoryItem> =>
  settle(
    client.POST('/v1/history/{history_item_id}/feedback', {
      params: { path: { history_item_id: id } },
      body,
    }),
  )
export const getShareLink = (id: string): Promise<ShareLink> =>
  settle(
    client.GET('/v1/history/{history_item_id}/share-link', { params: { path: { history_item_id: id } } }),
  )

/** The URL of a history item's audio (same origin, the session cookie goes with it). */
export const historyAudioUrl = (id: string): string => `/v1/history/${encodeURIComponent(id)}/audio`

/** POST /v1/history/download: the audio of one item, or a zip of several. */
export const downloadHistory = (ids: string[], format: DownloadFormat = null): Promise<Response> =>
  binary('/v1/history/download', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ history_item_ids: ids, output_format: format }),
  })
