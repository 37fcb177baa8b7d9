// US English recognition and forced alignment with PocketSphinx. Each call decodes one
// utterance on a decoder of its own (taken from a small pool), so concurrent requests never
// share decoder state; words missing from the dictionary (keyterms, aligned text) are spelled
// out for a decoder made for that one request, which is freed afterwards, so one workspace's
// words never reach another's results. Live streams (realtime transcription, voice agents)
// take their decoders from a second pool, configured for decoding as the audio comes: without
// the second full pass over the utterance (fwdflat), which would make the end of every
// utterance cost as much as decoding all of it again. Opening a decoder loads the model (most of
// a second of CPU), so live decoders are opened on libuv's thread pool, and a server can keep
// them warm (`prewarm`): opened at start and seasoned with a few seconds of speech, with one spare
// kept ready, so a new session neither waits for a decoder to load nor pays for a fresh one.
import { ipaToArpabet } from '../engines/ipa-to-arpabet.js'
import { DecoderPool, type PoolStats } from './decoder-pool.js'
import {
  closeDecoder,
  type Decoder,
  decodeWhole,
  openDecoder,
  openDecoderOffThread,
  toInt16,
} from './pocketsphinx-decoder.js'
import { callAsync, pocketsphinx } from './pocketsphinx-library.js'
import { type DecoderLease, PocketSphinxStream } from './pocketsphinx-stream.js'
import {
  type RecognisedWord,
  type RecogniseOptions,
  type Recogniser,
  type RecognitionStream,
  type RecognitionStreamOptions,
  vocabularyWords,
} from './recogniser.js'

/** Spells a word in ARPAbet for the decoder's dictionary (a grapheme-to-phoneme step). */
export type Speller = (word: string) => Promise<string | null>

export interface PocketSphinxRecogniser extends Recogniser {
  /** How many decoders each pool holds and lends out now. */
  pools(): { batch: PoolStats; live: PoolStats }
  /**
   * Keeps live decoders warm from now on: one is opened at once, in the background, and another
   * whenever a stream takes the last idle one (up to the pool's size). Each live decoder opened
   * from now on (also one a stream opens itself) is seasoned with the speech `seasoning` gives
   * (16 kHz samples, asked for once): its running normalisation learns from it, so its first real
   * utterance needs no second, whole decode. Resolves once the first warm decoder is ready.
   */
  prewarm(options?: { seasoning?: () => Promise<Float32Array> }): Promise<void>
}

/** The name PocketSphinx gives the search it builds from the configuration. */
const DEFAULT_SEARCH = '_default'
/** How many times a uniform share of the vocabulary a keyterm's unigram probability is. */
const KEYTERM_WEIGHT = 2000
/** A live decoder's search: the first pass and the lattice, no second pass over the utterance. */
const LIVE_SEARCH = ['-fwdflat', 'no']

/** A JSGF grammar that accepts exactly these words in order. */
function sequenceGrammar(words: readonly string[]): string {
  return `#JSGF V1.0;\ngrammar align;\npublic <utterance> = ${words.join(' ')} ;\n`
}

export function createPocketSphinxRecogniser(
  options: {
    /** Decoders for whole utterances (files, alignment). */
    decoders?: number
    /** Decoders for live streams; a stream holds one only while its utterance lasts. */
    liveDecoders?: number
    speller?: Speller
  } = {},
): PocketSphinxRecogniser {
  const batch = new DecoderPool(Math.max(1, options.decoders ?? 2), () => openDecoder(), closeDecoder)

  /** Set by `prewarm`: seasons each live decoder as it opens (a request's too), and keeps a spare. */
  let seasonNew: ((d: Decoder) => Promise<void>) | null = null
  const live = new DecoderPool(
    Math.max(1, options.liveDecoders ?? 4),
    () => openDecoder(LIVE_SEARCH),
    closeDecoder,
    async () => {
      const decoder = await openDecoderOffThread(LIVE_SEARCH)
      // Unseasoned (no speech to hand), it stays fresh: its first utterance is decoded whole.
      if (seasonNew) await seasonNew(decoder).catch(() => undefined)
      return decoder
    },
  )

  /** Live decoders whose running normalisation has learnt from a second of audio. */
  const seasoned = new WeakSet<Decoder>()

  /** Opens another live decoder in the background when none is idle or on its way. */
  function keepSpare(): void {
    if (!seasonNew) return
    const { idle, warming } = live.stats()
    if (idle + warming > 0) return
    void live
      .warm(async () => undefined)
      .then((opened) => {
        if (opened) keepSpare()
      })
      .catch(() => undefined)
  }

  /** Runs speech through a live decoder as a stream would, so its normalisation learns from it. */
  async function season(decoder: Decoder, samples: Float32Array): Promise<void> {
    const ps = pocketsphinx()
    const pcm = toInt16(samples)
    if (ps.ps_start_utt(decoder.handle) < 0) throw new Error('PocketSphinx could not start an utterance')
    await callAsync(ps.ps_process_raw, decoder.handle, pcm, pcm.length, 0, 0)
    await callAsync(ps.ps_end_utt, decoder.handle)
    seasoned.add(decoder)
  }

  /** Dictionary entries for the words the decoder's dictionary lacks (spelled when it can). */
  async function missingWords(decoder: Decoder, words: readonly string[]): Promise<Array<[string, string]>> {
    const ps = pocketsphinx()
    const unknown = [...new Set(words)].filter((word) => !ps.ps_lookup_word(decoder.handle, word))
    const entries: Array<[string, string]> = []
    for (const word of unknown) {
      const phones = options.speller ? await options.speller(word) : null
      if (phones) entries.push([word, phones])
    }
    return entries
  }

  /** A decoder for one request, with its own words in the dictionary and the language model. */
  function ownDecoder(extra: string[], entries: Array<[string, string]>): Decoder {
    const ps = pocketsphinx()
    const decoder = openDecoder(extra)
    // A keyterm enters the language model well above the unknown-word floor a plain
    // dictionary addition gets; the search is rebuilt once, after the last word.
    const lm = extra.includes('-jsgf') ? null : ps.ps_get_lm(decoder.handle, DEFAULT_SEARCH)
    for (const [word] of entries) if (lm) ps.ngram_model_add_word(lm, word, KEYTERM_WEIGHT)
    for (const [i, [word, phones]] of entries.entries())
      ps.ps_add_word(decoder.handle, word, phones, i === entries.length - 1 ? 1 : 0)
    return decoder
  }

  async function withOwnDecoder<T>(
    extra: string[],
    entries: Array<[string, string]>,
    work: (d: Decoder) => Promise<T>,
  ): Promise<T> {
    const decoder = ownDecoder(extra, entries)
    try {
      return await work(decoder)
    } finally {
      closeDecoder(decoder)
    }
  }

  /** A live decoder for a stream: the pool's, or one of its own when its keyterms need new words. */
  async function liveLease(keyWords: string[], signal: AbortSignal): Promise<DecoderLease> {
    const decoder = await live.acquire(signal)
    keepSpare()
    let entries: Array<[string, string]>
    try {
      entries = keyWords.length > 0 ? await missingWords(decoder, keyWords) : []
      signal.throwIfAborted()
    } catch (error) {
      live.release(decoder)
      throw error
    }
    if (entries.length === 0)
      return {
        decoder,
        fresh: !seasoned.has(decoder),
        seasoned: () => seasoned.add(decoder),
        decodeWhole: (samples) => batch.borrow((d) => decodeWhole(d, samples)),
        release: () => live.release(decoder),
        discard: () => live.discard(decoder),
      }
    live.release(decoder)
    const own = ownDecoder(LIVE_SEARCH, entries)
    const free = () => closeDecoder(own)
    // A decoder of its own is always fresh: its words come from a whole decode with the same words.
    return {
      decoder: own,
      fresh: true,
      seasoned: () => undefined,
      decodeWhole: (samples) => withOwnDecoder([], entries, (d) => decodeWhole(d, samples)),
      release: free,
      discard: free,
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
      const entries = keyWords.length > 0 ? await batch.borrow((d) => missingWords(d, keyWords)) : []
      if (entries.length === 0) return batch.borrow((d) => decodeWhole(d, samples))
      return withOwnDecoder([], entries, (d) => decodeWhole(d, samples))
    },
    startStream(request: RecognitionStreamOptions = {}): RecognitionStream {
      const keyWords = (request.keyterms ?? []).flatMap((term) => vocabularyWords(term))
      return new PocketSphinxStream((signal) => liveLease(keyWords, signal), request.onHypothesis)
    },
    pools: () => ({ batch: batch.stats(), live: live.stats() }),
    async prewarm(warmOptions = {}) {
      let speech: Promise<Float32Array | null> | undefined
      seasonNew = async (decoder) => {
        speech ??= warmOptions.seasoning ? warmOptions.seasoning().catch(() => null) : Promise.resolve(null)
        const samples = await speech
        if (samples && samples.length > 0) await season(decoder, samples)
      }
      if (this.unavailable()) return
      await live.warm(async () => undefined).catch(() => false)
      keepSpare()
    },
    async align(samples: Float32Array, words: readonly string[]): Promise<RecognisedWord[]> {
      if (words.length === 0) return []
      const ps = pocketsphinx()
      const { entries, usable } = await batch.borrow(async (d) => {
        const entries = await missingWords(d, words)
        const known = new Set(entries.map(([w]) => w))
        return { entries, usable: words.filter((w) => known.has(w) || ps.ps_lookup_word(d.handle, w)) }
      })
      if (usable.length === 0) return []
      const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs')
      const { tmpdir } = await import('node:os')
      const { join } = await import('node:path')
      const dir = mkdtempSync(join(tmpdir(), 'timbre-align-'))
      try {
        const grammar = join(dir, 'align.gram')
        writeFileSync(grammar, sequenceGrammar(usable))
        return await withOwnDecoder(['-jsgf', grammar, '-bestpath', 'no'], entries, (d) =>
          decodeWhole(d, samples),
        )
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    async close() {
      batch.close()
      live.close()
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
