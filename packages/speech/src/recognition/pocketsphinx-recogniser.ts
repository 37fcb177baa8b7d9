// US English recognition and forced alignment with PocketSphinx. Each call decodes one
// utterance on a decoder of its own (taken from a small pool), so concurrent requests never
// share decoder state; words missing from the dictionary (keyterms, aligned text) are spelled
// out for a decoder made for that one request, which is freed afterwards, so one workspace's
// words never reach another's results.
import { ipaToArpabet } from '../engines/ipa-to-arpabet.js'
import { callAsync, EN_US_MODEL_DIR, FRAMES_PER_SECOND, pocketsphinx } from './pocketsphinx-library.js'
import { type RecognisedWord, type RecogniseOptions, type Recogniser, vocabularyWords } from './recogniser.js'

/** Spells a word in ARPAbet for the decoder's dictionary (a grapheme-to-phoneme step). */
export type Speller = (word: string) => Promise<string | null>

interface Decoder {
  handle: unknown
  config: unknown
}

/** The name PocketSphinx gives the search it builds from the configuration. */
const DEFAULT_SEARCH = '_default'
/** How many times a uniform share of the vocabulary a keyterm's unigram probability is. */
const KEYTERM_WEIGHT = 2000

/** Filler and sentence marks the decoder emits between words. */
function isFiller(word: string): boolean {
  return word.startsWith('<') || word.startsWith('[') || word.startsWith('+') || word === '</s>'
}

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!))
    out[i] = Math.round(v * 32767)
  }
  return out
}

function openDecoder(extra: string[] = []): Decoder {
  const ps = pocketsphinx()
  const argv = [
    '-hmm',
    `${EN_US_MODEL_DIR}/en-us`,
    '-dict',
    `${EN_US_MODEL_DIR}/cmudict-en-us.dict`,
    '-logfn',
    '/dev/null',
    ...(extra.includes('-jsgf') ? [] : ['-lm', `${EN_US_MODEL_DIR}/en-us.lm.bin`]),
    ...extra,
  ]
  const config = ps.cmd_ln_parse_r(null, ps.ps_args(), argv.length, argv, 1)
  if (!config) throw new Error('PocketSphinx refused its configuration')
  const handle = ps.ps_init(config)
  if (!handle) {
    ps.cmd_ln_free_r(config)
    throw new Error('PocketSphinx could not load its US English model')
  }
  return { handle, config }
}

function closeDecoder(decoder: Decoder): void {
  const ps = pocketsphinx()
  ps.ps_free(decoder.handle)
  ps.cmd_ln_free_r(decoder.config)
}

async function decode(decoder: Decoder, samples: Float32Array): Promise<RecognisedWord[]> {
  const ps = pocketsphinx()
  const pcm = toInt16(samples)
  if (ps.ps_start_utt(decoder.handle) < 0) throw new Error('PocketSphinx could not start an utterance')
  await callAsync(ps.ps_process_raw, decoder.handle, pcm, pcm.length, 0, 1)
  await callAsync(ps.ps_end_utt, decoder.handle)
  const score: [number] = [0]
  if (!ps.ps_get_hyp(decoder.handle, score)) return []
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
      text: raw.replace(/\(\d+\)$/, ''),
      start: sf[0] / FRAMES_PER_SECOND,
      end: (ef[0] + 1) / FRAMES_PER_SECOND,
      logprob: Math.min(0, ps.logmath_log_to_ln(lmath, posterior)),
    })
  }
  return words
}

/** A JSGF grammar that accepts exactly these words in order. */
function sequenceGrammar(words: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar align;\npublic <utterance> = ${words.join(' ')} ;\n`
}

export function createPocketSphinxRecogniser(
  options: { decoders?: number; speller?: Speller } = {},
): Recogniser {
  const size = Math.max(1, options.decoders ?? 2)
  const idle: Decoder[] = []
  const waiting: Array<(d: Decoder) => void> = []
  let opened = 0
  let closed = false

  async function borrow<T>(work: (d: Decoder) => Promise<T>): Promise<T> {
    if (closed) throw new Error('The recogniser is closed')
    let decoder = idle.pop()
    if (!decoder && opened < size) {
      opened++
      try {
        decoder = openDecoder()
      } catch (error) {
        opened--
        throw error
      }
    }
    if (!decoder) decoder = await new Promise<Decoder>((resolve) => waiting.push(resolve))
    try {
      return await work(decoder)
    } finally {
      const next = waiting.shift()
      if (next) next(decoder)
      else if (closed) closeDecoder(decoder)
      else idle.push(decoder)
    }
  }

  /** Dictionary entries for the words the model's dictionary lacks (spelled when it can). */
  async function missingWords(words: readonly string[]): Promise<Array<[string, string]>> {
    const ps = pocketsphinx()
    const entries: Array<[string, string]> = []
    await borrow(async (d) => {
      for (const word of new Set(words)) {
        if (ps.ps_lookup_word(d.handle, word)) continue
        const phones = options.speller ? await options.speller(word) : null
        if (phones) entries.push([word, phones])
      }
    })
    return entries
  }

  /** A decoder for one request with its own words added, freed afterwards. */
  async function withOwnDecoder<T>(
    extra: string[],
    entries: Array<[string, string]>,
    work: (d: Decoder) => Promise<T>,
  ): Promise<T> {
    const ps = pocketsphinx()
    const decoder = openDecoder(extra)
    try {
      // A keyterm enters the language model well above the unknown-word floor a plain
      // dictionary addition gets; the search is rebuilt once, after the last word.
      const lm = extra.length === 0 ? ps.ps_get_lm(decoder.handle, DEFAULT_SEARCH) : null
      for (const [word] of entries) if (lm) ps.ngram_model_add_word(lm, word, KEYTERM_WEIGHT)
      for (const [i, [word, phones]] of entries.entries())
        ps.ps_add_word(decoder.handle, word, phones, i === entries.length - 1 ? 1 : 0)
      return await work(decoder)
    } finally {
      closeDecoder(decoder)
    }
  }

  return {
    id: 'pocketsphinx-en-us',
    languages: ['en'],
    unavailable() {
      try {
        pocketsphinx()
        return null
      } catch (error) {
        return error instanceof Error ? error.message : String(error)
      }
    },
    async recognise(samples: Float32Array, request: RecogniseOptions = {}): Promise<RecognisedWord[]> {
      const keyWords = (request.keyterms ?? []).flatMap((term) => vocabularyWords(term))
      const entries = keyWords.length > 0 ? await missingWords(keyWords) : []
      if (entries.length === 0) return borrow((d) => decode(d, samples))
      return withOwnDecoder([], entries, (d) => decode(d, samples))
    },
    async align(samples: Float32Array, words: readonly string[]): Promise<RecognisedWord[]> {
      if (words.length === 0) return []
      const entries = await missingWords(words)
      const known = new Set(entries.map(([w]) => w))
      const ps = pocketsphinx()
      const usable = await borrow(async (d) =>
        words.filter((w) => known.has(w) || ps.ps_lookup_word(d.handle, w)),
      )
      if (usable.length === 0) return []
      const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs')
      const { tmpdir } = await import('node:os')
      const { join } = await import('node:path')
      const dir = mkdtempSync(join(tmpdir(), 'timbre-align-'))
      try {
        const grammar = join(dir, 'align.gram')
        writeFileSync(grammar, sequenceGrammar(usable))
        return await withOwnDecoder(['-jsgf', grammar, '-bestpath', 'no'], entries, (d) => decode(d, samples))
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    async close() {
      closed = true
      for (const d of idle.splice(0)) closeDecoder(d)
    },
  }
}

/** A speller from an IPA source (eSpeak NG's phonemes of the word), for words the dictionary lacks. */
export function ipaSpeller(toIpa: (word: string) => Promise<string>): Speller {
  return async (word) => {
    const ipa = await toIpa(word)
    const arpabet = ipaToArpabet(ipa)
    return arpabet ? arpabet.replace(/[0-9]/g, '').toUpperCase() : null
  }
}
