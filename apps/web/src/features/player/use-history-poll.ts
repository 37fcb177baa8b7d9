import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getHistoryItem } from '../history/history-api'
import { pollHistoryItem } from './history-poll'
import type { PlayerItem } from './player-store'
import { player } from './player-store'

/**
 * After a generation loads, its history item is looked up on the poll schedule; once found the
 * item is "loaded" (download, share and feedback use it) and the lists that show it refresh.
 */
export function useHistoryPoll(item: PlayerItem | null) {
  const queryClient = useQueryClient()
  const key = item?.key
  const id = item && !item.loaded && item.type !== 'voicePreview' ? item.historyItemId : null
  useEffect(() => {
    if (!key || !id) return
    const abort = new AbortController()
    pollHistoryItem(() => getHistoryItem(id), { signal: abort.signal })
      .then((found) => {
        if (!found) return
        player.update(key, {
          loaded: true,
          feedback: found.feedback,
          voiceCategory: found.voice_category,
          settings: found.settings,
          modelId: found.model_id,
          dateUnix: found.date_unix,
          outputFormat: found.output_format,
        })
        void queryClient.invalidateQueries({ queryKey: ['history'] })
        void queryClient.invalidateQueries({ queryKey: ['user'] })
        void queryClient.invalidateQueries({ queryKey: ['subscription'] })
        // The server now sees the generation: the checklist may have a step done, and a
        // credit warning may be due.
        void queryClient.invalidateQueries({ queryKey: ['onboarding'] })
        void queryClient.invalidateQueries({ queryKey: ['notifications'] })
      })
      .catch(() => {
        // Aborted: a newer item took the player.
      })
    return () => abort.abort()
  }, [key, id, queryClient])
}
