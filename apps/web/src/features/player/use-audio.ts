import { TIME_UPDATE_MS } from '@timbre/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type PlayerItem, player } from './player-store'

export type AudioState = {
  current: number
  duration: number | null
  playing: boolean
  ended: boolean
  error: boolean
}

/**
 * Binds the one <audio> element to the item on show: loads it, starts it when asked (a start
 * the browser blocks is only logged), reads the time every 25 ms while playing, and goes back
 * to the start when it ends.
 */
export function useAudio(item: PlayerItem | null, speed: number) {
  const ref = useRef<HTMLAudioElement>(null)
  const [state, setState] = useState<AudioState>({
    current: 0,
    duration: null,
    playing: false,
    ended: false,
    error: false,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new item (a new key) reloads the audio; other changes keep it playing.
  useEffect(() => {
    const audio = ref.current
    if (!audio) return
    setState({ current: 0, duration: null, playing: false, ended: false, error: false })
    if (!item?.src) {
      audio.removeAttribute('src')
      audio.load()
      return
    }
    audio.src = item.src
    audio.load()
    if (item.startAt) {
      // Asked before the metadata is there, and again once it is: some browsers drop the first.
      const startAt = item.startAt
      audio.currentTime = startAt
      audio.addEventListener('loadedmetadata', () => (audio.currentTime = startAt), { once: true })
    }
    if (item.autoStart) {
      audio.play().catch((error: unknown) => console.info('The browser blocked autoplay', error))
    }
  }, [item?.key])

  // A new item starts at the chosen speed too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item key is the trigger, not a value read here.
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = speed
  }, [speed, item?.key])

  useEffect(() => {
    const audio = ref.current
    if (!audio) return
    const read = () => {
      player.publishTime(audio.currentTime)
      setState((s) => ({
        ...s,
        current: audio.currentTime,
        duration: Number.isFinite(audio.duration) ? audio.duration : null,
      }))
    }
    const onPlay = () => {
      player.setPlaying(true)
      setState((s) => ({ ...s, playing: true, ended: false }))
    }
    const onPause = () => {
      player.setPlaying(false)
      setState((s) => ({ ...s, playing: false }))
    }
    const onEnded = () => {
      audio.currentTime = 0
      player.setPlaying(false)
      setState((s) => ({ ...s, playing: false, ended: true, current: 0 }))
    }
    const onError = () => setState((s) => ({ ...s, error: !!audio.getAttribute('src') }))
    const events: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnded],
      ['error', onError],
      ['loadedmetadata', read],
      ['durationchange', read],
      ['seeked', read],
      ['canplay', read],
    ]
    for (const [name, handler] of events) audio.addEventListener(name, handler)
    return () => {
      for (const [name, handler] of events) audio.removeEventListener(name, handler)
    }
  }, [])

  useEffect(() => {
    if (!state.playing) return
    const audio = ref.current
    const timer = setInterval(() => {
      if (!audio) return
      player.publishTime(audio.currentTime)
      setState((s) => (s.current === audio.currentTime ? s : { ...s, current: audio.currentTime }))
    }, TIME_UPDATE_MS)
    return () => clearInterval(timer)
  }, [state.playing])

  const toggle = useCallback(() => {
    const audio = ref.current
    if (!audio?.getAttribute('src')) return
    if (audio.paused)
      audio.play().catch((error: unknown) => console.info('The browser blocked playback', error))
    else audio.pause()
  }, [])

  useEffect(() => {
    player.bindToggle(toggle)
    player.bindAudio(ref.current)
    return () => {
      player.bindToggle(null)
      player.bindAudio(null)
    }
  }, [toggle])

  const seek = useCallback((seconds: number) => {
    const audio = ref.current
    if (!audio) return
    audio.currentTime = seconds
    setState((s) => ({ ...s, current: seconds }))
  }, [])

  return { ref, state, toggle, seek }
}
