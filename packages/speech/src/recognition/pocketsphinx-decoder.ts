// One PocketSphinx decoder (its configuration and search) and the reading of its results: opened
// with the US English model, fed 16-bit samples, read back as timed words.
import { callAsync, EN_US_MODEL_DIR, FRAMES_PER_SECOND, pocketsphinx } from './pocketsphinx-library.js'
import type { RecognisedWord } from './recogniser.js'

export interface Decoder {
  handle: unknown
  config: unknown
}

/** Filler and sentence marks the decoder emits between words. */
export function isFiller(word: string): boolean {
  return word.startsWith('<') || word.startsWith('[') || word.startsWith('+') || word === '</s>'
}

/** A dictionary word without its alternative-pronunciation mark: `read(2)` is `read`. */
function baseWord(word: string): string {
  return word.replace(/\(\d+\)$/, '')
}

export function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!))
    out[i] = Math.round(v * 32767)
  }
  return out
}

function decoderConfig(extra: string[]): unknown {
  const ps = pocketsphinx()
  const argv = [
    '-hmm',
    `${EN_US_MODEL_DIR}/en-us`,
    '-dict',
    `${EN_US_MODEL_DIR}/cmudict-en-us.dict`,
    ...(extra.includes('-jsgf') ? [] : ['-lm', `${EN_US_MODEL_DIR}/en-us.lm.bin`]),
    ...extra,
  ]
  const config = ps.cmd_ln_parse_r(null, ps.ps_args(), argv.length, argv, 1)
  if (!config) throw new Error('PocketSphinx refused its configuration')
  return config
}

function opened(config: unknown, handle: unknown): Decoder {
  const ps = pocketsphinx()
  if (!handle) {
    ps.cmd_ln_free_r(config)
    throw new Error('PocketSphinx could not load its US English model')
  }
  return { handle, config }
}

export function openDecoder(extra: string[] = []): Decoder {
  const config = decoderConfig(extra)
  return opened(config, pocketsphinx().ps_init(config))
}

/**
 * A decoder opened on libuv's thread pool: loading the model takes most of a second of CPU,
 * which the event loop (every other session's audio) must not wait for.
 */
export async function openDecoderOffThread(extra: string[] = []): Promise<Decoder> {
  const config = decoderConfig(extra)
  return opened(config, await callAsync(pocketsphinx().ps_init, config))
}

export function closeDecoder(decoder: Decoder): void {
  const ps = pocketsphinx()
  ps.ps_free(decoder.handle)
  ps.cmd_ln_free_r(decoder.config)
}

/** The words of the decoder's current best hypothesis (mid-utterance: the first pass's). */
export function hypothesisText(decoder: Decoder): string {
  const hyp = pocketsphinx().ps_get_hyp(decoder.handle, [0])
  if (!hyp) return ''
  return hyp
    .split(/\s+/)
    .filter((w) => w && !isFiller(w))
    .map(baseWord)
    .join(' ')
}

/** The timed words of the utterance the decoder has just ended. */
export function finishedWords(decoder: Decoder): RecognisedWord[] {
  const ps = pocketsphinx()
  if (!ps.ps_get_hyp(decoder.handle, [0])) return []
  const lmath = ps.ps_get_logmath(decoder.handle)
  const words: RecognisedWord[] = []
  for (let seg = ps.ps_seg_iter(decoder.handle); seg; seg = ps.ps_seg_next(seg)) {
    const raw = ps.ps_seg_word(seg)
    if (isFiller(raw)) continue
    const sf: [number] = [0]
    const ef: [number] = [0]
    ps.ps_seg_frames(seg, sf, ef)
    const posterior = ps.ps_seg_prob(seg, [0], [0], [0])
    words.push({
      text: baseWord(raw),
      start: sf[0] / FRAMES_PER_SECOND,
      end: (ef[0] + 1) / FRAMES_PER_SECOND,
      logprob: Math.min(0, ps.logmath_log_to_ln(lmath, posterior)),
    })
  }
  return words
}

/** A whole utterance decoded at once (the batch path: features normalised over all of it). */
export async function decodeWhole(decoder: Decoder, samples: Float32Array): Promise<RecognisedWord[]> {
  const ps = pocketsphinx()
  const pcm = toInt16(samples)
  if (ps.ps_start_utt(decoder.handle) < 0) throw new Error('PocketSphinx could not start an utterance')
  await callAsync(ps.ps_process_raw, decoder.handle, pcm, pcm.length, 0, 1)
  await callAsync(ps.ps_end_utt, decoder.handle)
  return finishedWords(decoder)
}
