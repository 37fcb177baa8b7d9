import type { Principal } from '../../plugins/auth.js'
import { type MusicDeps, type PreparedSong, prepareSong, renderChunks, renderWhole } from './compose-song.js'
import { createPlan } from './create-plan.js'
import {
  createFinetune,
  deleteFinetune,
  type FinetuneListQuery,
  getFinetune,
  listFinetunes,
  updateFinetune,
} from './finetunes.js'
import type { ComposeBody, OutputQuery, PlanBody } from './music.schemas.js'
import { listSongs, songAudio, songInfo, songStems } from './song-files.js'
import { sharedSong, sharedSongAudio, songShareLink } from './song-share.js'
import { separateStems, uploadSong } from './uploads.js'
import { prepareVideoSong } from './video-to-music.js'

/** Music: plans, and songs composed, charged and rendered. */
export function createMusicService(deps: MusicDeps) {
  return {
    plan: (_principal: Principal, body: PlanBody) => createPlan(body),

    prepare: (principal: Principal, requestId: string, body: ComposeBody, query: OutputQuery) =>
      prepareSong(deps, { principal, requestId, body, outputFormat: query.output_format }),

    renderWhole,

    prepareVideo: (input: Omit<Parameters<typeof prepareVideoSong>[1], never>) =>
      prepareVideoSong(deps, input),
    upload: (principal: Principal, file: Buffer, extractPlan: boolean) =>
      uploadSong(deps, principal, file, extractPlan),
    separateStems: (principal: Principal, file: Buffer, format: string | undefined) =>
      separateStems(deps, principal, file, format),
    listSongs: (principal: Principal, limit: number) => listSongs(deps, principal, limit),
    song: (principal: Principal, songId: string) => songInfo(deps, principal, songId),
    songAudio: (principal: Principal, songId: string, format?: string) =>
      songAudio(deps, principal, songId, format),
    songStems: (principal: Principal, songId: string, format?: string) =>
      songStems(deps, principal, songId, format),
    createFinetune: (principal: Principal, input: Parameters<typeof createFinetune>[2]) =>
      createFinetune(deps, principal, input),
    getFinetune: (principal: Principal, id: string) => getFinetune(deps, principal, id),
    listFinetunes: (principal: Principal, query: FinetuneListQuery) => listFinetunes(deps, principal, query),
    updateFinetune: (principal: Principal, id: string, patch: Parameters<typeof updateFinetune>[3]) =>
      updateFinetune(deps, principal, id, patch),
    deleteFinetune: (principal: Principal, id: string) => deleteFinetune(deps, principal, id),
    songShareLink: (principal: Principal, songId: string, origin: string) =>
      songShareLink(deps, principal, songId, origin),
    sharedSong: (token: string) => sharedSong(deps, token),
    sharedSongAudio: (token: string) => sharedSongAudio(deps, token),

    /** The song's chunks until the client goes away. */
    async *chunks(song: PreparedSong, signal: AbortSignal) {
      for await (const chunk of renderChunks(song)) {
        if (signal.aborted) return
        yield chunk
      }
    },

    /** A chunk about to be written: from now on it is charged. */
    delivered(song: PreparedSong, chunk: { bytes: Uint8Array; endMs: number }) {
      song.audioHash.update(chunk.bytes)
      song.recording.delivered({
        audio: chunk.bytes,
        alignment: null,
        characters: 0,
        piece: 0,
        endSeconds: chunk.endMs / 1000,
      })
    },
  }
}

export type MusicService = ReturnType<typeof createMusicService>
