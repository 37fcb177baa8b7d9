import { appendAlignment, emptyAlignment } from '@timbre/speech'
import type { DeliveredChunk } from '../../platform/generation/recorder.js'

/** The audio of a recording in order, with how much of it went to the client. */
export function createKeptAudio() {
  const parts: Uint8Array[] = []
  const alignment = emptyAlignment()
  const deliveredAlignment = emptyAlignment()
  let seconds = 0
  let deliveredSeconds = 0
  let deliveredParts = 0
  return {
    add(chunk: DeliveredChunk, delivered: boolean): void {
      parts.push(chunk.audio)
      appendAlignment(alignment, chunk.alignment)
      seconds = Math.max(seconds, chunk.endSeconds)
      if (!delivered) return
      // Delivery is in order: what went out is everything kept up to here.
      deliveredParts = parts.length
      appendAlignment(deliveredAlignment, chunk.alignment)
      deliveredSeconds = Math.max(deliveredSeconds, chunk.endSeconds)
    },
    /** Everything kept, or only the part that reached the client. */
    snapshot(deliveredOnly: boolean) {
      return deliveredOnly
        ? { parts: parts.slice(0, deliveredParts), seconds: deliveredSeconds, alignment: deliveredAlignment }
        : { parts, seconds, alignment }
    },
  }
}

export type KeptSnapshot = ReturnType<ReturnType<typeof createKeptAudio>['snapshot']>
