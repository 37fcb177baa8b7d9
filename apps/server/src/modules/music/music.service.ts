import type { Principal } from '../../plugins/auth.js'
import { type MusicDeps, type PreparedSong, prepareSong, renderChunks, renderWhole } from './compose-song.js'
import { createPlan } from './create-plan.js'
import type { ComposeBody, OutputQuery, PlanBody } from './music.schemas.js'

/** Music: plans, and songs composed, charged and rendered. */
export function createMusicService(deps: MusicDeps) {
  return {
    plan: (_principal: Principal, body: PlanBody) => createPlan(body),

    prepare: (principal: Principal, requestId: string, body: ComposeBody, query: OutputQuery) =>
      prepareSong(deps, { principal, requestId, body, outputFormat: query.output_format }),

    renderWhole,

    /** The song's chunks until the client goes away. */
    async *chunks(song: PreparedSong, signal: AbortSignal) {
      for await (const chunk of renderChunks(song)) {
        if (signal.aborted) return
        yield chunk
      }
    },

    /** A chunk about to be written: from now on it is charged. */
    delivered(song: PreparedSong, chunk: { bytes: Uint8Array; endMs: number }) {
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
