// A tiny ONNX model with Kokoro's inputs and output, and voice packs in Kokoro's file formats,
// so the Kokoro engine's real path (folder scan, voice packs, tokens, style rows, ONNX Runtime,
// alignment) runs in tests without model weights. The graph: every token id (pads included)
// becomes HOP samples of a sine whose frequency is proportional to the id, at a level equal to
// the first value of the style vector; speed / speed = 1 keeps the input in use.
// Output: `waveform` float [1, (n + 2) * HOP].
import { zipSync } from 'fflate'
import { dump } from 'npyjs'
import {
  concat,
  type Field,
  FLOAT,
  INT64,
  int,
  intAttribute,
  msg,
  node,
  str,
  tensor,
  valueInfo,
} from './tiny-piper-model.js'

export const KOKORO_HOP = 240
const SAMPLE_RATE = 24_000
const HZ_PER_ID = 20

export function buildTinyKokoroModel(options: { idsName?: string } = {}): Uint8Array {
  const ids = options.idsName ?? 'input_ids'
  const ramp = Array.from({ length: KOKORO_HOP }, (_, t) => (2 * Math.PI * HZ_PER_ID * t) / SAMPLE_RATE)
  const nodes: Field[][] = [
    node('Cast', [ids], ['ids_f'], [intAttribute('to', FLOAT)]),
    node('Unsqueeze', ['ids_f', 'axis2'], ['ids_3d']),
    node('Mul', ['ids_3d', 'ramp'], ['phase']),
    node('Sin', ['phase'], ['wave']),
    node('Gather', ['style', 'zero'], ['style_row']),
    node('Gather', ['style_row', 'zero'], ['level']),
    node('Mul', ['wave', 'level'], ['scaled']),
    node('Div', ['speed', 'speed'], ['one']),
    node('Mul', ['scaled', 'one'], ['kept']),
    node('Reshape', ['kept', 'out_shape'], ['waveform']),
  ]
  const initializers = [
    tensor('axis2', INT64, [1], [2]),
    tensor('ramp', FLOAT, [1, 1, KOKORO_HOP], ramp),
    tensor('zero', INT64, [], [0]),
    tensor('out_shape', INT64, [2], [1, -1]),
  ]
  const inputs = [
    valueInfo(ids, INT64, [1, 'tokens']),
    valueInfo('style', FLOAT, [1, 256]),
    valueInfo('speed', FLOAT, [1]),
  ]
  const graph = [
    ...nodes.map((n) => msg(1, n)),
    str(2, 'tiny_kokoro'),
    ...initializers.map((t) => msg(5, t)),
    ...inputs.map((i) => msg(11, i)),
    msg(12, valueInfo('waveform', FLOAT, [1, 'samples'])),
  ]
  return concat([int(1, 8), str(2, 'timbre-test'), msg(7, graph), msg(8, [str(1, ''), int(2, 13)])])
}

/** Kokoro's config.json for the tiny model: the real file's `vocab`, a small symbol set. */
export function tinyKokoroConfig(): object {
  const symbols = [
    ...';:,.!?—…"()“” ',
    ...'ʣʥʦʨᵝꭧAIOQSTWYᵊabcdefhijklmnopqrstuvwxyzɑɐɒæβɔɕçɖðʤəɚɛɜɟɡɥɨɪʝɯɰŋɳɲɴøɸθœɹɾɻʁɽʂʃʈʧʊʋʌɣɤχʎʒʔˈˌːʰʲ↓→↗↘ᵻ',
  ]
  return {
    istftnet: { upsample_rates: [10, 6] },
    n_token: symbols.length + 1,
    vocab: Object.fromEntries([...new Set(symbols)].map((s, i) => [s, i + 1])),
  }
}

/** A voice pack [510, 1, 256]: row r's first value (the tiny model's level) is base + r / 10,000. */
export function voicePack(base: number): Float32Array {
  const pack = new Float32Array(510 * 256)
  for (let r = 0; r < 510; r++) pack[r * 256] = base + r / 10_000
  return pack
}

export function npyBytes(pack: Float32Array): Uint8Array {
  return new Uint8Array(dump(pack, [510, 1, 256]))
}

/** A voices archive as kokoro-onnx ships it: a zip of `<voice>.npy`. */
export function voicesArchive(voices: Record<string, Float32Array>): Uint8Array {
  return zipSync(
    Object.fromEntries(Object.entries(voices).map(([name, pack]) => [`${name}.npy`, npyBytes(pack)])),
  )
}
