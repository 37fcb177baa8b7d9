import { TIME_UPDATE_MS } from '@timbre/contract'
import { useEffect, useState } from 'react'
import { player, usePlayerState } from '../../player/player-store'

/**
 * The persistent player's time while it plays `src` (null when it holds something else), read
 * every few milliseconds while playing and on every seek.
 */
export function usePlayerTime(src: string | null): number | null {
  const { item } = usePlayerState()
  const active = !!src && item?.src === src
  const key = item?.key
  const [time, setTime] = useState<number | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new player item (its key) binds the element again.
  useEffect(() => {
    const audio = player.audio()
    if (!active || !audio) {
      setTime(null)
      return
    }
    let timer: ReturnType<typeof setInterval> | undefined
    const read = () => setTime(audio.currentTime)
    const follow = () => {
      read()
      clearInterval(timer)
      if (!audio.paused) timer = setInterval(read, TIME_UPDATE_MS)
    }
    const events = ['play', 'pause', 'seeked', 'ended']
    for (const name of events) audio.addEventListener(name, follow)
    follow()
    return () => {
      clearInterval(timer)
      for (const name of events) audio.removeEventListener(name, follow)
    }
  }, [active, key])
  return active ? time : null
}
