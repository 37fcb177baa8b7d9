// US English recognition and forced alignment with PocketSphinx. Each call decodes one
// utterance on a decoder of its own (taken from a small pool), so concurrent requests never
// share decoder state; words missing from the dictionary (keyterms, aligned text) are spelled
// out for a decoder made for that one request, which is freed afterwards, so one workspace's
// words never reach another's results. Live streams (realtime transcription, voice agents)
// take their decoders from a second pool, configured for decoding as the audio comes: without
// the second full pass over the utterance (fwdflat), which would make the end of every
// utterance cost as much as decoding all of it again.
import { ipaToArpabet } from '../engines/ipa-to-arpabet.js'
import { DecoderPool, type PoolStats } from './decoder-pool.js'
import { closeDecoder, type Decoder, decodeWhole, openDecoder } from './pocketsphinx-decoder.js'
import { pocketsphinx } from './pocketsphinx-library.js'
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
  const live = new DecoderPool(
    Math.max(1, options.liveDecoders ?? 4),
    () => openDecoder(LIVE_SEARCH),
    closeDecoder,
  )

  /** Live decoders whose running normalisation has learnt from a second of audio. */
  const seasoned = new WeakSet<Decoder>()

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
