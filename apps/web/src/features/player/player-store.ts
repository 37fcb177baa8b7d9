import { useSyncExternalStore } from 'react'
import type { HistoryFeedback } from '../../lib/api-types'

/** What the player holds: generated speech (streaming or done), a history item or a voice preview. */
export type PlayerItem = {
  /** Unique per load, so the same history item played twice restarts. */
  key: string
  type:
    | 'textToSpeech'
    | 'dialogue'
    | 'speechHistoryItem'
    | 'voicePreview'
    | 'soundEffect'
    | 'voiceIsolation'
    | 'speechToSpeech'
    | 'transcript'
    | 'studioChapter'
    | 'dub'
    | 'music'
  historyItemId: string | null
  /** A song of the music page: shared through its own share link instead of a history item's. */
  songId?: string | null
  title: string
  /** The spoken text: the estimate of the duration reads it while the audio's is unknown. */
  text: string
  voiceId: string | null
  voiceName: string | null
  voiceDescription: string | null
  voiceCategory: string | null
  modelId: string | null
  settings: Record<string, unknown> | null
  dateUnix: number | null
  src: string
  /** The whole audio, once it has arrived (waveform and download without another request). */
  blob: Blob | null
  streaming: boolean
  /** The history item is known: download, share and feedback can use it. */
  loaded: boolean
  autoStart: boolean
  feedback: HistoryFeedback | null
  outputFormat: string | null
  /** Revoked when the item leaves the player (object URLs of streamed audio). */
  ownsSrc: boolean
  /** A voice preview in several languages: one URL each; the player offers a language picker. */
  languagePreviews?: readonly LanguagePreview[]
  /** The language of `src` among `languagePreviews`. */
  language?: string | null
  /** Where playing starts (seconds): a word a transcript reader clicked, a Studio block. */
  startAt?: number
}

export type LanguagePreview = { language: string; url: string }

type State = { item: PlayerItem | null; expanded: boolean; playing: boolean }

let state: State = { item: null, expanded: false, playing: false }
const listeners = new Set<() => void>()
let counter = 0
/** Set by the player bar, which owns the one <audio> element. */
let toggleAudio: (() => void) | null = null
let audioElement: HTMLAudioElement | null = null

function set(next: Partial<State>): void {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export type NewItem = Omit<PlayerItem, 'key' | 'ownsSrc' | 'blob' | 'streaming' | 'loaded' | 'feedback'> &
  Partial<Pick<PlayerItem, 'ownsSrc' | 'blob' | 'streaming' | 'loaded' | 'feedback'>>

// The playing position, for pages that follow along (a chapter's editor shows the block being
// read). Kept apart from the player's state so the time ticking re-renders only those pages.
const timeListeners = new Set<(seconds: number, key: string | null) => void>()

/** Listens to the position of the item on show while it plays or is moved. */
export function subscribePlayerTime(listener: (seconds: number, key: string | null) => void): () => void {
  timeListeners.add(listener)
  return () => timeListeners.delete(listener)
}

/** The player's actions; any component may call them. */
export const player = {
  publishTime(seconds: number): void {
    for (const listener of timeListeners) listener(seconds, state.item?.key ?? null)
  },
  load(item: NewItem): string {
    const previous = state.item
    if (previous?.ownsSrc) URL.revokeObjectURL(previous.src)
    const key = `item-${++counter}`
    set({
      item: {
        blob: null,
        streaming: false,
        loaded: false,
        feedback: null,
        ownsSrc: false,
        ...item,
        key,
      },
      playing: false,
    })
    return key
  },
  /** Changes the item only if it is still the one with this key. */
  update(key: string, patch: Partial<PlayerItem>): void {
    if (state.item?.key !== key) return
    set({ item: { ...state.item, ...patch } })
  },
  /** Feedback changed somewhere else (history page) for the item on show. */
  updateHistoryItem(historyItemId: string, patch: Partial<PlayerItem>): void {
    if (state.item?.historyItemId !== historyItemId) return
    set({ item: { ...state.item, ...patch } })
  },
  clear(): void {
    if (state.item?.ownsSrc) URL.revokeObjectURL(state.item.src)
    set({ item: null, playing: false, expanded: false })
  },
  setExpanded(expanded: boolean): void {
    set({ expanded })
  },
  setPlaying(playing: boolean): void {
    if (state.playing !== playing) set({ playing })
  },
  /** Play or pause the item on show. */
  toggle(): void {
    toggleAudio?.()
  },
  bindToggle(toggle: (() => void) | null): void {
    toggleAudio = toggle
  },
  bindAudio(element: HTMLAudioElement | null): void {
    audioElement = element
  },
  /** The one <audio> element, for views that follow the time (a transcript's current word). */
  audio(): HTMLAudioElement | null {
    return audioElement
  },
  /** Plays the item on show from `seconds`. */
  playFrom(seconds: number): void {
    if (!audioElement?.getAttribute('src')) return
    audioElement.currentTime = seconds
    audioElement.play().catch((error: unknown) => console.info('The browser blocked playback', error))
  },
  current(): PlayerItem | null {
    return state.item
  },
}

export function usePlayerState(): State {
  return useSyncExternalStore(subscribe, () => state)
}

/**
 * Plays audio that is no history item or voice (a Studio chapter, one take, a snapshot) from
 * its bytes: the player owns the object URL made for it and revokes it when the item leaves.
 */
export function playAudioBlob(
  blob: Blob,
  item: Pick<PlayerItem, 'type' | 'title' | 'outputFormat'> & { dateUnix?: number; startAt?: number },
): string {
  return player.load({
    historyItemId: null,
    text: '',
    voiceId: null,
    voiceName: null,
    voiceDescription: null,
    voiceCategory: null,
    modelId: null,
    settings: null,
    dateUnix: Math.floor(Date.now() / 1000),
    autoStart: true,
    ...item,
    src: URL.createObjectURL(blob),
    blob,
    ownsSrc: true,
  })
}
