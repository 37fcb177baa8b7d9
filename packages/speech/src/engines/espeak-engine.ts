/// <reference path="../shims/emscripten-modules.d.ts" />
/// <reference path="../shims/kuromoji.d.ts" />
// eSpeak NG through its Emscripten build: one instance per worker thread (global state).
import initEspeak, {
  type EspeakEvent,
  type EspeakModule,
  type EspeakWorker,
} from '@echogarden/espeak-ng-emscripten'
import { SpeechError } from '../errors.js'
import type { EspeakParams } from '../types.js'
import type { EngineInput, EngineOutput, EngineTimbre, SpeechEngine, WordTiming } from './engine.js'

const VARIANT_DIR = '/usr/share/espeak-ng-data/voices/!v'
/** eSpeak NG's pitch (base and top, Hz) for a variant file without a `pitch` line. */
const DEFAULT_PITCH_LINE = 'pitch 82 118'

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

/** The input string for eSpeak and, per code point of it, the normalised range it came from. */
interface EngineText {
  text: string
  starts: number[]
  ends: number[]
}

function buildEngineText(input: EngineInput): EngineText {
  let text = ''
  const starts: number[] = []
  const ends: number[] = []
  const push = (chunk: string, start: number, end: number): void => {
    for (const ch of chunk) {
      text += ch
      starts.push(start)
      ends.push(end)
    }
  }
  for (const piece of input.pieces) {
    if (piece.kind === 'phonemes') {
      // eSpeak phoneme input: `[[...]]`, spoken as one word.
      push(` [[${piece.espeak.replace(/\]\]/g, '')}]] `, piece.normStart, piece.normEnd)
      continue
    }
    let offset = 0
    for (const ch of piece.text) {
      // SSML is on in this build: escape markup characters so they are read, not parsed.
      const out = XML_ESCAPES[ch] ?? (ch === '[' && piece.text[offset + 1] === '[' ? '[ ' : ch)
      const start = piece.exact ? piece.normStart + offset : piece.normStart
      const end = piece.exact ? start + ch.length : piece.normEnd
      push(out, start, end)
      offset += ch.length
    }
  }
  return { text, starts, ends }
}

export class EspeakEngine implements SpeechEngine {
  readonly id = 'espeak' as const
  private readonly variants: ReadonlySet<string>

  private constructor(
    private readonly worker: EspeakWorker,
    readonly sampleRate: number,
    private readonly voices: ReadonlySet<string>,
    private readonly fs: EspeakFs,
  ) {
    this.variants = KNOWN_VARIANTS
  }

  /** Variant files written for a timbre, by name. */
  private readonly timbreVariants = new Set<string>()

  /** The engine's memory as it was made (engines made `repeatable` only). */
  private initial: { module: EspeakModule; memory: Uint8Array } | undefined

  static async create(options: { repeatable?: boolean } = {}): Promise<EspeakEngine> {
    const module = await initEspeak()
    // eSpeak NG seeds its random numbers from the clock as it is made: a repeatable engine is
    // made with the clock held still, so every one starts from the same seed.
    const worker = options.repeatable
      ? withClockAtZero(() => new module.eSpeakNGWorker())
      : new module.eSpeakNGWorker()
    const voices = new Set<string>()
    for (const voice of worker.list_voices()) {
      voices.add(voice.identifier)
      for (const language of voice.languages) voices.add(language.name)
    }
    const engine = new EspeakEngine(
      worker,
      worker.get_samplerate(),
      voices,
      (module as unknown as { FS: EspeakFs }).FS,
    )
    if (options.repeatable) {
      // The first synthesis sets up state outside the memory (the callback's table slot), so
      // the snapshot is taken after one; a snapshot from before it would not survive a restore.
      worker.set_voice(voices.has('en') ? 'en' : (worker.list_voices()[0]?.identifier ?? 'en'))
      worker.synthesize('a', () => false)
      engine.initial = { module, memory: module.HEAPU8.slice() }
    }
    return engine
  }

  /**
   * Puts the engine back as it was made. eSpeak NG draws random numbers (breath noise, pitch
   * flutter) from state that carries over from call to call, so the same text comes out a
   * little different each time; work that must repeat to the sample (a song rendered again)
   * restores the engine first. The voice files live outside this memory and are untouched.
   */
  restoreInitialState(): void {
    if (!this.initial) throw new Error('This eSpeak NG engine was not made repeatable.')
    this.initial.module.HEAPU8.set(this.initial.memory)
  }

  /**
   * A voice's timbre made by eSpeak NG itself: a variant file derived from the base variant
   * with its formant frequencies and pitch scaled. Costs nothing per sample, unlike a formant
   * and pitch shift of the rendered audio.
   */
  private variantWithTimbre(base: string | undefined, timbre: EngineTimbre | undefined): string | undefined {
    if (!timbre) return base
    const formant = Math.round(timbre.formantScale * 100) / 100
    const pitch = Math.round(timbre.pitchScale * 100) / 100
    if (formant === 1 && pitch === 1) return base
    const name = `timbre-${base ?? 'default'}-${Math.round(formant * 100)}-${Math.round(pitch * 100)}`
    if (this.timbreVariants.has(name)) return name
    const source = base
      ? this.fs.readFile(`${VARIANT_DIR}/${base}`, { encoding: 'utf8' })
      : 'language variant\n'
    this.fs.writeFile(`${VARIANT_DIR}/${name}`, scaleVariant(source, formant, pitch))
    this.timbreVariants.add(name)
    return name
  }

  hasVoice(voice: string): boolean {
    return this.voices.has(voice)
  }

  /**
   * The text's words as eSpeak NG phonemises them (IPA, its own phonemiser), with eSpeak's
   * timing of each word: the phonemiser of neural voices trained on eSpeak NG phonemes (Piper).
   * eSpeak renders the text to produce its events; the samples are thrown away.
   */
  phonemize(pieces: EngineInput['pieces'], voice: string): { words: PhonemizedWord[]; duration: number } {
    if (!this.voices.has(voice)) {
      throw new SpeechError('invalid_voice', `eSpeak NG has no voice '${voice}'.`)
    }
    if (this.worker.set_voice(voice) !== 0) {
      throw new SpeechError('engine_failed', `eSpeak NG could not load voice '${voice}'.`)
    }
    // The fastest rate: eSpeak's cost follows the length of the audio it renders, and only the
    // phonemes and the words' relative timing are used.
    this.worker.set_rate(450)
    this.worker.set_pitch(50)
    this.worker.set_range(50)
    const engineText = buildEngineText({
      pieces,
      language: '',
      params: { engine: 'espeak', voice, rate: 450, pitch: 50, range: 50 },
      whisper: false,
    })
    const events: EspeakEvent[] = []
    let total = 0
    this.worker.synthesize(engineText.text, (samples, chunkEvents) => {
      total += samples.length
      events.push(...chunkEvents)
      return false
    })
    const duration = total / this.sampleRate
    const words: PhonemizedWord[] = []
    const positions: number[] = []
    const timings = wordTimings(events, engineText, duration)
    let timing = 0
    let current: PhonemizedWord | undefined
    for (const event of events) {
      if (event.type === 'word') {
        const first = event.text_position - 1
        if (first < 0 || first >= engineText.starts.length) {
          current = undefined
          continue
        }
        const t = timings[timing++]
        current = {
          ipa: '',
          punctuation: '',
          normStart: t?.normStart ?? engineText.starts[first]!,
          normEnd: t?.normEnd ?? engineText.ends[first]!,
          start: t?.start ?? event.audio_position / 1000,
          end: t?.end ?? event.audio_position / 1000,
        }
        words.push(current)
        positions.push(first + Math.max(1, event.word_length))
      } else if (event.type === 'phoneme' && current && typeof event.id === 'string') {
        // eSpeak marks some phonemes with control characters; they are not phonemes.
        current.ipa += [...event.id].filter((c) => c.charCodeAt(0) >= 32).join('')
      }
    }
    // Punctuation between a word and the next one (the model reads it as phrasing).
    for (let i = 0; i < words.length; i++) {
      const from = positions[i]!
      const nextWord = words[i + 1]
      const to = nextWord ? engineText.starts.findIndex((s, k) => k >= from && s >= nextWord.normStart) : -1
      const between = [...engineText.text].slice(from, to < 0 ? undefined : to).join('')
      words[i]!.punctuation = (between.match(CLAUSE_PUNCTUATION) ?? []).join('').slice(0, 3)
    }
    return { words: words.filter((w) => w.ipa.length > 0 || w.punctuation.length > 0), duration }
  }

  /**
   * Speech of one text with the time of every phoneme, for singing: the singer cuts it into
   * syllables. `range` 0 makes eSpeak NG speak on one pitch (a monotone), which the singer
   * then moves to each note.
   */
  speakPhonemes(
    text: string,
    voice: string,
    prosody: { rate: number; pitch: number; range: number },
  ): { samples: Float32Array; sampleRate: number; phonemes: SpokenPhoneme[] } {
    if (this.worker.set_voice(voice) !== 0) {
      throw new SpeechError('engine_failed', `eSpeak NG could not load voice '${voice}'.`)
    }
    this.worker.set_rate(Math.round(clamp(prosody.rate, 80, 450)))
    this.worker.set_pitch(Math.round(clamp(prosody.pitch, 0, 99)))
    this.worker.set_range(Math.round(clamp(prosody.range, 0, 99)))
    const engineText = buildEngineText({
      pieces: [{ kind: 'text', text, normStart: 0, normEnd: text.length, exact: true }],
      language: '',
      params: { engine: 'espeak', voice, ...prosody },
      whisper: false,
    })
    const chunks: Int16Array[] = []
    const phonemes: SpokenPhoneme[] = []
    let total = 0
    let word = -1
    this.worker.synthesize(engineText.text, (samples, events) => {
      if (samples.length > 0) {
        chunks.push(samples.slice())
        total += samples.length
      }
      for (const event of events) {
        if (event.type === 'word') word++
        else if (event.type === 'phoneme') {
          const ipa =
            typeof event.id === 'string' ? [...event.id].filter((c) => c.charCodeAt(0) >= 32).join('') : ''
          phonemes.push({ ipa, start: event.audio_position / 1000, word: Math.max(0, word) })
        }
      }
      return false
    })
    const samples = new Float32Array(total)
    let offset = 0
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) samples[offset + i] = chunk[i]! / 32768
      offset += chunk.length
    }
    return { samples, sampleRate: this.sampleRate, phonemes }
  }

  synthesize(input: EngineInput): EngineOutput {
    const params = input.params as EspeakParams
    if (!this.voices.has(params.voice)) {
      throw new SpeechError('invalid_voice', `eSpeak NG has no voice '${params.voice}'.`)
    }
    const base = input.whisper ? 'whisper' : params.variant
    if (base && !this.variants.has(base)) {
      throw new SpeechError('invalid_voice', `eSpeak NG has no variant '${base}'.`)
    }
    const variant = this.variantWithTimbre(base, input.timbre)
    if (this.worker.set_voice(variant ? `${params.voice}+${variant}` : params.voice) !== 0) {
      throw new SpeechError('engine_failed', `eSpeak NG could not load voice '${params.voice}'.`)
    }
    this.worker.set_rate(Math.round(clamp(params.rate, 80, 450)))
    this.worker.set_pitch(Math.round(clamp(params.pitch, 0, 99)))
    this.worker.set_range(Math.round(clamp(params.range, 0, 99)))
    const engineText = buildEngineText(input)
    const chunks: Int16Array[] = []
    const events: EspeakEvent[] = []
    let total = 0
    this.worker.synthesize(engineText.text, (samples, chunkEvents) => {
      if (samples.length > 0) {
        chunks.push(samples)
        total += samples.length
      }
      events.push(...chunkEvents)
      return false
    })
    const samples = new Float32Array(total)
    let offset = 0
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i++) samples[offset + i] = chunk[i]! / 32768
      offset += chunk.length
    }
    return {
      samples,
      sampleRate: this.sampleRate,
      words: wordTimings(events, engineText, total / this.sampleRate),
    }
  }
}

/** A phoneme as eSpeak NG spoke it: IPA (empty for a pause), start in seconds, word index. */
export interface SpokenPhoneme {
  ipa: string
  start: number
  word: number
}

/** One word as eSpeak NG speaks it: its IPA phonemes, text range and eSpeak's own timing. */
export interface PhonemizedWord {
  /** IPA with stress marks, as eSpeak NG's phoneme events give it (e.g. `həlˈoʊ`). */
  ipa: string
  /** Punctuation that follows the word in the text (`,`, `.`, `?`, ...), kept for the model. */
  punctuation: string
  normStart: number
  normEnd: number
  /** Seconds in eSpeak NG's rendering at its default rate. */
  start: number
  end: number
}

const CLAUSE_PUNCTUATION = /[,.;:!?¡¿—…]/g

interface EspeakFs {
  readFile(path: string, options: { encoding: 'utf8' }): string
  writeFile(path: string, data: string): void
}

/** A variant file's text with every formant frequency and the pitch line scaled. */
export function scaleVariant(source: string, formantScale: number, pitchScale: number): string {
  const lines = source.split('\n')
  const out: string[] = []
  let hasPitch = false
  const formants = new Set<number>()
  for (const line of lines) {
    const fields = line.trim().split(/\s+/)
    if (fields[0] === 'name') continue
    if (fields[0] === 'pitch' && fields.length >= 3) {
      hasPitch = true
      const [low, high] = [Number(fields[1]), Number(fields[2])]
      out.push(`pitch ${Math.round(low * pitchScale)} ${Math.round(high * pitchScale)}`)
      continue
    }
    if (fields[0] === 'formant' && fields.length >= 5) {
      formants.add(Number(fields[1]))
      const freq = Math.round(Number(fields[2]) * formantScale)
      out.push(['formant', fields[1], String(freq), ...fields.slice(3)].join(' '))
      continue
    }
    out.push(line)
  }
  if (!hasPitch && pitchScale !== 1) {
    const [, low, high] = DEFAULT_PITCH_LINE.split(' ').map(Number)
    out.push(`pitch ${Math.round(low! * pitchScale)} ${Math.round(high! * pitchScale)}`)
  }
  // Formants the base leaves at 100% (frequency, height, width).
  for (let n = 0; n <= 8; n++) {
    if (!formants.has(n) && formantScale !== 1)
      out.push(`formant ${n} ${Math.round(100 * formantScale)} 100 100`)
  }
  return `${out.join('\n')}\n`
}

function wordTimings(events: readonly EspeakEvent[], engineText: EngineText, duration: number): WordTiming[] {
  const words: WordTiming[] = []
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!
    if (event.type !== 'word') continue
    const first = event.text_position - 1
    const last = Math.min(engineText.starts.length - 1, first + Math.max(1, event.word_length) - 1)
    if (first < 0 || first >= engineText.starts.length) continue
    const start = event.audio_position / 1000
    // A word ends at the next word, the next pause phoneme or the end of the clause.
    let end = duration
    for (let j = i + 1; j < events.length; j++) {
      const next = events[j]!
      const pause = next.type === 'phoneme' && (next.id === '' || next.id === '_')
      if (next.type === 'word' || next.type === 'end' || pause) {
        end = next.audio_position / 1000
        break
      }
    }
    words.push({
      start,
      end: Math.max(start, Math.min(end, duration)),
      normStart: engineText.starts[first]!,
      normEnd: engineText.ends[last]!,
    })
  }
  return words
}

/** Runs `make` (synchronous, so nothing else sees it) with `Date.now()` answering 0. */
function withClockAtZero<T>(make: () => T): T {
  const now = Date.now
  Date.now = () => 0
  try {
    return make()
  } finally {
    Date.now = now
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}

/** Variant files shipped in the package's espeak-ng-data/voices/!v. */
export const KNOWN_VARIANTS: ReadonlySet<string> = new Set([
  ...['f1', 'f2', 'f3', 'f4', 'f5', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8'],
  ...['klatt', 'klatt2', 'klatt3', 'klatt4', 'klatt5', 'klatt6', 'whisper', 'whisperf', 'croak'],
  ...['Alex', 'Alicia', 'Andrea', 'Andy', 'Annie', 'Denis', 'Diogo', 'Gene', 'Gene2', 'Henrique', 'Hugo'],
  ...['Jacky', 'Lee', 'Marco', 'Mario', 'Michael', 'Mike', 'Reed', 'Storm', 'Tweaky', 'adam', 'anika'],
  ...['announcer', 'antonio', 'aunty', 'belinda', 'benjamin', 'boris', 'caleb', 'david', 'ed', 'edward'],
  ...['edward2', 'grandma', 'grandpa', 'gustave', 'ian', 'iven', 'iven2', 'iven3', 'iven4', 'john'],
  ...['kaukovalta', 'linda', 'marcelo', 'max', 'michel', 'miguel', 'mike2', 'norbert', 'pablo', 'paul'],
  ...['pedro', 'quincy', 'rob', 'robert', 'sandro', 'shelby', 'steph', 'steph2', 'steph3', 'travis'],
  ...['victor', 'zac'],
])
