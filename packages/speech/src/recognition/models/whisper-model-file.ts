// What a whisper.cpp model file (ggml) says about itself in its header: the hyper-parameters
// that tell a multilingual model from an English-only one and name its size. Read before the
// model is handed to whisper.cpp, so a file that is not a model is named in a warning instead
// of reaching the native loader.
import { closeSync, openSync, readSync, statSync } from 'node:fs'

/** `ggml` in the file's first four bytes, read as a little-endian integer. */
const GGML_MAGIC = 0x67676d6c
/** English-only Whisper models have this many tokens; multilingual ones have more. */
const ENGLISH_ONLY_VOCAB = 51864
/** The header: magic, eleven hyper-parameters, then the mel filter bank's two sizes. */
const HEADER_BYTES = 4 * 14

const SIZES: Record<number, string> = { 4: 'tiny', 6: 'base', 12: 'small', 24: 'medium', 32: 'large' }

export class WhisperModelError extends Error {}

export interface WhisperModelHeader {
  vocabulary: number
  audioLayers: number
  audioState: number
  mels: number
  multilingual: boolean
  /** tiny, base, small, medium, large, or custom for a layer count Whisper never shipped. */
  size: string
  bytes: number
}

export function readWhisperHeader(path: string): WhisperModelHeader {
  const bytes = statSync(path).size
  if (bytes < HEADER_BYTES) throw new WhisperModelError('the file is too short to be a whisper.cpp model')
  const head = Buffer.alloc(HEADER_BYTES)
  const fd = openSync(path, 'r')
  try {
    readSync(fd, head, 0, HEADER_BYTES, 0)
  } finally {
    closeSync(fd)
  }
  const int = (i: number) => head.readInt32LE(4 * i)
  if (int(0) >>> 0 !== GGML_MAGIC)
    throw new WhisperModelError('not a whisper.cpp model (its first bytes are not the ggml magic)')
  const [vocabulary, audioCtx, audioState, audioHeads, audioLayers] = [int(1), int(2), int(3), int(4), int(5)]
  const [textState, textLayers, mels, filterMels] = [int(7), int(9), int(10), int(12)]
  const plausible =
    vocabulary >= ENGLISH_ONLY_VOCAB &&
    vocabulary < 60_000 &&
    audioCtx === 1500 &&
    audioState > 0 &&
    audioState === textState &&
    audioHeads > 0 &&
    audioState % audioHeads === 0 &&
    audioLayers > 0 &&
    audioLayers <= 64 &&
    textLayers > 0 &&
    textLayers <= 64 &&
    (mels === 80 || mels === 128) &&
    filterMels === mels
  if (!plausible) throw new WhisperModelError('its header does not describe a Whisper model')
  return {
    vocabulary,
    audioLayers,
    audioState,
    mels,
    multilingual: vocabulary > ENGLISH_ONLY_VOCAB,
    size: SIZES[audioLayers] ?? 'custom',
    bytes,
  }
}
