// Messages between the service and its worker threads (structured clone; audio buffers
// are transferred, not copied).

import type { AlignedSpan } from '../alignment/synthesis-alignment.js'
import type { ConversionOpened, ConversionRequest } from '../conversion/conversion-session.js'
import type { VoiceProfile } from '../conversion/convert-voice.js'
import type { SerializedSpeechError } from '../errors.js'
import type { OutputFormat } from '../formats/output-formats.js'
import type { SegmentAudio, SegmentJob } from '../synthesis/segment-job.js'
import type { WarmUpReport } from '../synthesis/warm-up.js'

export type WorkerTask =
  /** `pad`: samples of silence the thread adds before and after the segment's audio. */
  | { type: 'render'; job: SegmentJob; pad?: { lead: number; tail: number } }
  | { type: 'encode-open'; session: number; format: OutputFormat }
  /**
   * Encodes `from`-`to` of the session's held chunk; `samples`, when present, is a new chunk
   * that replaces it (transferred once, then encoded range by range).
   */
  | { type: 'encode'; session: number; samples?: Float32Array; from: number; to: number; final: boolean }
  | { type: 'encode-drop'; session: number }
  | { type: 'convert-open'; session: number; request: ConversionRequest }
  | { type: 'convert-next'; session: number }
  | { type: 'convert-drop'; session: number }
  | { type: 'profile'; samples: Float32Array; rate: number }
  /** A known text's word times in a recording, by lining it up with its own synthesis. */
  | {
      type: 'align-synthesis'
      samples: Float32Array
      rate: number
      text: string
      words: Array<{ from: number; to: number }>
      language: string
    }
  /** One short phrase through each engine family, sent by the pool to an idle new render thread. */
  | { type: 'warm' }
  /** This thread's memory (V8 heap, and external memory such as WebAssembly instances). */
  | { type: 'memory' }
  /** Test hook: makes the worker thread die as a crashing engine would. */
  | { type: 'crash' }

export interface ThreadMemory {
  threadId: number
  heapUsedMb: number
  externalMb: number
  /** The thread's OS scheduling niceness, where the system tells it. */
  niceness: number | null
}

export type TaskResult =
  | SegmentAudio
  | Uint8Array
  | Float32Array
  | ConversionOpened
  | VoiceProfile
  | AlignedSpan[]
  | ThreadMemory
  | WarmUpReport
  | null

export type WorkerRequest = WorkerTask & { id: number }

export type WorkerReply =
  | { id: number; ok: true; result: TaskResult }
  | { id: number; ok: false; error: SerializedSpeechError }
