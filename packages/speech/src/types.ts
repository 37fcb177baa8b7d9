// Public data types of the speech package. Everything here is plain data (JSON-serialisable),
// so the server can store custom voices in its database and pass them back in.
import type { PronunciationRule } from './text/types.js'

export type EngineId = 'espeak' | 'flite' | 'piper' | 'kokoro'

/** eSpeak NG: a language voice (`de`, `en-us`, `gmq/sv`, ...) plus a variant (`f3`, `m2`, `klatt4`, ...). */
export interface EspeakParams {
  engine: 'espeak'
  /** eSpeak voice identifier or language name, e.g. `de`, `en-us`, `pt`, `ja`. */
  voice: string
  /** eSpeak variant file name (`f1`..`f5`, `m1`..`m8`, `klatt`, `whisper`, ...); none = the language default. */
  variant?: string
  /** Words per minute at speed 1.0 (eSpeak: 80-450, 175 is its default). */
  rate: number
  /** Base pitch, 0-99 (eSpeak's scale, 50 default). */
  pitch: number
  /** Pitch range (intonation), 0-99 (50 default). */
  range: number
}

/** Flite: one of the compiled-in English voices. */
export interface FliteParams {
  engine: 'flite'
  voice: 'slt' | 'rms' | 'awb' | 'kal16'
  /** Duration multiplier at speed 1.0 (> 1 is slower). */
  durationStretch: number
  /** Target mean f0 in Hz; none = the voice's own. */
  f0Mean?: number
  /** Target f0 standard deviation in Hz (intonation); none = the voice's own. */
  f0Stddev?: number
}

/**
 * Piper: a neural voice model (ONNX) from the models directory, with eSpeak NG as its
 * phonemiser. `model` is the absolute path of the `.onnx` file; its config is `<model>.json`.
 */
export interface PiperParams {
  engine: 'piper'
  model: string
  /** Speaker index of a multi-speaker model (0 for a single-speaker one). */
  speaker: number
  /** Phoneme duration multiplier at speed 1.0 (> 1 is slower); the model config's default. */
  lengthScale: number
  /** Variation of the voice (the model's noise_scale). */
  noiseScale: number
  /** Variation of phoneme durations (the model's noise_w). */
  noiseW: number
}

/**
 * Kokoro: a neural model (ONNX) from a folder of the models directory, with eSpeak NG as its
 * phonemiser and one style vector table per voice.
 */
export interface KokoroParams {
  engine: 'kokoro'
  /** Absolute path of the `.onnx` model; its `config.json` (vocabulary) is `config`. */
  model: string
  config: string
  /** Absolute path of the voice's file (`.npy`, `.bin`) or of the archive that holds it. */
  voices: string
  /** True when `voices` is an archive of several voices. */
  archive: boolean
  /** The voice's name (`af_heart`): its language letter, gender letter and name. */
  voice: string
  /** Speaking rate at speed 1.0 (Kokoro's `speed`, > 1 is faster). */
  speed: number
}

export type EngineParams = EspeakParams | FliteParams | PiperParams | KokoroParams

/** Post-processing that gives a voice its own timbre; applied after the engine, before encoding. */
export interface VoiceDsp {
  /** Pitch shift in semitones through Rubber Band (formants follow `formantScale`). */
  pitchSemitones: number
  /** Formant scale, 1 = unchanged, > 1 = smaller vocal tract (brighter), < 1 = larger (darker). */
  formantScale: number
  /** Shelving/peaking EQ in dB. */
  lowShelfDb: number
  presenceDb: number
  highShelfDb: number
  /**
   * Gains (dB) of five octave-wide bands at 250 Hz to 4 kHz: the colour fitted to a clone's
   * samples (their long-term spectrum against the base voice's). Absent on designed voices.
   */
  envelopeDb?: number[]
  /** Gain in dB before loudness normalisation (affects nothing when speaker boost normalises). */
  gainDb: number
}

export interface VoiceLabels {
  accent: string
  age: string
  gender: string
  use_case: string
  descriptive: string
  language: string
}

export interface VoiceDefinition {
  /** 20 characters of [A-Za-z0-9], like the public API's ids. */
  voice_id: string
  name: string
  description: string
  labels: VoiceLabels
  /** ISO 639-1. */
  language: string
  /** BCP 47 locale, e.g. `en-US`. */
  locale: string
  preview_text: string
  engine: EngineParams
  dsp: VoiceDsp
}

/** `voice_settings` of the public API. */
export interface VoiceSettings {
  stability: number
  similarity_boost: number
  style: number
  speed: number
  use_speaker_boost: boolean
  volume?: number
}

export interface SpeechRequest {
  text: string
  voice: VoiceDefinition
  modelId: string
  /** ISO 639-1; defaults to the voice's language. */
  languageCode?: string
  voiceSettings?: Partial<VoiceSettings>
  /** 0..4294967295; the same seed with the same input gives identical bytes. */
  seed?: number
  applyTextNormalization?: 'auto' | 'on' | 'off'
  pronunciationRules?: PronunciationRule[]
  /** Context only (prosody continuity); not spoken. */
  previousText?: string
  nextText?: string
}

/** Character timings as in the public API; times in seconds from the start of the output. */
export interface CharAlignment {
  characters: string[]
  character_start_times_seconds: number[]
  character_end_times_seconds: number[]
}

export interface SpeechChunk {
  audio: Uint8Array
  alignment: CharAlignment | null
  normalizedAlignment: CharAlignment | null
}

export interface SynthesisResult {
  audio: Uint8Array
  alignment: CharAlignment
  normalizedAlignment: CharAlignment
  durationSeconds: number
  contentType: string
  /** The text actually spoken (after tags, aliases and normalisation). */
  normalizedText: string
}

/** Mono PCM at `sampleRate` with the timings of the characters it speaks. */
export interface PcmChunk {
  samples: Float32Array
  sampleRate: number
  alignment: CharAlignment | null
  normalizedAlignment: CharAlignment | null
}
