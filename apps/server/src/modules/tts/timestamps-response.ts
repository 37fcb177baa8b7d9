import type { CharAlignment, PipelineChunk } from '@timbre/speech'
import { z } from 'zod'
import { charAlignment } from './tts.schemas.js'

// The bodies of the with-timestamps variants (text to speech and dialogue): the whole audio as
// base64 with its character timings, or one such JSON object per line while streaming. The
// dialogue variants add the voice segments: which input each stretch of audio and characters
// belongs to.

export const voiceSegment = z.object({
  voice_id: z.string(),
  start_time_seconds: z.number(),
  end_time_seconds: z.number(),
  character_start_index: z.number().int(),
  character_end_index: z.number().int(),
  dialogue_input_index: z.number().int(),
})
export type VoiceSegment = z.infer<typeof voiceSegment>

export const withTimestampsResponse = z.object({
  audio_base64: z.string(),
  alignment: charAlignment.nullable(),
  normalized_alignment: charAlignment.nullable(),
})

export const dialogueWithTimestampsResponse = withTimestampsResponse.extend({
  voice_segments: z.array(voiceSegment),
})

export function timestampsBody(
  audio: Uint8Array,
  alignment: CharAlignment | null,
  normalized: CharAlignment | null,
) {
  return {
    audio_base64: Buffer.from(audio).toString('base64'),
    alignment,
    normalized_alignment: normalized,
  }
}

/** One line of a with-timestamps stream: a JSON object ending in a newline. */
export function timestampsLine(chunk: PipelineChunk, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    `${JSON.stringify({ ...timestampsBody(chunk.audio, chunk.alignment, chunk.normalizedAlignment), ...extra })}\n`,
  )
}

export interface DialoguePiece {
  voiceId: string
  /** Index of the input in the request's `inputs` as sent. */
  inputIndex: number
}

/**
 * Voice segments of a dialogue, chunk by chunk: a chunk that starts a stretch of speech (it
 * carries timings) gets one segment with its time span and the range of its characters in the
 * whole response's alignment; later slices of the same audio carry none.
 */
export function voiceSegmentTracker(pieces: readonly DialoguePiece[]) {
  let characters = 0
  return (chunk: PipelineChunk): VoiceSegment[] => {
    if (!chunk.alignment) return []
    const piece = pieces[chunk.piece]
    if (!piece) return []
    const count = chunk.alignment.characters.length
    const segment: VoiceSegment = {
      voice_id: piece.voiceId,
      start_time_seconds: chunk.startSeconds,
      end_time_seconds: chunk.endSeconds,
      character_start_index: characters,
      character_end_index: characters + count,
      dialogue_input_index: piece.inputIndex,
    }
    characters += count
    return [segment]
  }
}

/** Joins the segments of one input that follow each other into one (the whole-response variant). */
export function mergeVoiceSegments(segments: readonly VoiceSegment[]): VoiceSegment[] {
  const out: VoiceSegment[] = []
  for (const segment of segments) {
    const last = out.at(-1)
    if (last && last.dialogue_input_index === segment.dialogue_input_index) {
      last.end_time_seconds = segment.end_time_seconds
      last.character_end_index = segment.character_end_index
    } else {
      out.push({ ...segment })
    }
  }
  return out
}
