// An utterance decoded with PocketSphinx as it is spoken: ps_start_utt once a decoder is ours,
// ps_process_raw on libuv's thread pool for whatever samples arrived meanwhile (one call at a
// time: a decoder is not re-entrant), ps_get_hyp after each for the running hypothesis, and
// ps_end_utt at the end, which only has the last unprocessed samples and the lattice left to do.
// Live decoding normalises the features with a running cepstral mean that the decoder learns
// from the audio it hears, where the batch path uses the utterance's own: until a decoder has
// heard a second of speech its first pass misses words, so a fresh decoder's first utterance is
// decoded once more, whole, at its end, by the batch path (its partials stay rough; a live
// decoder is never given a whole utterance at once). That costs one whole decode per decoder
// opened, not per utterance.
// However the stream ends (finished, aborted, or broken by a failed call), its decoder goes
// back exactly once: released between utterances, or discarded when its state is unknown.
import { type Decoder, finishedWords, hypothesisText, toInt16 } from './pocketsphinx-decoder.js'
import { callAsync, pocketsphinx } from './pocketsphinx-library.js'
import type { RecognisedWord, RecognitionStream } from './recogniser.js'

export interface DecoderLease {
  decoder: Decoder
  /** The decoder has not yet learnt the cepstral mean from SEASONING_SAMPLES of live audio. */
  fresh: boolean
  /** It has now. */
  seasoned(): void
  /** The batch path's words for a whole utterance (for a fresh decoder's first one). */
  decodeWhole(samples: Float32Array): Promise<RecognisedWord[]>
  /** The decoder is between utterances: back to where it came from. */
  release(): void
  /** The decoder's state is unknown: closed, never used again. */
  discard(): void
}

/** Live audio a decoder needs to have decoded before its running normalisation is trusted. */
const SEASONING_SAMPLES = 16_000

function joined(parts: Int16Array[]): Int16Array {
  if (parts.length === 1) return parts[0]!
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export class PocketSphinxStream implements RecognitionStream {
  hypothesis = ''
  private lease: DecoderLease | null = null
  /** An utterance is open on the decoder (started and not yet ended). */
  private inUtterance = false
  /** ps_start_utt refused: the decoder's state is not known to be clean. */
  private startFailed = false
  private readonly queued: Int16Array[] = []
  /** The utterance's samples, kept while its decoder may be fresh (for the whole decode at the end). */
  private kept: Int16Array[] | null = []
  private keptLength = 0
  private feeding: Promise<void> | null = null
  private failure: unknown = null
  private ended = false
  private aborted = false
  /** The end under way (finish or abort); the decoder is back once it settles. */
  private closing: Promise<unknown> | null = null
  private readonly leased: Promise<void>
  /** Gives up the wait for a decoder when the stream is aborted first. */
  private readonly waiting = new AbortController()

  constructor(
    lease: (signal: AbortSignal) => Promise<DecoderLease>,
    private readonly onHypothesis?: (text: string) => void,
  ) {
    this.leased = lease(this.waiting.signal).then(
      (taken) => {
        this.lease = taken
        if (!taken.fresh) this.kept = null
        if (this.aborted) return
        // A new stream restarts the frame count (word times from this utterance's first sample)
        // and the noise estimate; the cepstral mean learnt so far is kept.
        const ps = pocketsphinx()
        if (ps.ps_start_stream(taken.decoder.handle) < 0 || ps.ps_start_utt(taken.decoder.handle) < 0) {
          this.startFailed = true
          this.failure = new Error('PocketSphinx could not start an utterance')
          return
        }
        this.inUtterance = true
        this.feed()
      },
      (error: unknown) => {
        this.failure = error
      },
    )
  }

  push(samples: Float32Array): void {
    if (this.ended) throw new Error('The utterance has ended')
    if (this.failure || samples.length === 0) return
    const pcm = toInt16(samples)
    this.queued.push(pcm)
    if (this.kept) {
      this.kept.push(pcm)
      this.keptLength += pcm.length
    }
    this.feed()
  }

  finish(): Promise<RecognisedWord[]> {
    if (this.ended) return Promise.reject(new Error('The utterance has ended'))
    this.ended = true
    const result = this.settled().then(() => this.endUtterance())
    this.closing = result.catch(() => undefined)
    return result
  }

  abort(): Promise<void> {
    this.ended = true
    if (this.closing) return this.closing.then(() => undefined)
    this.aborted = true
    this.waiting.abort(new Error('The utterance was aborted'))
    this.closing = this.settled()
      .then(() => this.endUtterance())
      .catch(() => undefined)
    return this.closing.then(() => undefined)
  }

  private feed(): void {
    if (this.feeding || !this.inUtterance || this.queued.length === 0) return
    this.feeding = this.drain().finally(() => {
      this.feeding = null
    })
  }

  /** Decodes what is queued, everything that waited in one call, until nothing is left. */
  private async drain(): Promise<void> {
    const ps = pocketsphinx()
    const decoder = this.lease!.decoder
    while (this.queued.length > 0 && !this.failure && !this.aborted) {
      const pcm = joined(this.queued.splice(0))
      try {
        const status = await callAsync<number>(ps.ps_process_raw, decoder.handle, pcm, pcm.length, 0, 0)
        if (status < 0) throw new Error('PocketSphinx could not decode the audio')
        const text = hypothesisText(decoder)
        if (text !== this.hypothesis && !this.aborted) {
          this.hypothesis = text
          this.onHypothesis?.(text)
        }
      } catch (error) {
        this.failure ??= error
      }
    }
  }

  /** Every sample pushed is decoded, or decoding stopped. */
  private async settled(): Promise<void> {
    await this.leased
    while (this.feeding) await this.feeding
  }

  /** The words of the utterance just ended; on a fresh decoder, from a whole decode of it. */
  private async finalWords(lease: DecoderLease): Promise<RecognisedWord[]> {
    const kept = this.kept
    this.kept = null
    const live = finishedWords(lease.decoder)
    if (!lease.fresh || !kept || this.keptLength < SEASONING_SAMPLES) return live
    lease.seasoned()
    const pcm = joined(kept)
    const samples = new Float32Array(pcm.length)
    for (let i = 0; i < pcm.length; i++) samples[i] = pcm[i]! / 32768
    return lease.decodeWhole(samples)
  }

  /** Ends the utterance on the decoder and gives the decoder back; the words unless it failed. */
  private async endUtterance(): Promise<RecognisedWord[]> {
    const lease = this.lease
    if (!lease) throw this.failure ?? new Error('The utterance was aborted')
    this.lease = null
    if (!this.inUtterance) {
      // Aborted before the utterance started: the decoder is as it was taken.
      if (this.startFailed) lease.discard()
      else lease.release()
      throw this.failure ?? new Error('The utterance was aborted')
    }
    this.inUtterance = false
    let words: RecognisedWord[]
    try {
      const status = await callAsync<number>(pocketsphinx().ps_end_utt, lease.decoder.handle)
      if (status < 0) throw new Error('PocketSphinx could not end the utterance')
      words = this.failure || this.aborted ? [] : await this.finalWords(lease)
    } catch (error) {
      lease.discard()
      throw error
    }
    lease.release()
    if (this.failure) throw this.failure
    return words
  }
}
