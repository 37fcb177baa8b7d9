import { AGENT_DEFAULT_AUDIO_FORMAT, AGENT_DEFAULT_TTS_MODEL, AGENT_DEFAULT_VOICE_ID } from '@timbre/contract'
import {
  type AudioInputStream,
  createAudioInputStream,
  encodeWhole,
  parseOutputFormat,
  type Recogniser,
  type SpeechService,
} from '@timbre/speech'
import { AppError } from '../../../errors.js'
import type { FileStorage } from '../../../lib/storage.js'
import type { VoiceLookup } from '../../../platform/generation/ports.js'
import { type JsonObject, pathOf } from '../agent-config.js'
import { AgentSpeech, type SpeechVoice } from './agent-speech.js'
import { CallRecording } from './call-recording.js'
import { serverEvents } from './conversation-messages.js'
import { dtmfSamples } from './system-tools.js'
import { inputFormatOf, silenceSecondsOf, type Utterance, VoiceInput } from './voice-input.js'

// The audio side of a conversation: the caller's audio in (voice activity, recognition), the
// agent's replies out as speech in the agent's output format, barge-in, and the recording of both.

export interface VoiceDeps {
  speech: SpeechService
  voices: VoiceLookup
  recogniser: Recogniser
  storage: FileStorage
}

export interface VoiceHooks {
  send(message: object): void
  onUtterance(utterance: Utterance): void
  /** The caller started speaking (after the minimum speech length). */
  onSpeechStart(): void
  onError(error: unknown): void
}

export interface Reply {
  speech: AgentSpeech
  eventId: number
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback
}

export class VoiceChannel {
  private current: Reply | null = null
  private agentDecoder: AudioInputStream | null = null

  private constructor(
    private readonly deps: VoiceDeps,
    private readonly hooks: VoiceHooks,
    private readonly input: VoiceInput,
    private voice: SpeechVoice,
    readonly inputFormat: string,
    readonly outputFormat: string,
    readonly recording: CallRecording,
  ) {}

  static async open(
    deps: VoiceDeps,
    workspaceId: string,
    config: JsonObject,
    hooks: VoiceHooks,
  ): Promise<VoiceChannel> {
    const tts = pathOf(config, 'tts') ?? {}
    const voice = await speechVoiceOf(deps, workspaceId, config)
    const inputFormat = String(pathOf(config, 'asr', 'user_input_audio_format') ?? AGENT_DEFAULT_AUDIO_FORMAT)
    const outputFormat = String(pathOf(tts, 'agent_output_audio_format') ?? AGENT_DEFAULT_AUDIO_FORMAT)
    const input = new VoiceInput(
      inputFormatOf(inputFormat),
      deps.recogniser,
      silenceSecondsOf(pathOf(config, 'turn', 'turn_eagerness')),
      {
        onSpeechStart: () => hooks.onSpeechStart(),
        onVadScore: (score) => hooks.send(serverEvents.vadScore(score)),
        onUtterance: (u) => hooks.onUtterance(u),
        onSamples: (samples) => channel.recording.userAudio(samples),
        onError: (error) => hooks.onError(error),
      },
    )
    const maxSeconds = numberOr(pathOf(config, 'conversation', 'max_duration_seconds'), 600)
    const channel = new VoiceChannel(
      deps,
      hooks,
      input,
      voice,
      inputFormat,
      outputFormat,
      new CallRecording(maxSeconds + 5),
    )
    await input.open()
    const out = inputFormatOf(outputFormat)
    channel.agentDecoder = await createAudioInputStream(out.sampleRate, out.encoding)
    return channel
  }

  /** Speaks from the next reply on in the voice a configuration names (a workflow node's, say). */
  async useVoice(workspaceId: string, config: JsonObject): Promise<void> {
    this.voice = await speechVoiceOf(this.deps, workspaceId, config)
  }

  /** A `user_audio_chunk`: throws BrokenAudio when it is not whole samples of base64. */
  async audio(base64: string): Promise<void> {
    await this.input.push(this.input.decode(base64))
  }

  /** Starts speaking a reply under `eventId`; text is written to it as it comes. */
  reply(eventId: number): Reply {
    this.current?.speech.stop()
    const speech = new AgentSpeech(
      this.deps.speech,
      parseOutputFormat(this.outputFormat),
      this.voice,
      (audio) => {
        this.hooks.send(serverEvents.audio(Buffer.from(audio).toString('base64'), eventId))
        const samples = this.agentDecoder?.push(audio)
        if (samples) this.recording.agentAudio(samples)
      },
    )
    const reply = { speech, eventId }
    this.current = reply
    return reply
  }

  /** The agent speaks on in another voice of the workspace (a language switch, a transfer). */
  async switchVoice(workspaceId: string, voiceId: string): Promise<void> {
    const usable = await this.deps.voices.findUsable(workspaceId, voiceId)
    if (usable) this.voice = { ...this.voice, voice: usable.definition }
  }

  /** Plays keypad tones to the line under `eventId`, as agent audio (and into the recording). */
  async playTones(eventId: number, tones: string): Promise<void> {
    const format = parseOutputFormat(this.outputFormat)
    const samples = dtmfSamples(tones, format.sampleRate)
    const audio = encodeWhole(format, samples)
    this.hooks.send(serverEvents.audio(Buffer.from(audio).toString('base64'), eventId))
    const heard = this.agentDecoder?.push(audio)
    if (heard) this.recording.agentAudio(heard)
    // The line hears the tones in real time; the agent's next words come after them.
    await new Promise((resolve) => setTimeout(resolve, (samples.length / format.sampleRate) * 1000))
  }

  /**
   * The caller speaks over the agent: its speech stops at once, and the reply's words the
   * caller heard are returned (null when the agent was not speaking).
   */
  bargeIn(): { eventId: number; heard: string; original: string } | null {
    const reply = this.current
    const now = performance.now()
    if (!reply?.speech.speaking(now)) return null
    reply.speech.stop()
    this.current = null
    this.recording.cutAgentAt(now)
    return { eventId: reply.eventId, heard: reply.speech.heardText(now), original: reply.speech.spokenText }
  }

  /** Waits (at most `ms`) for the reply being spoken to be heard to its end. */
  async drain(ms: number): Promise<void> {
    const started = performance.now()
    while (this.current?.speech.speaking() && performance.now() - started < ms)
      await new Promise((r) => setTimeout(r, 50))
  }

  async close(): Promise<void> {
    this.current?.speech.stop()
    this.agentDecoder?.close()
    await this.input.close()
  }
}

/** The voice, model and settings a configuration's tts section names, checked usable. */
async function speechVoiceOf(deps: VoiceDeps, workspaceId: string, config: JsonObject): Promise<SpeechVoice> {
  const tts = pathOf(config, 'tts') ?? {}
  const voiceId = String(pathOf(tts, 'voice_id') ?? AGENT_DEFAULT_VOICE_ID)
  const usable = await deps.voices.findUsable(workspaceId, voiceId)
  if (!usable)
    throw new AppError('voice_not_found', {
      message: `The agent's voice ${voiceId} was not found.`,
      param: 'voice_id',
    })
  const defaults = usable.settings
  return {
    voice: usable.definition,
    modelId: String(pathOf(tts, 'model_id') ?? AGENT_DEFAULT_TTS_MODEL),
    voiceSettings: {
      stability: numberOr(pathOf(tts, 'stability'), defaults?.stability ?? 0.5),
      similarity_boost: numberOr(pathOf(tts, 'similarity_boost'), defaults?.similarity_boost ?? 0.75),
      speed: numberOr(pathOf(tts, 'speed'), defaults?.speed ?? 1),
    },
  }
}
