// A Whisper model from the models directory as a recogniser, run by whisper.cpp through its
// maintained Node binding (`@fugood/whisper.node`, prebuilt for the CPU, on its own threads off
// the event loop). The model is loaded on first use and kept; one decode runs at a time on it.
// Word times come from whisper.cpp's token timestamps with one token per segment, joined into
// words where a token does not start with a space. Keyterms become the initial prompt, which is
// how Whisper is biased towards words. The binding reports no per-word probability, so every
// word's `logprob` is 0; forced alignment stays with the default recogniser.
import type { WhisperContext } from '@fugood/whisper.node'
import {
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type RecogniseOptions,
  type Recogniser,
  wholeUtteranceStream,
} from '../recogniser.js'
import { whisperLanguages } from './whisper-languages.js'
import type { WhisperModelHeader } from './whisper-model-file.js'

export interface WhisperRecogniserOptions {
  id: string
  path: string
  header: WhisperModelHeader
  /** Decoding threads (the machine's cores by default). */
  threads?: number
}

export interface WhisperRecogniser extends Recogniser {
  /** Loads the model now (otherwise its first decode does); rejects with WhisperLoadError. */
  ready(): Promise<void>
  /** Identifies the spoken language (multilingual models only); its ISO 639-1 code. */
  identifyLanguage(samples: Float32Array): Promise<string>
}

export class WhisperLoadError extends Error {}

function pcm16(samples: Float32Array): ArrayBuffer {
  const out = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) out[i] = Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767)
  return out.buffer
}

/** One-token segments joined into words: a token that does not start with a space continues the word before. */
export function wordsFromTokens(
  segments: readonly { text: string; t0: number; t1: number }[],
): RecognisedWord[] {
  const words: RecognisedWord[] = []
  for (const segment of segments) {
    const text = segment.text
    if (!text.trim() || /^\s*\[_[A-Z]+_?\d*\]\s*$/.test(text)) continue
    const last = words[words.length - 1]
    if (last && !/^\s/.test(text)) {
      last.text += text
      last.end = segment.t1 / 1000
    } else words.push({ text: text.trim(), start: segment.t0 / 1000, end: segment.t1 / 1000, logprob: 0 })
  }
  return words
    .map((w) => ({ ...w, text: w.text.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '') }))
    .filter((w) => w.text.length > 0)
}

export function createWhisperRecogniser(options: WhisperRecogniserOptions): WhisperRecogniser {
  const languages = whisperLanguages(options.header)
  let context: Promise<WhisperContext> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  function load(): Promise<WhisperContext> {
    context ??= (async () => {
      const binding = await import('@fugood/whisper.node')
      await binding.toggleNativeLog(false)
      try {
        return await binding.initWhisper({ filePath: options.path, useGpu: false }, 'default')
      } catch (error) {
        context = undefined
        throw new WhisperLoadError(
          `The Whisper model ${options.path} cannot be loaded: ${(error as Error).message}.`,
        )
      }
    })()
    return context
  }

  /** Runs decodes one after another on the one loaded model. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  async function decode(samples: Float32Array, language: string, prompt?: string) {
    const whisper = await load()
    const { promise } = whisper.transcribeData(pcm16(samples), {
      language,
      tokenTimestamps: true,
      maxLen: 1,
      temperature: 0,
      ...(options.threads ? { maxThreads: options.threads } : {}),
      ...(prompt ? { prompt } : {}),
    })
    return promise
  }

  const recogniser: WhisperRecogniser = {
    id: options.id,
    languages,
    unavailable: () => null,
    async ready() {
      await load()
    },
    recognise(samples, recogniseOptions: RecogniseOptions = {}) {
      const asked = recogniseOptions.language ?? 'auto'
      const language = options.header.multilingual ? asked : 'en'
      const prompt = recogniseOptions.keyterms?.join(', ')
      return serially(async () => {
        const result = await decode(samples, language, prompt)
        recogniseOptions.onLanguage?.(result.language || language, samples.length / RECOGNITION_SAMPLE_RATE)
        return wordsFromTokens(result.segments)
      })
    },
    identifyLanguage(samples) {
      if (!options.header.multilingual) return Promise.resolve('en')
      // Whisper identifies the language from the first 30 seconds.
      const head = samples.subarray(0, 30 * RECOGNITION_SAMPLE_RATE)
      return serially(async () => (await decode(head, 'auto')).language || 'en')
    },
    align() {
      return Promise.reject(
        new Error('Whisper models do not align a known text; the default recogniser does.'),
      )
    },
    // whisper.cpp decodes whole windows of audio: a stream is recognised once, at its end.
    startStream: (streamOptions) => wholeUtteranceStream(recogniser.recognise, streamOptions),
    async close() {
      const loaded = context
      context = undefined
      if (loaded) await (await loaded.catch(() => null))?.release()
    },
  }
  return recogniser
}
