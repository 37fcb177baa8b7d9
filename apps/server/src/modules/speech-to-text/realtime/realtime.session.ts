import { DEFAULT_OUTPUT_FORMAT, SPEECH_TO_TEXT_MODEL_IDS, speechToTextCredits } from '@timbre/contract'
import {
  type AudioInputStream,
  bytesPerSample,
  createAudioInputStream,
  createVoiceActivityStream,
  parseOutputFormat,
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type Recogniser,
  transcribe,
  type VoiceActivityStream,
} from '@timbre/speech'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import type { Recorder, Recording } from '../../recording/recording.module.js'
import { apiWords } from '../transcript-words.js'
import { RealtimeRefusal, type ServerMessage } from './realtime.messages.js'
import { AUDIO_FORMATS, clientEnvelope, inputAudioChunk, type RealtimeQuery } from './realtime.schemas.js'
import { SampleBuffer } from './sample-buffer.js'
import { UtteranceDetector } from './utterance-detector.js'

/** The longest session, in seconds of audio received; the price of that much is reserved up front. */
export const REALTIME_MAX_AUDIO_SECONDS = 10 * 60
/** The largest message (characters of JSON): about 150 KB of audio once decoded. */
export const REALTIME_MAX_MESSAGE_CHARS = 200_000
/**
 * A partial transcript re-decodes the utterance at most once per this much new audio, and after
 * at least twice as much audio as the last decode took: a long utterance gets fewer partials,
 * and a session keeps a decoder busy at most half the time.
 */
const PARTIAL_EVERY_SECONDS = 0.4
/** Audio kept before an utterance's detected start, so its first sound is not cut. */
const LEAD_IN_SECONDS = 0.3
export const REALTIME_MODEL_IDS = ['scribe_v2_realtime', ...SPEECH_TO_TEXT_MODEL_IDS] as const
const LANGUAGE_CODES: Record<string, string> = { en: 'eng', eng: 'eng' }
/** The recorder needs an output format; a transcript has no audio, so none is ever stored. */
const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export interface RealtimeDeps {
  recogniser: Recogniser
  recorder: Recorder
}

/**
 * One realtime transcription socket. Audio chunks are decoded to 16 kHz and run through voice
 * activity as they come; while someone speaks, the utterance so far is re-decoded for partial
 * transcripts, and a commit (the client's, or the end of an utterance under the VAD strategy)
 * decodes everything since the last commit into a committed transcript.
 *
 * Credits: the price of the longest session is reserved when it opens (which also holds a
 * concurrency slot for its whole life). Every transcript with words marks the audio received
 * so far as delivered, and the session settles for the delivered share when it ends, however it
 * ends, so a dropped connection or a crashed process charges what was transcribed, once. A
 * session whose audio held no words costs nothing, as a silent file does.
 */
export class RealtimeSession {
  readonly id = newId()
  private audioIn: AudioInputStream | null = null
  private vad: VoiceActivityStream | null = null
  private recording: Recording | null = null
  private readonly detector: UtteranceDetector
  /** 16 kHz audio since the last commit (silence before any speech trimmed). */
  private readonly pending = new SampleBuffer()
  /** Session sample index of `pending`'s first sample. */
  private pendingStart = 0
  /** 16 kHz samples received in all. */
  private received16k = 0
  /** Seconds of audio received, at the client's rate. */
  private receivedSeconds = 0
  private spokeSinceCommit = false
  /** The 16 kHz sample count at which the next partial may be decoded. */
  private nextPartialAt = 0
  private lastPartialText = ''
  private partialInFlight = false
  /** Bumped at each commit, so a partial decoded before it is not sent after it. */
  private utterance = 0
  private closed = false
  /** Commits decode one after another, beside the audio that keeps arriving. */
  private commits: Promise<void> = Promise.resolve()
  /** Whether any transcript with words went out. */
  private wordsSent = false
  private readonly format: (typeof AUDIO_FORMATS)[keyof typeof AUDIO_FORMATS]
  private readonly keyterms: string[]

  constructor(
    private readonly deps: RealtimeDeps,
    private readonly principal: Principal,
    private readonly query: RealtimeQuery,
    private readonly requestId: string,
    private readonly send: (message: ServerMessage) => void,
    /** A partial decode failed after its message was handled: report it. */
    private readonly fail: (error: unknown) => void,
  ) {
    this.format = AUDIO_FORMATS[query.audio_format]
    this.keyterms = query.keyterms ?? []
    this.detector = new UtteranceDetector({
      threshold: query.vad_threshold,
      minSpeechSeconds: query.min_speech_duration_ms / 1000,
      silenceSeconds: query.vad_silence_threshold_secs,
    })
  }

  /** Checks the parameters, reserves the session and sends `session_started`. */
  async open(): Promise<void> {
    const { query } = this
    if (!(REALTIME_MODEL_IDS as readonly string[]).includes(query.model_id))
      throw new RealtimeRefusal(
        'invalid_request',
        `model_id must be one of ${REALTIME_MODEL_IDS.join(', ')}.`,
        true,
      )
    const language = query.language_code ? LANGUAGE_CODES[query.language_code.toLowerCase()] : 'eng'
    if (!language)
      throw new RealtimeRefusal('invalid_request', 'language_code: only English (en) is available.', true)
    const unavailable = this.deps.recogniser.unavailable()
    if (unavailable) throw new RealtimeRefusal('transcriber_error', 'Speech to text is not available.', true)
    this.recording = await this.deps.recorder.begin({
      principal: this.principal,
      requestId: this.requestId,
      kind: 'speech-to-text',
      format: NO_AUDIO_FORMAT,
      costMultiplier: 1,
      history: null,
      meter: { modelId: query.model_id, resourceId: null },
      charge: {
        text: 'realtime transcription',
        hash: null,
        credits: speechToTextCredits(REALTIME_MAX_AUDIO_SECONDS),
        seconds: REALTIME_MAX_AUDIO_SECONDS,
      },
    })
    // Opens a decoder (the first use in a process loads the model) while the client connects.
    void this.deps.recogniser.recognise(new Float32Array(RECOGNITION_SAMPLE_RATE / 10)).catch(() => undefined)
    this.audioIn = await createAudioInputStream(this.format.sampleRate, this.format.encoding)
    this.vad = await createVoiceActivityStream()
    this.send({
      message_type: 'session_started',
      session_id: this.id,
      config: {
        sample_rate: this.format.sampleRate,
        audio_format: query.audio_format,
        language_code: query.language_code ?? null,
        commit_strategy: query.commit_strategy,
        vad_silence_threshold_secs: query.vad_silence_threshold_secs,
        vad_threshold: query.vad_threshold,
        min_speech_duration_ms: query.min_speech_duration_ms,
        min_silence_duration_ms: query.min_silence_duration_ms,
        model_id: query.model_id,
        enable_logging: query.enable_logging,
        include_timestamps: query.include_timestamps,
        include_language_detection: query.include_language_detection,
        keyterms: this.keyterms,
      },
    })
  }

  /** One client message. Refusals of a single message leave the session open. */
  async handle(raw: string): Promise<void> {
    if (this.closed || !this.audioIn) return
    if (raw.length > REALTIME_MAX_MESSAGE_CHARS)
      throw new RealtimeRefusal(
        'chunk_size_exceeded',
        `A message may hold at most ${REALTIME_MAX_MESSAGE_CHARS} characters; send the audio in smaller chunks.`,
      )
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      throw new RealtimeRefusal('input_error', 'Each message must be a JSON object.')
    }
    const envelope = clientEnvelope.safeParse(json)
    if (!envelope.success) throw new RealtimeRefusal('input_error', 'A message needs a message_type.')
    if (envelope.data.message_type !== 'input_audio_chunk')
      throw new RealtimeRefusal(
        'input_error',
        `Unknown message_type '${envelope.data.message_type}'; send input_audio_chunk messages.`,
      )
    const parsed = inputAudioChunk.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      throw new RealtimeRefusal('input_error', `${issue?.path.join('.') || 'message'}: ${issue?.message}`)
    }
    const chunk = parsed.data
    await this.audio(this.decodeChunk(chunk.audio_base_64, chunk.sample_rate))
    if (chunk.commit) this.commit(true)
  }

  /** The chunk's bytes, once they are known to be whole samples at the session's rate. */
  private decodeChunk(base64: string, sampleRate: number | undefined): Uint8Array {
    if (sampleRate !== undefined && sampleRate !== this.format.sampleRate)
      throw new RealtimeRefusal(
        'input_error',
        `sample_rate ${sampleRate} does not match the session's audio_format ${this.query.audio_format} (${this.format.sampleRate} Hz).`,
      )
    if (base64.length % 4 !== 0 || !BASE64.test(base64))
      throw new RealtimeRefusal('input_error', 'audio_base_64 is not valid base64.')
    const bytes = Buffer.from(base64, 'base64')
    if (bytes.length % bytesPerSample(this.format.encoding) !== 0)
      throw new RealtimeRefusal('input_error', 'audio_base_64 must hold whole 16-bit samples.')
    const seconds = bytes.length / bytesPerSample(this.format.encoding) / this.format.sampleRate
    if (this.receivedSeconds + seconds > REALTIME_MAX_AUDIO_SECONDS + 1e-6)
      throw new RealtimeRefusal(
        'session_time_limit_exceeded',
        `A session may transcribe at most ${REALTIME_MAX_AUDIO_SECONDS / 60} minutes of audio; open a new one.`,
        true,
      )
    return bytes
  }

  private async audio(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0 || !this.audioIn || !this.vad) return
    this.receivedSeconds += bytes.length / bytesPerSample(this.format.encoding) / this.format.sampleRate
    const samples = this.audioIn.push(bytes)
    this.pending.append(samples)
    this.received16k += samples.length
    let ended = false
    for (const p of await this.vad.push(samples)) {
      const event = this.detector.window(p)
      if (event?.type === 'start') {
        this.spokeSinceCommit = true
        this.nextPartialAt = Math.round((event.at + PARTIAL_EVERY_SECONDS) * RECOGNITION_SAMPLE_RATE)
      }
      if (event?.type === 'end') ended = true
    }
    if (ended && this.query.commit_strategy === 'vad') return this.commit(false)
    if (!this.spokeSinceCommit) {
      // Silence before any speech is never transcribed: keep only the lead-in.
      this.pendingStart += this.pending.keepLast(Math.round(LEAD_IN_SECONDS * RECOGNITION_SAMPLE_RATE))
    }
    this.maybePartial()
  }

  /** Re-decodes the utterance under way when enough new audio came, one decode at a time. */
  private maybePartial(): void {
    if (!this.detector.speaking || this.partialInFlight) return
    if (this.received16k < this.nextPartialAt) return
    const startedAt = this.received16k
    const began = performance.now()
    const from = Math.round((this.detector.utteranceStart - LEAD_IN_SECONDS) * RECOGNITION_SAMPLE_RATE)
    const audio = this.pending.copy(from - this.pendingStart)
    const utterance = this.utterance
    this.partialInFlight = true
    this.deps.recogniser
      .recognise(audio, { keyterms: this.keyterms })
      .then((words) => {
        const text = words.map((w) => w.text).join(' ')
        if (this.closed || utterance !== this.utterance || !text || text === this.lastPartialText) return
        this.lastPartialText = text
        this.markTranscribed()
        this.send({ message_type: 'partial_transcript', text })
      })
      .catch((error: unknown) => {
        if (!this.closed) this.fail(error)
      })
      .finally(() => {
        this.partialInFlight = false
        const took = (performance.now() - began) / 1000
        // A partial of an utterance already committed says nothing about the next one's pace.
        if (utterance === this.utterance)
          this.nextPartialAt =
            startedAt + Math.round(Math.max(PARTIAL_EVERY_SECONDS, 2 * took) * RECOGNITION_SAMPLE_RATE)
        // Audio that came during the decode may already be due (it will not arrive again).
        if (!this.closed) this.maybePartial()
      })
  }

  /**
   * Cuts the audio since the last commit off and queues its decoding; the committed
   * transcripts go out in the order of the commits.
   */
  private commit(byClient: boolean): void {
    const audio = this.pending.copy()
    const offset = this.pendingStart / RECOGNITION_SAMPLE_RATE
    const spoke = this.spokeSinceCommit
    this.utterance++
    this.pendingStart += this.pending.length
    this.pending.clear()
    this.spokeSinceCommit = false
    this.lastPartialText = ''
    this.detector.restartAt(this.received16k / RECOGNITION_SAMPLE_RATE)
    if (this.detector.speaking) this.spokeSinceCommit = true
    this.commits = this.commits
      .then(() => this.decodeCommitted(audio, offset, spoke, byClient))
      .catch((error: unknown) => {
        if (!this.closed) this.fail(error)
      })
  }

  private async decodeCommitted(
    audio: Float32Array,
    offset: number,
    spoke: boolean,
    byClient: boolean,
  ): Promise<void> {
    const found =
      audio.length > 0 && spoke
        ? await transcribe(this.deps.recogniser, audio, { keyterms: this.keyterms })
        : null
    const words: RecognisedWord[] = (found?.words ?? []).map((w) => ({
      ...w,
      start: w.start + offset,
      end: w.end + offset,
    }))
    const text = words.map((w) => w.text).join(' ')
    // A VAD commit with nothing recognised says nothing; the client's own commit is answered.
    if (this.closed || (!text && !byClient)) return
    if (text) this.markTranscribed()
    this.send({ message_type: 'committed_transcript', text })
    if (this.query.include_timestamps || this.query.include_language_detection)
      this.send({
        message_type: 'committed_transcript_with_timestamps',
        text,
        language_code: this.query.include_language_detection || this.query.language_code ? 'eng' : null,
        words: this.query.include_timestamps
          ? apiWords(words, { granularity: 'word', speakerOf: () => null })
          : [],
      })
  }

  /** Transcript words went out: the audio received so far is charged from now on. */
  private markTranscribed(): void {
    this.wordsSent = true
    this.recording?.delivered({
      audio: new Uint8Array(0),
      alignment: null,
      characters: 0,
      piece: 0,
      endSeconds: this.receivedSeconds,
    })
  }

  /**
   * The connection ended: settles for the audio received when any words went out (like a file,
   * the whole of it), or releases the reservation when none did. Safe to call more than once.
   */
  async end(): Promise<void> {
    if (this.closed) return
    if (this.wordsSent) this.markTranscribed()
    this.closed = true
    this.audioIn?.close()
    await this.vad?.close().catch(() => undefined)
    await this.commits
    // Settles the delivered share only: the rest of the up-front reservation goes back.
    await this.recording?.fail()
  }
}
