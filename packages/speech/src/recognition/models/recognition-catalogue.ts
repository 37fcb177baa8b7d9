// The speech recognition models in the models directory at start: every whisper.cpp model file
// (`*.bin` with the ggml header) and every sherpa-onnx model folder (`tokens.txt` beside its ONNX
// files) becomes a recogniser named after its file or folder. A file or folder that does not
// qualify is left out with a warning that names it; the rest of the catalogue is unaffected.
// Whether a sherpa-onnx model really loads is known only once its worker has tried (its
// recogniser's `unavailable()` then says why not). Without a directory or model files, the
// default recogniser stands alone.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { readSherpaFolder, SherpaFolderError, type SherpaModelFolder } from './sherpa-model-folder.js'
import { createSherpaRecogniser, type SherpaRecogniser } from './sherpa-recogniser.js'
import { whisperLanguages } from './whisper-languages.js'
import { readWhisperHeader, WhisperModelError, type WhisperModelHeader } from './whisper-model-file.js'
import { createWhisperRecogniser, type WhisperRecogniser } from './whisper-recogniser.js'

export interface RecognitionModel {
  /**
   * The `model_id` requests name it by: `whisper_` and the file's name without `ggml-` and
   * `.bin`, or `sherpa_` and the folder's name.
   */
  model_id: string
  name: string
  engine: 'whisper.cpp' | 'sherpa-onnx'
  /** The model file, or the sherpa-onnx model's folder. */
  file: string
  size_bytes: number
  /** ISO 639-1 codes it understands. */
  languages: readonly string[]
  /** Whether it can tell which language is spoken. */
  identifies_language: boolean
  header?: WhisperModelHeader
  sherpa?: SherpaModelFolder
}

export interface RecognitionCatalogue {
  models: RecognitionModel[]
  warnings: { file: string; message: string }[]
  /** Builds the model's recogniser (loaded by its `ready()`, else on its first use). */
  recogniser(model: RecognitionModel): WhisperRecogniser | SherpaRecogniser
}

const idPart = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '_').toLowerCase()

function modelId(file: string): string {
  return `whisper_${idPart(basename(file, '.bin').replace(/^ggml-/, ''))}`
}

function sherpaModel(dir: string): RecognitionModel | null {
  const folder = readSherpaFolder(dir)
  if (!folder) return null
  const name = basename(dir)
  return {
    model_id: `sherpa_${idPart(name.replace(/^sherpa-onnx-/, ''))}`,
    name: `sherpa-onnx ${folder.kind} from ${name}`,
    engine: 'sherpa-onnx',
    file: dir,
    size_bytes: folder.size_bytes,
    languages: folder.languages,
    identifies_language: folder.kind === 'senseVoice',
    sherpa: folder,
  }
}

export function loadRecognitionCatalogue(modelsDir: string): RecognitionCatalogue {
  const dir = resolve(modelsDir)
  const catalogue: RecognitionCatalogue = {
    models: [],
    warnings: [],
    recogniser: (model) =>
      model.sherpa
        ? createSherpaRecogniser({ id: model.model_id, folder: model.sherpa })
        : createWhisperRecogniser({ id: model.model_id, path: model.file, header: model.header! }),
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return catalogue
  for (const file of readdirSync(dir).sort()) {
    const path = join(dir, file)
    if (statSync(path).isDirectory()) {
      try {
        const model = sherpaModel(path)
        if (model) catalogue.models.push(model)
      } catch (error) {
        if (!(error instanceof SherpaFolderError)) throw error
        catalogue.warnings.push({ file: path, message: `${error.message}; skipped.` })
      }
      continue
    }
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
