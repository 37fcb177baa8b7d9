// Public API of @timbre/speech: engines, voices, models, formats, encoders and the
// worker-pool service the server calls. No HTTP, no database.

export {
  type AlignedSpan,
  alignBySynthesis,
  synthesisAlignsLanguage,
} from './alignment/synthesis-alignment.js'
export { cloneBaseVoices } from './analysis/clone-bases.js'
export { type CloneBase, deriveCloneVoice, nearestBase, refineClone } from './analysis/clone-voice.js'
export { compareFeatures, type FeatureComparison } from './analysis/compare-voices.js'
export { type SpeakingRate, speakingRate } from './analysis/speaking-rate.js'
export { type SpectralEnvelope, spectralEnvelope } from './analysis/spectral-envelope.js'
export {
  analyseVoice,
  combineFeatures,
  PITCH_TRACK_HOP_SECONDS,
  pitchTrack,
  plausibleRate,
  similarityOf,
  type VoiceFeatures,
  voiceDistance,
} from './analysis/voice-analysis.js'
export type { ConversionOpened } from './conversion/conversion-session.js'
export {
  type ConversionReport,
  convertVoice,
  openVoiceConversion,
  pitchRatios,
  type VoiceConversion,
  type VoiceProfile,
  voiceProfile,
} from './conversion/convert-voice.js'
export {
  type Age,
  describedLanguage,
  emptyTraits,
  type Gender,
  parseVoiceDescription,
  type Timbre,
  type VoiceTraits,
} from './design/describe-voice.js'
export { baseVoicesFor, type DesignOptions, designVoices, remixVoice } from './design/design-voice.js'
export { resample } from './dsp/resample.js'
export { type TimePitchOptions, timePitch } from './dsp/time-pitch.js'
export { type AudioEncoder, createEncoder, encodeWhole } from './encoders/create-encoder.js'
export {
  alawToLinear,
  decodeG711,
  encodeG711,
  linearToAlaw,
  linearToMulaw,
  mulawToLinear,
} from './encoders/g711.js'
export { finalizeWav, wavHeader } from './encoders/wav-header.js'
export { KOKORO_MODEL_ID } from './engines/neural/kokoro-catalogue.js'
export {
  loadNeuralCatalogue,
  type NeuralCatalogue,
  type NeuralWarning,
  neuralVoices,
  PIPER_MODEL_ID,
  registerNeuralCatalogue,
} from './engines/neural/neural-catalogue.js'
export { isSpeechError, SpeechError, type SpeechErrorCode } from './errors.js'
export {
  type Codec,
  DEFAULT_OUTPUT_FORMAT,
  OUTPUT_FORMATS,
  type OutputFormat,
  parseOutputFormat,
} from './formats/output-formats.js'
export {
  createIsolator,
  ISOLATION_SAMPLE_RATE,
  type Isolator,
  isolateVoice,
  levelDb,
} from './isolation/isolate.js'
export { RUMBLE_CUTOFF_HZ, removeRumble } from './isolation/rumble-filter.js'
export {
  checkLanguage,
  DEFAULT_MODEL_ID,
  isEnglishOnly,
  MODEL_PROFILES,
  type ModelProfile,
  modelProfileFor,
  registerModels,
} from './models/model-profiles.js'
export {
  type Analysis,
  composeScore,
  createSinger,
  DEFAULT_SOUND_BANK,
  describeStyle,
  editPlan,
  estimateKey,
  estimateTempo,
  GENRES,
  INSTRUMENTS,
  keyName,
  MOODS,
  MusicRenderer,
  type MusicStyle,
  noteHz,
  percussiveShare,
  planForVideo,
  planFromPrompt,
  type RenderedMusic,
  resolveStyle,
  type Score,
  type ScoreSection,
  type SungNote,
  sectionLengths,
  singVocals,
  soundBankPath,
  spectralCentroid,
  splitNegations,
  styleOfPlan,
} from './music/index.js'
export type { WarmUpRecord } from './pool/worker-pool.js'
export { type AudioEvent, audioEvents } from './recognition/audio-events.js'
export {
  type AudioInputStream,
  bytesPerSample,
  createAudioInputStream,
  type LiveAudioEncoding,
} from './recognition/audio-input-stream.js'
export type { PoolStats } from './recognition/decoder-pool.js'
export { type DiariseOptions, diarise } from './recognition/diarise.js'
export { espeakSpeller } from './recognition/espeak-speller.js'
export {
  loadRecognitionCatalogue,
  type RecognitionCatalogue,
  type RecognitionModel,
} from './recognition/models/recognition-catalogue.js'
export {
  languagesFromName,
  readSherpaFolder,
  type SherpaModelFolder,
} from './recognition/models/sherpa-model-folder.js'
export {
  createSherpaRecogniser,
  RecogniserUnusableError,
  type SherpaRecogniser,
  wordsFromSherpa,
} from './recognition/models/sherpa-recogniser.js'
export { WHISPER_LANGUAGES } from './recognition/models/whisper-languages.js'
export {
  WhisperLoadError,
  type WhisperRecogniser,
  wordsFromTokens,
} from './recognition/models/whisper-recogniser.js'
export {
  createPocketSphinxRecogniser,
  ipaSpeller,
  type PocketSphinxRecogniser,
  type Speller,
} from './recognition/pocketsphinx-recogniser.js'
export {
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type RecogniseOptions,
  type Recogniser,
  type RecognitionStream,
  type RecognitionStreamOptions,
  vocabularyWords,
  wholeUtteranceStream,
} from './recognition/recogniser.js'
export { type Transcription, transcribe } from './recognition/transcribe.js'
export { type SpeechSegment, speechSegments } from './recognition/voice-activity.js'
export {
  createVoiceActivityStream,
  VAD_WINDOW_SAMPLES,
  type VoiceActivityStream,
} from './recognition/voice-activity-stream.js'
export { type PreparedRequest, prepareRequest } from './service/prepare-request.js'
export {
  appendAlignment,
  collectSpeech,
  emptyAlignment,
  joinAudio,
  type PipelineChunk,
  type PipelineOptions,
  type SpeechPipeline,
} from './service/speech-pipeline.js'
export {
  createSpeechService,
  type SpeechService,
  type SpeechServiceOptions,
  type StreamOptions,
} from './service/speech-service.js'
export type { ConversionOptions, VoiceConversionRun } from './service/voice-conversion.js'
export type { WorkerEncoder } from './service/worker-encoder.js'
export { type DetectedEvent, detectEvents } from './sfx/measure/detect-events.js'
export { identify, typeMisses } from './sfx/measure/family-checks.js'
export { type ParsedPrompt, type PromptPart, parsePrompt } from './sfx/prompt/parse-prompt.js'
export {
  planSoundEffect,
  renderSoundEffect,
  type SoundEffect,
  type SoundEffectPlan,
  type SoundEffectRequest,
} from './sfx/synthesize.js'
export { SOUND_FAMILIES, type SoundFamily, type SoundType } from './sfx/types.js'
export { soundType, VOCABULARY as SOUND_VOCABULARY } from './sfx/vocabulary/index.js'
export { DEFAULT_VOICE_SETTINGS, resolveVoiceSettings } from './synthesis/voice-settings.js'
export {
  arpabetToEspeak,
  formatPls,
  ipaToEspeak,
  isSpeakable,
  isTextInputError,
  MAX_LEXICON_BYTES,
  parseLexiconFile,
  parsePls,
  stripAudioTags,
  TextInputError,
} from './text/index.js'
export type { ParsedLexicon } from './text/lexicon-types.js'
export type { PronunciationRule } from './text/types.js'
export type {
  CharAlignment,
  EngineId,
  EngineParams,
  EspeakParams,
  FliteParams,
  KokoroParams,
  PcmChunk,
  PiperParams,
  SpeechChunk,
  SpeechRequest,
  SynthesisResult,
  VoiceDefinition,
  VoiceDsp,
  VoiceLabels,
  VoiceSettings,
} from './types.js'
export { ESPEAK_LANGUAGES, LANGUAGE_NAMES } from './voices/languages.js'
export { findPremadeVoice, PREMADE_VOICES } from './voices/premade-voices.js'
export { validateVoice } from './voices/validate-voice.js'
