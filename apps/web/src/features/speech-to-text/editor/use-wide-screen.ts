import { TRANSCRIPT_EDITOR_MIN_WIDTH_PX } from '@timbre/contract'
import { useSyncExternalStore } from 'react'

const QUERY = `(min-width: ${TRANSCRIPT_EDITOR_MIN_WIDTH_PX}px)`

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(QUERY)
  list.addEventListener('change', listener)
  return () => list.removeEventListener('change', listener)
}

/** Whether the window is wide enough to edit a transcript (narrower ones read it only). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  )
}
