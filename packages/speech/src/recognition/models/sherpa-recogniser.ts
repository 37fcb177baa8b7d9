// A sherpa-onnx model folder as a recogniser. The model runs in a worker process of its own
// (sherpa-worker.ts, one per loaded model): sherpa-onnx's native library aborts the process it
// runs in on a broken model file, and the server must outlive that. The worker is started and
// the model loaded at start, in the background; a worker that exits or fails to load makes the
// model unusable, with the reason (the native library's own last words on its standard error),
// until the next request tries it again. Decodes run one at a time per model, off the server's
// event loop and its threads. sherpa-onnx gives token times, not word times: a token marked as
// starting a word (`▁` or a space) starts one, and a word ends where the next begins (at most
// half a second after its last token).
import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import {
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type Recogniser,
  wholeUtteranceStream,
} from '../recogniser.js'
import type { SherpaReply, SherpaRequest, SherpaResult } from './sherpa-messages.js'
import { type SherpaModelFolder, sherpaRecognizerConfig } from './sherpa-model-folder.js'

/** A model that cannot be used: its files did not load, or its worker died. The message says why. */
export class RecogniserUnusableError extends Error {}

export interface SherpaRecogniser extends Recogniser {
  /** Starts the worker and loads the model; resolves once it is usable or known not to be. */
  ready(): Promise<void>
}

const WORD_TAIL_SECONDS = 0.5

function workerEntry(): { path: string; execArgv: string[] } {
  // From dist/ the compiled worker runs as is; from TypeScript sources through tsx's loader.
  if (!import.meta.url.endsWith('.ts'))
    return { path: new URL('./sherpa-worker.js', import.meta.url).pathname, execArgv: [] }
  const tsx = dirname(createRequire(import.meta.url).resolve('tsx/package.json'))
  return {
    path: new URL('./sherpa-worker.ts', import.meta.url).pathname,
    execArgv: ['--import', pathToFileURL(join(tsx, 'dist/loader.mjs')).href, '--conditions=source'],
  }
}

/** The native library's reason, from what the worker wrote before it died. */
function crashReason(stderr: string, code: number | null, signal: string | null): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const what = lines
    .find((l) => l.startsWith('what():'))
    ?.slice('what():'.length)
    .trim()
  const said = what ?? lines.filter((l) => !/^at |^node:|^\^|^Node\.js/.test(l)).at(-1)
  const how = signal ? `was killed by ${signal}` : `exited with code ${code}`
  return said ? `${said} (its process ${how})` : `its process ${how}`
}

/** Timed words from sherpa-onnx's tokens and their emission times. */
export function wordsFromSherpa(result: SherpaResult, seconds: number): RecognisedWord[] {
  const tokens = result.tokens ?? []
  const times = result.timestamps ?? []
  if (tokens.length === 0 || times.length !== tokens.length) {
    // No token times: the text's words share the utterance evenly.
    const words = result.text.trim().split(/\s+/).filter(Boolean)
    const step = seconds / Math.max(1, words.length)
    return words.map((text, i) => ({ text, start: i * step, end: (i + 1) * step, logprob: 0 }))
  }
  const marked = tokens.some((t) => /^[▁\s]/.test(t))
  const spaced = /\s/.test(result.text.trim())
  const words: Array<RecognisedWord & { last: number }> = []
  let open = false
  tokens.forEach((token, i) => {
    const at = times[i]!
    const logprob = result.ys_log_probs?.[i] ?? 0
    if (!token.trim()) {
      open = false
      return
    }
    const starts = !open || /^[▁\s]/.test(token) || (!marked && !spaced)
    const text = token.replace(/^[▁\s]+/, '')
    const current = words.at(-1)
    if (starts || !current) words.push({ text, start: at, end: at, last: at, logprob })
    else {
      current.text += text
      current.last = at
      current.logprob += logprob
    }
    open = true
  })
  return words
    .map((w, i) => ({
      text: w.text,
      start: w.start,
      end: Math.min(words[i + 1]?.start ?? seconds, w.last + WORD_TAIL_SECONDS, seconds),
      logprob: w.logprob,
    }))
    .filter((w) => w.text.length > 0)
}

export function createSherpaRecogniser(options: {
  id: string
  folder: SherpaModelFolder
  /** Decoding threads of the model (1: the server's cores are shared). */
  threads?: number
}): SherpaRecogniser {
  let worker: ChildProcess | undefined
  /** The last worker started, loaded or not. */
  let spawned: ChildProcess | undefined
  let loading: Promise<ChildProcess> | undefined
  let reason: string | null = null
  let closed = false
  let nextId = 1
  let queue: Promise<unknown> = Promise.resolve()

  /** Starts a worker and loads the model in it; rejects with RecogniserUnusableError. */
  function load(): Promise<ChildProcess> {
    if (closed) return Promise.reject(new RecogniserUnusableError(`The model ${options.id} is closed.`))
    loading ??= new Promise<ChildProcess>((resolve, reject) => {
      const entry = workerEntry()
      const child = fork(entry.path, [], {
        execArgv: entry.execArgv,
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      })
      spawned = child
      let settled = false
      let stderr = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000)
      })
      const fail = (message: string) => {
        if (settled) return
        settled = true
        reason = `The model in ${options.folder.dir} cannot be used: ${message}.`
        loading = undefined
        if (worker === child) worker = undefined
        child.kill('SIGKILL')
        reject(new RecogniserUnusableError(reason))
      }
      child.once('exit', (code, signal) => {
        // An exit before the model loaded is a load failure; after, the decode waiting on it fails.
        if (worker !== child) fail(crashReason(stderr, code, signal))
        else {
          worker = undefined
          loading = undefined
          reason = `The model in ${options.folder.dir} cannot be used: the worker crashed, ${crashReason(stderr, code, signal)}.`
          child.emit('crashed', reason)
        }
      })
      child.on('message', (reply: SherpaReply) => {
        if (reply.type === 'loaded') {
          settled = true
          worker = child
          reason = null
          stderr = ''
          idle(child)
          resolve(child)
        } else if (reply.type === 'load_failed') fail(reply.message)
      })
      child.send({
        type: 'load',
        config: sherpaRecognizerConfig(options.folder, options.threads ?? 1),
      } satisfies SherpaRequest)
    })
    return loading
  }

  /** An idle worker does not keep the server's event loop alive. */
  function idle(child: ChildProcess) {
    child.unref()
    child.channel?.unref()
  }

  function decode(child: ChildProcess, samples: Float32Array): Promise<SherpaResult> {
    const id = nextId++
    child.ref()
    child.channel?.ref()
    return new Promise<SherpaResult>((resolve, reject) => {
      const onReply = (reply: SherpaReply) => {
        if ((reply.type !== 'result' && reply.type !== 'failed') || reply.id !== id) return
        done()
        if (reply.type === 'result') resolve(reply.result as SherpaResult)
        else
          reject(new RecogniserUnusableError(`The model ${options.id} failed to decode: ${reply.message}.`))
      }
      const onCrash = (message: string) => {
        done()
        reject(new RecogniserUnusableError(message))
      }
      const done = () => {
        child.off('message', onReply)
        child.off('crashed', onCrash)
        idle(child)
      }
      child.on('message', onReply)
      child.once('crashed', onCrash)
      child.send({
        type: 'recognise',
        id,
        samples,
        sampleRate: RECOGNITION_SAMPLE_RATE,
      } satisfies SherpaRequest)
    })
  }

  const recogniser: SherpaRecogniser = {
    id: options.id,
    languages: options.folder.languages,
    unavailable: () => reason,
    async ready() {
      await load().catch(() => undefined)
    },
    recognise(samples, recogniseOptions = {}) {
      const work = async () => {
        const child = await load()
        const result = await decode(child, samples)
        const seconds = samples.length / RECOGNITION_SAMPLE_RATE
        // SenseVoice names the language it heard (`<|en|>`); the others say nothing.
        const asked = recogniseOptions.language === 'auto' ? undefined : recogniseOptions.language
        const heard = asked ?? (result.lang ?? '').replace(/[<|>]/g, '')
        if (heard) recogniseOptions.onLanguage?.(heard, seconds)
        return wordsFromSherpa(result, seconds)
      }
      const next = queue.then(work, work)
      queue = next.catch(() => undefined)
      return next
    },
    align() {
      return Promise.reject(
        new Error('sherpa-onnx models do not align a known text; the default recogniser does.'),
      )
    },
    startStream: (streamOptions) => wholeUtteranceStream(recogniser.recognise, streamOptions),
    async close() {
      closed = true
      const child = spawned
      worker = undefined
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await exited
      }
    },
  }
  return recogniser
}
