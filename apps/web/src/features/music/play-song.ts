import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { player } from '../player/player-store'

/** Plays a song in the persistent player: from a URL, or from a blob it owns. */
export function playSong(input: {
  title: string
  label: string
  songId: string | null
  src: string
  blob?: Blob
  ownsSrc: boolean
}) {
  player.load({
    type: 'music',
    historyItemId: null,
    songId: input.songId,
    title: input.title,
    text: input.title,
    voiceId: null,
    voiceName: input.label,
    voiceDescription: null,
    voiceCategory: null,
    modelId: 'music_v1',
    settings: null,
    dateUnix: Math.floor(Date.now() / 1000),
    autoStart: true,
    outputFormat: DEFAULT_OUTPUT_FORMAT,
    src: input.src,
    ...(input.blob ? { blob: input.blob } : {}),
    ownsSrc: input.ownsSrc,
  })
}
