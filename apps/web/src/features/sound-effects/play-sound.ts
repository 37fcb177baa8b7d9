import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { player } from '../player/player-store'

/** Plays a sound effect's audio (by URL) in the persistent player. */
export function playSound(title: string, src: string, label: string, historyItemId: string | null = null) {
  player.load({
    type: 'soundEffect',
    historyItemId,
    title,
    text: title,
    voiceId: null,
    voiceName: label,
    voiceDescription: null,
    voiceCategory: null,
    modelId: null,
    settings: null,
    dateUnix: Math.floor(Date.now() / 1000),
    autoStart: true,
    outputFormat: DEFAULT_OUTPUT_FORMAT,
    src,
    ownsSrc: false,
  })
}
