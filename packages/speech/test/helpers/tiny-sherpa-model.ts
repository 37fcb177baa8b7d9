// Builds a tiny sherpa-onnx model folder (a TDNN CTC model, the kind of sherpa-onnx's "yesno"
// example) so the sherpa-onnx recogniser's real path (folder scan, the worker process, the
// native library, CTC decoding) runs in tests without model weights. The graph scores each
// feature frame: the token `Y` by the frame's mean log-mel energy, blank by a constant. Loud
// frames become `Y` and quiet ones blank, so a loud stretch is heard as one `Y` and silence as
// nothing.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  concat,
  type Field,
  FLOAT,
  INT64,
  int,
  msg,
  node,
  str,
  tensor,
  valueInfo,
} from './tiny-piper-model.js'

/** Log-mel dimensions the model reads (sherpa-onnx's yesno models use 23). */
export const TINY_SHERPA_FEATURES = 23
/** Mean log-mel energy (sherpa-onnx scales samples to 16-bit range) above which a frame is heard as `Y`. */
const LOUD = 0

export function buildTinySherpaModel(): Uint8Array {
  const nodes: Field[][] = [
    node('ReduceMean', ['features', 'last_axis'], ['energy']),
    // [blank, N, Y] scores: blank = LOUD, N = never, Y = the frame's energy.
    node('Mul', ['energy', 'pick_y'], ['y_part']),
    node('Add', ['y_part', 'bias'], ['scores']),
    node('LogSoftmax', ['scores'], ['log_probs']),
  ]
  const initializers = [
    tensor('last_axis', INT64, [1], [-1]),
    tensor('pick_y', FLOAT, [3], [0, 0, 1]),
    tensor('bias', FLOAT, [3], [LOUD, -100, 0]),
  ]
  const graph = [
    ...nodes.map((n) => msg(1, n)),
    str(2, 'tiny_tdnn'),
    ...initializers.map((t) => msg(5, t)),
    msg(11, valueInfo('features', FLOAT, ['N', 'T', TINY_SHERPA_FEATURES])),
    msg(12, valueInfo('log_probs', FLOAT, ['N', 'T', 3])),
  ]
  const metadata = msg(14, [str(1, 'vocab_size'), str(2, '3')])
  return concat([int(1, 8), str(2, 'timbre-test'), msg(7, graph), msg(8, [str(1, ''), int(2, 18)]), metadata])
}

/** Writes a model folder sherpa-onnx can load: `model.onnx` and `tokens.txt`. */
export function writeTinySherpaFolder(dir: string, options: { brokenModel?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'model.onnx'),
    options.brokenModel ? 'these bytes were never an ONNX model' : buildTinySherpaModel(),
  )
  writeFileSync(join(dir, 'tokens.txt'), '<blk> 0\nN 1\nY 2\n')
}
