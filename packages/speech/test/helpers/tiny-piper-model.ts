// Builds a tiny ONNX model with Piper's inputs and output, so the neural engine's real code
// path (ONNX Runtime, phoneme ids, speakers, scales, alignment) runs in tests without model
// weights. The graph: every phoneme id becomes HOP samples of a sine whose frequency is
// proportional to the id, scaled by `scales[0]` (noise_scale) and, with speakers, by
// 1 + sid / 10. Output: float [1, 1, N * HOP].
//
// ONNX files are protobuf; the few message fields used here are written by hand (field numbers
// from onnx.proto), which keeps the test free of a protobuf code generator.

export const TINY_HOP = 256
export const TINY_SAMPLE_RATE = 16_000
/** Hz of the sine per unit of phoneme id. */
export const TINY_HZ_PER_ID = 20

export type Field = Uint8Array

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value))
  const out: number[] = []
  do {
    let byte = Number(v & 0x7fn)
    v >>= 7n
    if (v > 0n) byte |= 0x80
    out.push(byte)
  } while (v > 0n)
  return out
}

export function concat(parts: readonly Field[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}

const key = (field: number, wire: number) => varint((field << 3) | wire)
export const int = (field: number, value: number | bigint): Field =>
  new Uint8Array([...key(field, 0), ...varint(value)])
export const bytes = (field: number, data: Uint8Array): Field =>
  concat([new Uint8Array([...key(field, 2), ...varint(data.length)]), data])
export const str = (field: number, value: string): Field => bytes(field, new TextEncoder().encode(value))
export const msg = (field: number, parts: readonly Field[]): Field => bytes(field, concat(parts))

export const FLOAT = 1
export const INT64 = 7

export function tensor(name: string, type: number, dims: number[], values: number[]): Field[] {
  const raw =
    type === FLOAT
      ? new Uint8Array(Float32Array.from(values).buffer)
      : new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer)
  return [...dims.map((d) => int(1, d)), int(2, type), str(8, name), bytes(9, raw)]
}

export function valueInfo(name: string, type: number, dims: Array<number | string>): Field[] {
  const dim = dims.map((d) => msg(1, [typeof d === 'number' ? int(1, d) : str(2, d)]))
  return [str(1, name), msg(2, [msg(1, [int(1, type), msg(2, dim)])])]
}

export function node(op: string, inputs: string[], outputs: string[], attributes: Field[][] = []): Field[] {
  return [
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, `${op}_${outputs[0]}`),
    str(4, op),
    ...attributes.map((a) => msg(5, a)),
  ]
}

export const intAttribute = (name: string, value: number): Field[] => [
  str(1, name),
  int(3, value),
  int(20, 2),
]

export interface TinyModelOptions {
  /** Adds the `sid` input (multi-speaker voice). */
  speakers?: boolean
  /** Renames the first input, to build a model that does not match Piper's interface. */
  inputName?: string
}

/** The bytes of the ONNX model. */
export function buildTinyPiperModel(options: TinyModelOptions = {}): Uint8Array {
  const input = options.inputName ?? 'input'
  const ramp = Array.from(
    { length: TINY_HOP },
    (_, t) => (2 * Math.PI * TINY_HZ_PER_ID * t) / TINY_SAMPLE_RATE,
  )
  const nodes: Field[][] = [
    node('Cast', [input], ['ids_f'], [intAttribute('to', FLOAT)]),
    node('Unsqueeze', ['ids_f', 'axis2'], ['ids_3d']),
    node('Mul', ['ids_3d', 'ramp'], ['phase']),
    node('Sin', ['phase'], ['wave']),
    node('Gather', ['scales', 'zero'], ['noise']),
    node('Mul', ['wave', 'noise'], ['scaled']),
    // input_lengths / input_lengths = 1: the input is used, as a real model does.
    node('Cast', ['input_lengths'], ['len_f'], [intAttribute('to', FLOAT)]),
    node('Div', ['len_f', 'len_f'], ['one']),
    node('Mul', ['scaled', 'one'], ['level']),
  ]
  let last = 'level'
  if (options.speakers) {
    nodes.push(
      node('Cast', ['sid'], ['sid_f'], [intAttribute('to', FLOAT)]),
      node('Mul', ['sid_f', 'tenth'], ['sid_part']),
      node('Add', ['sid_part', 'unit'], ['gain']),
      node('Mul', ['level', 'gain'], ['voiced']),
    )
    last = 'voiced'
  }
  nodes.push(node('Reshape', [last, 'out_shape'], ['output']))
  const initializers = [
    tensor('axis2', INT64, [1], [2]),
    tensor('ramp', FLOAT, [1, 1, TINY_HOP], ramp),
    tensor('zero', INT64, [], [0]),
    tensor('out_shape', INT64, [3], [1, 1, -1]),
    tensor('tenth', FLOAT, [1], [0.1]),
    tensor('unit', FLOAT, [1], [1]),
  ].filter((_t, i) => options.speakers || i < 4)
  const inputs = [
    valueInfo(input, INT64, [1, 'phonemes']),
    valueInfo('input_lengths', INT64, [1]),
    valueInfo('scales', FLOAT, [3]),
    ...(options.speakers ? [valueInfo('sid', INT64, [1])] : []),
  ]
  const graph = [
    ...nodes.map((n) => msg(1, n)),
    str(2, 'tiny_piper'),
    ...initializers.map((t) => msg(5, t)),
    ...inputs.map((i) => msg(11, i)),
    msg(12, valueInfo('output', FLOAT, [1, 1, 'time'])),
  ]
  return concat([int(1, 8), str(2, 'timbre-test'), msg(7, graph), msg(8, [str(1, ''), int(2, 13)])])
}

/** A Piper voice config for the tiny model: the real file's fields, a small phoneme map. */
export function tinyPiperConfig(options: { speakers?: string[]; espeakVoice?: string } = {}): object {
  const symbols = ['_', '^', '$', ' ', '!', "'", ',', '-', '.', ':', ';', '?']
  const ipa = [
    ...'abcdefhijklmnopqrstuvwxyzæçðøħŋœǀǁǂǃɐɑɒɓɔɕɖɗɘəɚɛɜɞɟɠɡɢɣɤɥɦɧɨɪɫɬɭɮɯɰɱɲɳɴɵɶɸɹɺɻɽɾʀʁʂʃʄʈʉʊʋʌʍʎʏʐʑʒʔʕʘʙʛʜʝʟʡʢʲˈˌːˑ˞βθχᵻⱱ',
  ]
  const phonemeIdMap: Record<string, number[]> = {}
  for (const [i, s] of [...symbols, ...ipa].entries()) phonemeIdMap[s] = [i]
  const speakers = options.speakers ?? []
  return {
    dataset: 'tiny',
    audio: { sample_rate: TINY_SAMPLE_RATE, quality: 'x_low' },
    espeak: { voice: options.espeakVoice ?? 'en-us' },
    language: { code: 'en_US', family: 'en', region: 'US', name_english: 'English' },
    inference: { noise_scale: 0.667, length_scale: 1, noise_w: 0.8 },
    phoneme_type: 'espeak',
    phoneme_id_map: phonemeIdMap,
    num_symbols: symbols.length + ipa.length,
    num_speakers: Math.max(1, speakers.length),
    speaker_id_map: Object.fromEntries(speakers.map((s, i) => [s, i])),
    piper_version: '1.0.0',
  }
}
