import { useEffect, useState } from 'react'

/** The length of a chosen audio or video file in seconds, read by the browser (null when it cannot tell). */
export function useFileDuration(file: File | null): number | null {
  const [seconds, setSeconds] = useState<number | null>(null)
  useEffect(() => {
    setSeconds(null)
    if (!file) return
    const url = URL.createObjectURL(file)
    const audio = new Audio()
    audio.preload = 'metadata'
    audio.onloadedmetadata = () => setSeconds(Number.isFinite(audio.duration) ? audio.duration : null)
    audio.src = url
    return () => {
      audio.onloadedmetadata = null
      URL.revokeObjectURL(url)
    }
  }, [file])
  return seconds
}
