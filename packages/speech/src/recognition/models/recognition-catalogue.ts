// The speech recognition models in the models directory at start: every whisper.cpp model file
// (`*.bin` with the ggml header) becomes a recogniser named after its file. A file that does not
// qualify is left out with a warning that names it; the rest of the catalogue is unaffected.
// Without a directory or model files, the default recogniser stands alone.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { whisperLanguages } from './whisper-languages.js'
import { readWhisperHeader, WhisperModelError, type WhisperModelHeader } from './whisper-model-file.js'
import { createWhisperRecogniser, type WhisperRecogniser } from './whisper-recogniser.js'

export interface RecognitionModel {
  /** The `model_id` requests name it by: `whisper_` and the file's name without `ggml-` and `.bin`. */
  model_id: string
  name: string
  engine: 'whisper.cpp'
  file: string
  size_bytes: number
  /** ISO 639-1 codes it understands. */
  languages: readonly string[]
  /** Whether it can tell which language is spoken. */
  identifies_language: boolean
  header: WhisperModelHeader
}

export interface RecognitionCatalogue {
  models: RecognitionModel[]
  warnings: { file: string; message: string }[]
  /** Builds the model's recogniser (the model file is loaded on its first use). */
  recogniser(model: RecognitionModel): WhisperRecogniser
}

function modelId(file: string): string {
  const stem = basename(file, '.bin').replace(/^ggml-/, '')
  return `whisper_${stem.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()}`
}

export function loadRecognitionCatalogue(modelsDir: string): RecognitionCatalogue {
  const dir = resolve(modelsDir)
  const catalogue: RecognitionCatalogue = {
    models: [],
    warnings: [],
    recogniser: (model) =>
      createWhisperRecogniser({ id: model.model_id, path: model.file, header: model.header }),
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return catalogue
  for (const file of readdirSync(dir).sort()) {
    const path = join(dir, file)
    if (!file.endsWith('.bin') || !statSync(path).isFile()) continue
    try {
      const header = readWhisperHeader(path)
      catalogue.models.push({
        model_id: modelId(file),
        name: `Whisper ${header.size}${header.multilingual ? '' : ' (English)'} from ${file}`,
        engine: 'whisper.cpp',
        file: path,
        size_bytes: header.bytes,
        languages: whisperLanguages(header),
        identifies_language: header.multilingual,
        header,
      })
    } catch (error) {
      if (!(error instanceof WhisperModelError)) throw error
      catalogue.warnings.push({ file: path, message: `${error.message}; skipped.` })
    }
  }
  return catalogue
}
