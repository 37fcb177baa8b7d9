import type { AudioNativeRow } from './audio-native.repository.js'
import { type AudioNativeDeps, createAudioNativeContext } from './audio-native-context.js'
import type { AudioNativeForm } from './audio-native-form.js'
import { allowedProject, playerAudio, playerView, recordPlay } from './player-access.js'
import {
  convertAgain,
  createPlayer,
  publishConverted,
  updateContent,
  updateFromUrl,
} from './player-content.js'
import { listPlayers, playerAnalytics, removePlayer, updateSettings } from './player-settings.js'

// Audio Native players: creation with appearance and voice, new content from an uploaded page
// or a fetched URL (each content change converts again as a job), settings, the URL allowlist,
// and what the embedded player may see. Every caller's lookup is within their workspace. The
// use cases live in player-content, player-settings and player-access; this file composes them
// over one set of dependencies.

export type { AudioNativeDeps } from './audio-native-context.js'

type Args<F> = F extends (ctx: never, ...args: infer A) => unknown ? A : never

export function createAudioNativeService(deps: AudioNativeDeps) {
  const ctx = createAudioNativeContext(deps)
  return {
    snippet: ctx.snippet,
    view: (row: AudioNativeRow) => ctx.view(row),
    settings: ctx.settings,
    create: (...args: Args<typeof createPlayer>) => createPlayer(ctx, ...args),
    updateContent: (...args: Args<typeof updateContent>) => updateContent(ctx, ...args),
    /** The spec's content call: the page at `url` is fetched again and its player re-converted. */
    updateFromUrl: (...args: Args<typeof updateFromUrl>) => updateFromUrl(ctx, ...args),
    convert: (...args: Args<typeof convertAgain>) => convertAgain(ctx, ...args),
    publish: (...args: Args<typeof publishConverted>) => publishConverted(ctx, ...args),
    list: (...args: Args<typeof listPlayers>) => listPlayers(ctx, ...args),
    updateSettings: (...args: Args<typeof updateSettings>) => updateSettings(ctx, ...args),
    remove: (...args: Args<typeof removePlayer>) => removePlayer(ctx, ...args),
    analytics: (...args: Args<typeof playerAnalytics>) => playerAnalytics(ctx, ...args),
    allowedProject: (...args: Args<typeof allowedProject>) => allowedProject(ctx, ...args),
    player: (...args: Args<typeof playerView>) => playerView(ctx, ...args),
    audio: (...args: Args<typeof playerAudio>) => playerAudio(ctx, ...args),
    recordPlay: (...args: Args<typeof recordPlay>) => recordPlay(ctx, ...args),
  }
}

export type AudioNativeService = ReturnType<typeof createAudioNativeService>
export type { AudioNativeForm }
