import { DEFAULT_OUTPUT_FORMAT, SPEECH_TO_TEXT_MODEL_IDS, speechToTextCredits } from '@timbre/contract'
import {
  type AudioInputStream,
  bytesPerSample,
  createAudioInputStream,
  createVoiceActivityStream,
  parseOutputFormat,
  RECOGNITION_SAMPLE_RATE,
  type Recogniser,
  VAD_WINDOW_SAMPLES,
  type VoiceActivityStream,
} from '@timbre/speech'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import type { Recorder, Recording } from '../../recording/recording.module.js'
import { apiWords } from '../transcript-words.js'
import { LEAD_IN_SECONDS, LiveTranscriber } from './live-transcriber.js'
import { RealtimeRefusal, type ServerMessage } from './realtime.messages.js'
import { AUDIO_FORMATS, clientEnvelope, inputAudioChunk, type RealtimeQuery } from './realtime.schemas.js'
import { UtteranceDetector } from './utterance-detector.js'

/** The longest session, in seconds of audio received; the price of that much is reserved up front. */
export const REALTIME_MAX_AUDIO_SECONDS = 10 * 60
/** The largest message (characters of JSON): about 150 KB of audio once decoded. */
export const REALTIME_MAX_MESSAGE_CHARS = 200_000
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
 * activity as they come; each utterance is fed to a recognition stream while it is spoken, its
 * running hypothesis goes out as the partial transcript, and a commit (the client's, or the end
 * of an utterance under the VAD strategy) sends the words of the utterances since the last one,
 * which by then only had their last moments left to decode.
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
  private readonly transcriber: LiveTranscriber
  /** Voice activity windows completed so far (each ends VAD_WINDOW_SAMPLES further on). */
  private windows = 0
  /** Seconds of audio received, at the client's rate. */
  private receivedSeconds = 0
  private lastPartialText = ''
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
    // An utterance's start lies up to the minimum speech length (and a window) before the
    // window that confirms it, and its lead-in before that.
    const reachBack = (LEAD_IN_SECONDS + query.min_speech_duration_ms / 1000) * RECOGNITION_SAMPLE_RATE
    this.transcriber = new LiveTranscriber(
      deps.recogniser,
      this.keyterms,
      Math.ceil(reachBack) + 2 * VAD_WINDOW_SAMPLES,
      (text) => this.partial(text),
    )
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
    // Opens a live decoder (the first use in a process loads the model) while the client starts
    // sending: after `session_started`, so the client is not kept waiting on the model's load.
    const warmUp = this.deps.recogniser.startStream()
    warmUp.push(new Float32Array(RECOGNITION_SAMPLE_RATE / 10))
    void warmUp.finish().catch(() => undefined)
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
    this.transcriber.append(samples)
    for (const p of await this.vad.push(samples)) {
      this.windows++
      const event = this.detector.window(p)
      if (event?.type === 'start') this.transcriber.start(event.at)
      if (event?.type === 'end') {
        // The utterance ends with the window that confirmed its end: what follows is not its.
        this.transcriber.feedTo(this.windows * VAD_WINDOW_SAMPLES)
        this.transcriber.end()
        if (this.query.commit_strategy === 'vad') this.commit(false)
      }
    }
    this.transcriber.feedTo()
    this.transcriber.trim(this.windows * VAD_WINDOW_SAMPLES)
  }

  /** The utterance under way sounds different: its words so far go out as a partial transcript. */
  private partial(text: string): void {
    if (this.closed || !text || text === this.lastPartialText) return
    this.lastPartialText = text
    this.markTranscribed()
    this.send({ message_type: 'partial_transcript', text })
  }

  /**
   * Ends the utterance under way (if any) and queues the sending of every utterance since the
   * last commit; the committed transcripts go out in the order of the commits.
   */
  private commit(byClient: boolean): void {
    this.transcriber.restart()
    const words = this.transcriber.take()
    // A failed decode is reported in commit order below, never as an unhandled rejection.
    words.catch(() => undefined)
    this.lastPartialText = ''
    this.detector.restartAt(this.transcriber.receivedSamples / RECOGNITION_SAMPLE_RATE)
    this.commits = this.commits
      .then(async () => this.sendCommitted(await words, byClient))
      .catch((error: unknown) => {
        if (!this.closed) this.fail(error)
      })
  }

  private sendCommitted(words: Awaited<ReturnType<LiveTranscriber['take']>>, byClient: boolean): void {
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
    await this.transcriber.close()
    await this.commits
    // Settles the delivered share only: the rest of the up-front reservation goes back.
    await this.recording?.fail()
  }
}
