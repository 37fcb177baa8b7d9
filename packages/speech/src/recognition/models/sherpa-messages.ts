// The messages between the server and a sherpa-onnx model's worker process.
export type SherpaRequest =
  | { type: 'load'; config: object }
  | { type: 'recognise'; id: number; samples: Float32Array; sampleRate: number }

export type SherpaReply =
  | { type: 'loaded' }
  | { type: 'load_failed'; message: string }
  | { type: 'result'; id: number; result: unknown }
  | { type: 'failed'; id: number; message: string }

/** What sherpa-onnx answers for one utterance (the fields used here). */
export interface SherpaResult {
  text: string
  tokens?: string[]
  /** Seconds from the utterance's start at which each token was emitted. */
  timestamps?: number[]
  ys_log_probs?: number[]
  lang?: string
}
