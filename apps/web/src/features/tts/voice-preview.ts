import { useEffect, useRef, useState } from 'react'

/** One preview at a time: playing another voice stops the first; leaving the page stops it. */
export function useVoicePreview() {
  const audio = useRef<HTMLAudioElement | null>(null)
  const [playingId, setPlayingId] = useState<string | null>(null)
  useEffect(() => () => audio.current?.pause(), [])
  const toggle = (voiceId: string, url: string | null) => {
    if (!url) return
    if (playingId === voiceId) {
      audio.current?.pause()
      setPlayingId(null)
      return
    }
    audio.current?.pause()
    const next = new Audio(url)
    next.onended = () => setPlayingId(null)
    next.onerror = () => setPlayingId(null)
    audio.current = next
    setPlayingId(voiceId)
    next.play().catch((error: unknown) => {
      console.info('The browser blocked the preview', error)
      setPlayingId(null)
    })
  }
  return { playingId, toggle }
}
