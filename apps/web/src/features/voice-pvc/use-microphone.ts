import { useEffect, useRef, useState } from 'react'

/** A recording from the microphone; a refusal (or no microphone) sets `denied`. */
export function useMicrophone() {
  const [recording, setRecording] = useState(false)
  const [denied, setDenied] = useState(false)
  const recorder = useRef<MediaRecorder | null>(null)
  const chunks = useRef<Blob[]>([])

  useEffect(
    () => () => {
      for (const track of recorder.current?.stream.getTracks() ?? []) track.stop()
    },
    [],
  )

  const start = async (onDone: (blob: Blob) => void) => {
    setDenied(false)
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
      const next = new MediaRecorder(stream)
      chunks.current = []
      next.ondataavailable = (event) => chunks.current.push(event.data)
      next.onstop = () => {
        for (const track of stream.getTracks()) track.stop()
        onDone(new Blob(chunks.current, { type: next.mimeType || 'audio/webm' }))
        setRecording(false)
      }
      recorder.current = next
      next.start()
      setRecording(true)
    } catch (error) {
      console.info('No microphone', error)
      setDenied(true)
    }
  }
  return { recording, denied, start, stop: () => recorder.current?.stop() }
}
