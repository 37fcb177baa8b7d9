// Flite (CMU) compiled to WASI: the most intelligible English voices we ship. The module is
// compiled once per process and shared by the threads (pool/shared-modules.ts); each call is a
// run of the command line in memory (wasi-memory-host.ts) on one kept instance, set back to
// its initial memory image before each run. The build exports only `_start`, so a voice cannot
// stay loaded between calls; it need not: the voices are compiled in, and once the code is warm
// a whole call for "Hi" takes about 1 ms (kal16) to 5 ms (slt) on an idle machine. The slow
// calls are the first ones in a process, while V8 still runs baseline code.
// Flite reports phones with end times but no word boundaries, so a second, cheap run with
// each word as its own phrase (kal16 diphone voice) counts the phones of every word.
import { SpeechError } from '../errors.js'
import { sharedModule } from '../pool/shared-modules.js'
import type { FliteParams } from '../types.js'
import type { EngineInput, EngineOutput, EnginePiece, SpeechEngine, WordTiming } from './engine.js'
import { ipaToArpabet, normalizeArpabet } from './ipa-to-arpabet.js'
import { prepareWasiInstance, runWasiCommand } from './wasi-memory-host.js'

interface Phone {
  name: string
  start: number
  end: number
}

interface Token {
  /** What Flite reads for this word (punctuation kept in the main run, dropped in the probe). */
  text: string
  probe: string
  normStart: number
  normEnd: number
}

const SYLLABLES = ['ba', 'de', 'ki', 'lo', 'mu', 'na', 'pe', 'ri', 'so', 'tu']

function placeholderWord(index: number): string {
  let word = 'zolanteka'
  let n = index
  do {
    word += SYLLABLES[n % 10]
    n = Math.floor(n / 10)
  } while (n > 0)
  return word
}

function tokenize(pieces: readonly EnginePiece[], lexicon: string[]): Token[] {
  const tokens: Token[] = []
  for (const piece of pieces) {
    if (piece.kind === 'phonemes') {
      const arpabet = piece.arpabet ? normalizeArpabet(piece.arpabet) : null
      if (arpabet) {
        const word = placeholderWord(lexicon.length)
        lexicon.push(`${word} : ${arpabet}`)
        tokens.push({ text: word, probe: word, normStart: piece.normStart, normEnd: piece.normEnd })
        continue
      }
      tokens.push(...wordsOf(piece.text, piece.normStart, piece.normEnd, false))
      continue
    }
    tokens.push(...wordsOf(piece.text, piece.normStart, piece.normEnd, piece.exact))
  }
  return tokens
}

function wordsOf(text: string, normStart: number, normEnd: number, exact: boolean): Token[] {
  const tokens: Token[] = []
  for (const match of text.matchAll(/\S+/g)) {
    const word = match[0]
    const probe = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    const start = exact ? normStart + match.index : normStart
    const end = exact ? start + word.length : normEnd
    tokens.push({ text: word, probe, normStart: start, normEnd: end })
  }
  return tokens
}

function parsePhones(stdout: string): Phone[] {
  const phones: Phone[] = []
  let offset = 0
  let last = 0
  for (const line of stdout.split('\n')) {
    // Each utterance restarts its clock; chain them.
    let lineEnd = 0
    for (const item of line.trim().split(/\s+/)) {
      const colon = item.lastIndexOf(':')
      if (colon <= 0) continue
      const end = offset + Number.parseFloat(item.slice(colon + 1))
      if (!Number.isFinite(end)) continue
      phones.push({ name: item.slice(0, colon), start: last, end: Math.max(last, end) })
      last = Math.max(last, end)
      lineEnd = last
    }
    if (lineEnd > 0) offset = lineEnd
  }
  return phones
}

function decodeWav(bytes: Uint8Array): { samples: Float32Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let pos = 12
  let sampleRate = 16000
  while (pos + 8 <= bytes.length) {
    const id = String.fromCharCode(...bytes.subarray(pos, pos + 4))
    const size = view.getUint32(pos + 4, true)
    if (id === 'fmt ') sampleRate = view.getUint32(pos + 12, true)
    if (id === 'data') {
      const count = Math.floor(Math.min(size, bytes.length - pos - 8) / 2)
      const samples = new Float32Array(count)
      for (let i = 0; i < count; i++) samples[i] = view.getInt16(pos + 8 + i * 2, true) / 32768
      return { samples, sampleRate }
    }
    pos += 8 + size + (size % 2)
  }
  throw new SpeechError('engine_failed', 'Flite produced no audio.')
}

/** Phone counts of probe words seen before: words repeat, and a probe run costs a Flite start. */
const PROBE_CACHE_LIMIT = 20_000

export class FliteEngine implements SpeechEngine {
  readonly id = 'flite' as const
  private readonly probeCache = new Map<string, number>()

  private constructor(private readonly module: WebAssembly.Module) {}

  static create(): FliteEngine {
    return new FliteEngine(sharedModule('flite'))
  }

  synthesize(input: EngineInput): EngineOutput {
    const params = input.params as FliteParams
    const lexicon: string[] = []
    const tokens = tokenize(input.pieces, lexicon)
    const text = tokens.map((t) => t.text).join(' ')
    if (tokens.length === 0) return { samples: new Float32Array(0), sampleRate: 16000, words: [] }
    const files = new Map<string, Uint8Array>()
    const lexArgs: string[] = []
    if (lexicon.length > 0) {
      files.set('lex.txt', new TextEncoder().encode(`${lexicon.join('\n')}\n`))
      lexArgs.push('-add_lex', 'lex.txt')
    }
    const features = ['--setf', `duration_stretch=${params.durationStretch.toFixed(4)}`]
    if (params.f0Mean !== undefined) features.push('--setf', `int_f0_target_mean=${params.f0Mean.toFixed(2)}`)
    if (params.f0Stddev !== undefined)
      features.push('--setf', `int_f0_target_stddev=${params.f0Stddev.toFixed(2)}`)
    const main = runWasiCommand(
      this.module,
      ['flite', '-psdur', '-voice', params.voice, ...lexArgs, ...features, '-o', 'out.wav', '-t', text],
      files,
    )
    const wav = main.files.get('out.wav')
    if (main.exitCode !== 0 || !wav) {
      throw new SpeechError('engine_failed', `Flite failed (exit ${main.exitCode}): ${main.stderr.trim()}`)
    }
    const { samples, sampleRate } = decodeWav(wav)
    const phones = parsePhones(main.stdout)
    // The instance is set back for the next call after this task has replied, while idle.
    setImmediate(() => prepareWasiInstance(this.module))
    return {
      samples,
      sampleRate,
      words: this.alignWords(tokens, phones, lexArgs, files, samples.length / sampleRate),
    }
  }

  /** Assigns the main run's phones to tokens using per-token phone counts from a probe run. */
  private alignWords(
    tokens: readonly Token[],
    phones: readonly Phone[],
    lexArgs: readonly string[],
    files: ReadonlyMap<string, Uint8Array>,
    duration: number,
  ): WordTiming[] {
    const spoken = phones.filter((p) => p.name !== 'pau')
    const counts = this.probeCounts(tokens, lexArgs, files)
    const words: WordTiming[] = []
    const total = counts?.reduce((a, b) => a + b, 0) ?? -1
    if (counts && total === spoken.length) {
      let index = 0
      tokens.forEach((token, i) => {
        const count = counts[i]!
        if (count === 0) return
        const first = spoken[index]!
        const last = spoken[index + count - 1]!
        words.push({ start: first.start, end: last.end, normStart: token.normStart, normEnd: token.normEnd })
        index += count
      })
      return words
    }
    // Counts disagree (rare post-lexical changes): spread the speech span by token length.
    const start = spoken[0]?.start ?? 0
    const end = spoken[spoken.length - 1]?.end ?? duration
    const weights = tokens.map((t) => Math.max(1, t.probe.length))
    const sum = weights.reduce((a, b) => a + b, 0)
    let t = start
    tokens.forEach((token, i) => {
      const length = ((end - start) * weights[i]!) / sum
      words.push({ start: t, end: t + length, normStart: token.normStart, normEnd: token.normEnd })
      t += length
    })
    return words
  }

  private probeCounts(
    tokens: readonly Token[],
    lexArgs: readonly string[],
    files: ReadonlyMap<string, Uint8Array>,
  ): number[] | null {
    const probeTokens = tokens.filter((t) => t.probe.length > 0)
    if (probeTokens.length === 0) return tokens.map(() => 0)
    // Each probe word is a phrase of its own, so its count does not depend on its neighbours;
    // words of a request lexicon (placeholders, added entries) are never cached.
    const cacheable = lexArgs.length === 0
    const missing = cacheable
      ? [...new Set(probeTokens.map((t) => t.probe).filter((w) => !this.probeCache.has(w)))]
      : probeTokens.map((t) => t.probe)
    const counted = missing.length > 0 ? this.runProbe(missing, lexArgs, files) : []
    if (!counted) return null
    if (!cacheable) {
      let g = 0
      return tokens.map((t) => (t.probe.length > 0 ? counted[g++]! : 0))
    }
    if (this.probeCache.size + missing.length > PROBE_CACHE_LIMIT) this.probeCache.clear()
    missing.forEach((word, i) => {
      this.probeCache.set(word, counted[i]!)
    })
    return tokens.map((t) => (t.probe.length > 0 ? this.probeCache.get(t.probe)! : 0))
  }

  /** Phones of each word read as its own phrase (kal16, the cheapest voice), or null. */
  private runProbe(
    words: readonly string[],
    lexArgs: readonly string[],
    files: ReadonlyMap<string, Uint8Array>,
  ): number[] | null {
    const probe = runWasiCommand(
      this.module,
      ['flite', '-psdur', '-voice', 'kal16', ...lexArgs, '-o', 'none', '-t', words.join(', ')],
      files,
    )
    if (probe.exitCode !== 0) return null
    const groups: number[] = []
    let current = 0
    let open = false
    for (const phone of parsePhones(probe.stdout)) {
      if (phone.name === 'pau') {
        if (open) groups.push(current)
        current = 0
        open = false
      } else {
        current++
        open = true
      }
    }
    if (open) groups.push(current)
    return groups.length === words.length ? groups : null
  }
}

/** Arpabet for a phoneme piece, converting IPA when needed. */
export function arpabetFor(source: string, alphabet: 'ipa' | 'cmu-arpabet'): string | null {
  // Rules write phonemes between slashes (`/T AH0 M EY1 T OW2/`); Flite takes the bare phones.
  const bare = source
    .trim()
    .replace(/^\/|\/$/g, '')
    .trim()
  return alphabet === 'cmu-arpabet' ? bare : ipaToArpabet(bare)
}
