// A whisper.cpp model file with Whisper's header and no weights: whisper.cpp loads such a file
// as an empty model (its own tests do the same), so the loading path runs without a download.

export interface TinyWhisperOptions {
  /** 51864 tokens is English-only; more is multilingual. */
  vocabulary?: number
  layers?: number
}

export function buildTinyWhisperModel(options: TinyWhisperOptions = {}): Buffer {
  const ints = (...values: number[]) => {
    const b = Buffer.alloc(4 * values.length)
    for (const [i, v] of values.entries()) b.writeInt32LE(v, 4 * i)
    return b
  }
  const layers = options.layers ?? 4
  const state = 8
  return Buffer.concat([
    ints(0x67676d6c),
    // vocabulary, audio context, state, heads, layers; text context, state, heads, layers; mels, float32
    ints(options.vocabulary ?? 51864, 1500, state, 2, layers, 448, state, 2, layers, 80, 0),
    // the mel filter bank (80 x 201), then an empty token list (whisper.cpp names the tokens)
    ints(80, 201),
    Buffer.alloc(80 * 201 * 4),
    ints(0),
  ])
}
