import { SPEECH_TO_TEXT_MODEL_IDS } from '@timbre/contract'
import { type Recogniser, RecogniserUnusableError, type RecognitionCatalogue } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { type LanguageCode, languageCode, understands } from './language-codes.js'

// Which recogniser a request's `model_id` names: the public API's model ids run the default
// engine (PocketSphinx, US English), and each Whisper model in the models directory answers to
// its own id. The language asked for must be one the recogniser understands; without one, a
// recogniser that identifies languages is left to find it, and the others assume their own.
// A user's model that cannot be used (a sherpa-onnx model whose files did not load in its worker
// process) is listed with the reason and refused with it (422), never a server error.

export interface RecogniserChoice {
  recogniser: Recogniser
  /** The language named, or the recogniser's only one; null when it is to be identified. */
  language: LanguageCode | null
}

/** One speech to text model as the models call lists it. */
export interface SpeechToTextModel {
  model_id: string
  name: string
  engine: string
  languages: readonly string[]
  identifies_language: boolean
  size_bytes: number | null
  available: boolean
  /** Why the model cannot be used, when it cannot. */
  unavailable_reason: string | null
}

const unusable = (message: string) =>
  new AppError('speech_to_text_model_unusable', { param: 'model_id', message })

/** The recogniser, with its unusable-model failures turned into the 422 that names the reason. */
function refusingWhenUnusable(recogniser: Recogniser): Recogniser {
  const translate = (error: unknown) => {
    throw error instanceof RecogniserUnusableError ? unusable(error.message) : error
  }
  return {
    ...recogniser,
    id: recogniser.id,
    languages: recogniser.languages,
    unavailable: () => recogniser.unavailable(),
    recognise: (samples, options) => recogniser.recognise(samples, options).catch(translate),
    align: (samples, words) => recogniser.align(samples, words).catch(translate),
    startStream(options) {
      const stream = recogniser.startStream(options)
      return {
        push: (samples) => stream.push(samples),
        get hypothesis() {
          return stream.hypothesis
        },
        finish: () => stream.finish().catch(translate),
        abort: () => stream.abort(),
      }
    },
    close: () => recogniser.close(),
  }
}

export function createRecogniserChoice(defaultRecogniser: Recogniser, catalogue: RecognitionCatalogue) {
  const userModels = new Map(
    catalogue.models.map((m) => {
      const recogniser = catalogue.recogniser(m)
      // sherpa-onnx models are loaded now, in the background, so the list can say at once which
      // of them work; a Whisper model is loaded on its first use.
      if (m.engine === 'sherpa-onnx') void recogniser.ready()
      return [m.model_id, { model: m, recogniser: refusingWhenUnusable(recogniser), raw: recogniser }]
    }),
  )

  function recogniserFor(modelId: string): Recogniser {
    if ((SPEECH_TO_TEXT_MODEL_IDS as readonly string[]).includes(modelId)) {
      if (defaultRecogniser.unavailable()) throw new AppError('speech_to_text_engine_missing')
      return defaultRecogniser
    }
    const user = userModels.get(modelId)
    if (user) {
      const reason = user.recogniser.unavailable()
      if (reason) throw unusable(reason)
      return user.recogniser
    }
    throw new AppError('validation_error', {
      param: 'model_id',
      message: `model_id must be one of ${[...SPEECH_TO_TEXT_MODEL_IDS, ...userModels.keys()].join(', ')}.`,
    })
  }

  return {
    choose(modelId: string, asked: string | null): RecogniserChoice {
      const recogniser = recogniserFor(modelId)
      if (asked) {
        const language = languageCode(asked)
        if (!language || !understands(recogniser.languages, language))
          throw new AppError('speech_to_text_unsupported_language', { param: 'language_code' })
        return { recogniser, language }
      }
      if (recogniser.languages.length === 1)
        return { recogniser, language: languageCode(recogniser.languages[0]!)! }
      return { recogniser, language: null }
    },

    models(): SpeechToTextModel[] {
      const unavailable = defaultRecogniser.unavailable() !== null
      return [
        ...SPEECH_TO_TEXT_MODEL_IDS.map((id) => ({
          model_id: id,
          name: 'CMU PocketSphinx, US English',
          engine: 'pocketsphinx',
          languages: defaultRecogniser.languages,
          identifies_language: false,
          size_bytes: null,
          available: !unavailable,
          unavailable_reason: defaultRecogniser.unavailable(),
        })),
        ...catalogue.models.map((m) => ({
          model_id: m.model_id,
          name: m.name,
          engine: m.engine,
          languages: m.languages,
          identifies_language: m.identifies_language,
          size_bytes: m.size_bytes,
          available: userModels.get(m.model_id)!.recogniser.unavailable() === null,
          unavailable_reason: userModels.get(m.model_id)!.recogniser.unavailable(),
        })),
      ]
    },

    /** Resolves once every sherpa-onnx model has loaded or failed to. */
    async ready(): Promise<void> {
      await Promise.all(
        catalogue.models
          .filter((m) => m.engine === 'sherpa-onnx')
          .map((m) => userModels.get(m.model_id)!.raw.ready()),
      )
    },

    async close(): Promise<void> {
      await Promise.all([...userModels.values()].map((u) => u.recogniser.close()))
    },
  }
}

export type RecogniserChoices = ReturnType<typeof createRecogniserChoice>
