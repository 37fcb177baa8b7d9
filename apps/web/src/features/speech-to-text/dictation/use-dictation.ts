import { useCallback, useEffect, useRef, useState } from 'react'
import { DICTATION_RATE, pcmBase64, readServerMessage, realtimeUrl, SOCKET_RATES } from './dictation-socket'

export type DictationStatus =
  | 'idle'
  | 'connecting'
  | 'listening'
  | 'denied'
  | 'noMicrophone'
  | 'unsupported'
  | 'failed'

interface Running {
  stream: MediaStream
  context: AudioContext
  socket: WebSocket
}

/** The microphone at 16 kHz where the browser can resample it, else at its own rate. */
async function openCapture(stream: MediaStream): Promise<{ context: AudioContext; node: AudioWorkletNode }> {
  let context = new AudioContext({ sampleRate: DICTATION_RATE })
  let source: MediaStreamAudioSourceNode
  try {
    source = context.createMediaStreamSource(stream)
  } catch {
    // Some browsers cannot feed a microphone into a context of another rate.
    await context.close()
    context = new AudioContext()
    source = context.createMediaStreamSource(stream)
  }
  await context.audioWorklet.addModule('/pcm-capture-worklet.js')
  const node = new AudioWorkletNode(context, 'pcm-capture', {
    processorOptions: { chunkSamples: Math.round(context.sampleRate / 10) },
  })
  source.connect(node)
  return { context, node }
}

/**
 * Dictation: the microphone through an AudioWorklet as 16-bit PCM to the realtime socket, the
 * words heard so far (partial) and those settled (committed) shown as they come.
 */
export function useDictation() {
  const [status, setStatus] = useState<DictationStatus>('idle')
  const [partial, setPartial] = useState('')
  const [committed, setCommitted] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const running = useRef<Running | null>(null)

  const stop = useCallback(() => {
    const current = running.current
    running.current = null
    if (!current) return
    for (const track of current.stream.getTracks()) track.stop()
    void current.context.close()
    if (current.socket.readyState === WebSocket.OPEN) {
      // A last empty chunk with a commit settles what was said since the last pause.
      current.socket.send(
        JSON.stringify({ message_type: 'input_audio_chunk', audio_base_64: '', commit: true }),
      )
      setTimeout(() => current.socket.close(1000), 1500)
    } else current.socket.close()
    setStatus((s) => (s === 'listening' || s === 'connecting' ? 'idle' : s))
  }, [])

  useEffect(() => stop, [stop])

  const start = useCallback(async () => {
    if (running.current) return
    setError(null)
    setPartial('')
    if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
      setStatus('unsupported')
      return
    }
    setStatus('connecting')
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      })
    } catch (cause) {
      const name = cause instanceof DOMException ? cause.name : ''
      setStatus(name === 'NotFoundError' || name === 'OverconstrainedError' ? 'noMicrophone' : 'denied')
      return
    }
    let capture: Awaited<ReturnType<typeof openCapture>>
    try {
      capture = await openCapture(stream)
    } catch (cause) {
      for (const track of stream.getTracks()) track.stop()
      console.info('No audio capture', cause)
      setStatus('unsupported')
      return
    }
    const rate = capture.context.sampleRate
    if (!(SOCKET_RATES as readonly number[]).includes(rate)) {
      for (const track of stream.getTracks()) track.stop()
      void capture.context.close()
      setStatus('unsupported')
      return
    }
    const socket = new WebSocket(realtimeUrl(window.location, rate))
    running.current = { stream, context: capture.context, socket }
    capture.node.port.onmessage = (event: MessageEvent<ArrayBuffer>) => {
      if (socket.readyState !== WebSocket.OPEN) return
      socket.send(
        JSON.stringify({
          message_type: 'input_audio_chunk',
          audio_base_64: pcmBase64(event.data),
          sample_rate: rate,
          commit: false,
        }),
      )
    }
    socket.onmessage = (event: MessageEvent<string>) => {
      const message = readServerMessage(String(event.data))
      if (!message) return
      if (message.type === 'started') setStatus('listening')
      else if (message.type === 'partial') setPartial(message.text)
      else if (message.type === 'committed') {
        setPartial('')
        if (message.text.trim()) setCommitted((list) => [...list, message.text.trim()])
      } else if (message.type === 'error') {
        setError(message.message)
        setStatus('failed')
      }
    }
    socket.onclose = () => {
      if (running.current?.socket === socket) stop()
    }
    socket.onerror = () => {
      setError((e) => e ?? '')
      setStatus('failed')
    }
  }, [stop])

  return {
    status,
    partial,
    committed,
    error,
    start,
    stop,
    clear: () => {
      setCommitted([])
      setPartial('')
    },
  }
}
