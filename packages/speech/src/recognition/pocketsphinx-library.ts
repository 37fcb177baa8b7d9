// The PocketSphinx C library (Debian's libpocketsphinx3 with its US English model) called
// through koffi: no compiler and no command line per request. Decoding runs on libuv's thread
// pool (koffi's async calls) so the event loop stays free; one decoder serves one request at
// a time, its owner queues the rest.
import { existsSync } from 'node:fs'
import koffi from 'koffi'

export const POCKETSPHINX_SAMPLE_RATE = 16_000
/** The decoder's frame rate: 100 frames a second (10 ms hop). */
export const FRAMES_PER_SECOND = 100

export const EN_US_MODEL_DIR = process.env.POCKETSPHINX_MODEL_DIR ?? '/usr/share/pocketsphinx/model/en-us'

const LIBRARY_NAMES = ['libpocketsphinx.so.3', 'libpocketsphinx.so']
const SPHINXBASE_NAMES = ['libsphinxbase.so.3', 'libsphinxbase.so']

interface Bindings {
  ps_args: () => unknown
  cmd_ln_parse_r: (inout: unknown, defn: unknown, argc: number, argv: string[], strict: number) => unknown
  cmd_ln_free_r: (config: unknown) => number
  /** (config); loads the model, so it is also called on libuv's thread pool. */
  ps_init: ((config: unknown) => unknown) & AsyncCall
  ps_free: (ps: unknown) => number
  ps_add_word: (ps: unknown, word: string, phones: string, update: number) => number
  ps_lookup_word: (ps: unknown, word: string) => string | null
  ps_start_utt: (ps: unknown) => number
  ps_start_stream: (ps: unknown) => number
  ps_get_lm: (ps: unknown, name: string) => unknown
  ngram_model_add_word: (lm: unknown, word: string, weight: number) => number
  /** (ps, data, samples, noSearch, fullUtterance) */
  ps_process_raw: AsyncCall
  /** (ps) */
  ps_end_utt: AsyncCall
  ps_get_hyp: (ps: unknown, score: [number]) => string | null
  ps_seg_iter: (ps: unknown) => unknown
  ps_seg_next: (seg: unknown) => unknown
  ps_seg_word: (seg: unknown) => string
  ps_seg_frames: (seg: unknown, sf: [number], ef: [number]) => void
  ps_seg_prob: (seg: unknown, ascr: [number], lscr: [number], lback: [number]) => number
  ps_get_logmath: (ps: unknown) => unknown
  logmath_log_to_ln: (lmath: unknown, value: number) => number
}

/** A foreign function also callable on libuv's thread pool, its result to a callback. */
interface AsyncCall {
  async: (...args: unknown[]) => void
}

let bindings: Bindings | undefined

function openFirst(names: string[]): ReturnType<typeof koffi.load> {
  let last: unknown
  for (const name of names) {
    try {
      return koffi.load(name)
    } catch (error) {
      last = error
    }
  }
  throw new Error(
    `The PocketSphinx library is not installed (apt-get install pocketsphinx pocketsphinx-en-us): ${String(last)}`,
  )
}

/** Loads the library once; throws a clear error when it or the model is missing. */
export function pocketsphinx(): Bindings {
  if (bindings) return bindings
  if (!existsSync(`${EN_US_MODEL_DIR}/en-us/mdef`)) {
    throw new Error(
      `The PocketSphinx US English model is not installed at ${EN_US_MODEL_DIR} (apt-get install pocketsphinx-en-us)`,
    )
  }
  const ps = openFirst(LIBRARY_NAMES)
  const base = openFirst(SPHINXBASE_NAMES)
  const opaque = koffi.pointer(koffi.opaque('ps_opaque'))
  const outInt = koffi.out(koffi.pointer('int32'))
  // The library's log is one global stream: switched off here, once, rather than by each
  // decoder's `-logfn` (which reopens the global stream, a race when decoders are opened on
  // libuv's threads while others are opened or decoding).
  base.func('err_set_logfp', 'void', [opaque])(null)
  bindings = {
    ps_args: ps.func('ps_args', opaque, []),
    cmd_ln_parse_r: base.func('cmd_ln_parse_r', opaque, [opaque, opaque, 'int32', 'const char **', 'int32']),
    cmd_ln_free_r: base.func('cmd_ln_free_r', 'int32', [opaque]),
    ps_init: ps.func('ps_init', opaque, [opaque]),
    ps_free: ps.func('ps_free', 'int', [opaque]),
    ps_add_word: ps.func('ps_add_word', 'int', [opaque, 'const char *', 'const char *', 'int']),
    ps_lookup_word: ps.func('ps_lookup_word', 'const char *', [opaque, 'const char *']),
    ps_start_utt: ps.func('ps_start_utt', 'int', [opaque]),
    ps_start_stream: ps.func('ps_start_stream', 'int', [opaque]),
    ps_get_lm: ps.func('ps_get_lm', opaque, [opaque, 'const char *']),
    ngram_model_add_word: base.func('ngram_model_add_word', 'int32', [opaque, 'const char *', 'float']),
    ps_process_raw: ps.func('ps_process_raw', 'int', [opaque, 'const int16_t *', 'size_t', 'int', 'int']),
    ps_end_utt: ps.func('ps_end_utt', 'int', [opaque]),
    ps_get_hyp: ps.func('ps_get_hyp', 'const char *', [opaque, outInt]),
    ps_seg_iter: ps.func('ps_seg_iter', opaque, [opaque]),
    ps_seg_next: ps.func('ps_seg_next', opaque, [opaque]),
    ps_seg_word: ps.func('ps_seg_word', 'const char *', [opaque]),
    ps_seg_frames: ps.func('ps_seg_frames', 'void', [opaque, outInt, outInt]),
    ps_seg_prob: ps.func('ps_seg_prob', 'int32', [opaque, outInt, outInt, outInt]),
    ps_get_logmath: ps.func('ps_get_logmath', opaque, [opaque]),
    logmath_log_to_ln: base.func('logmath_log_to_ln', 'double', [opaque, 'int32']),
  } as unknown as Bindings
  return bindings
}

export function callAsync<R>(fn: AsyncCall, ...args: unknown[]): Promise<R> {
  return new Promise((resolve, reject) => {
    fn.async(...args, (error: unknown, result: R) => {
      if (error) reject(error)
      else resolve(result)
    })
  })
}
