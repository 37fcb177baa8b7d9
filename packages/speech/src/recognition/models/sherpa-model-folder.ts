// A sherpa-onnx model folder in the models directory, as sherpa-onnx's own releases lay them
// out: `tokens.txt` beside the ONNX files. The kind of model is read from the files (an encoder,
// a decoder and a joiner make a transducer) or, for one-file models, from the folder's name as
// the releases spell it (`sense-voice`, `paraformer`, `nemo-ctc`, `zipformer-ctc`, `wenet`,
// `tdnn`/`yesno`): the ONNX file itself does not say which interface it has, and the native
// library aborts the process, rather than throwing, when it is given the wrong one. Languages are
// the ISO 639-1 codes the folder's name carries (`...-en-...`, `bilingual-zh-en`), or SenseVoice's
// own four.
import { readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import { WHISPER_LANGUAGES } from './whisper-languages.js'

export type SherpaModelKind =
  | 'transducer'
  | 'paraformer'
  | 'senseVoice'
  | 'nemoCtc'
  | 'zipformerCtc'
  | 'wenetCtc'
  | 'tdnn'

export interface SherpaModelFolder {
  dir: string
  kind: SherpaModelKind
  tokens: string
  /** The ONNX files by the role sherpa-onnx's configuration gives them. */
  files: Record<string, string>
  languages: readonly string[]
  size_bytes: number
}

export class SherpaFolderError extends Error {}

const ONE_FILE_KINDS: Array<[RegExp, SherpaModelKind]> = [
  [/sense-?voice/i, 'senseVoice'],
  [/paraformer/i, 'paraformer'],
  [/nemo/i, 'nemoCtc'],
  [/zipformer.*ctc|ctc.*zipformer/i, 'zipformerCtc'],
  [/wenet/i, 'wenetCtc'],
  [/tdnn|yesno/i, 'tdnn'],
]

const SENSE_VOICE_LANGUAGES = ['zh', 'en', 'ja', 'ko']
const KNOWN_CODES = new Set<string>(WHISPER_LANGUAGES)

/** Of several exports of one file (full precision and int8), the int8 one: smaller and faster on a CPU. */
function pick(onnx: string[], role: RegExp): string | undefined {
  const matches = onnx.filter((f) => role.test(f))
  return matches.find((f) => f.includes('int8')) ?? matches[0]
}

export function languagesFromName(name: string): string[] {
  return [
    ...new Set(
      name
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((part) => KNOWN_CODES.has(part)),
    ),
  ]
}

/**
 * The folder as a sherpa-onnx model, or null when it is not one (no tokens file); throws
 * SherpaFolderError, naming what is missing, for a folder with tokens whose kind cannot be told.
 */
export function readSherpaFolder(dir: string): SherpaModelFolder | null {
  const files = readdirSync(dir).filter((f) => statSync(join(dir, f)).isFile())
  const tokens = files.find((f) => f === 'tokens.txt') ?? files.find((f) => f.endsWith('tokens.txt'))
  if (!tokens) return null
  const onnx = files.filter((f) => f.endsWith('.onnx')).sort()
  const name = basename(dir)
  const encoder = pick(onnx, /encoder/)
  const decoder = pick(onnx, /decoder/)
  const joiner = pick(onnx, /joiner/)
  let kind: SherpaModelKind
  let roles: Record<string, string>
  if (encoder && decoder && joiner) {
    kind = 'transducer'
    roles = { encoder, decoder, joiner }
  } else {
    const model = pick(onnx, /^model\b/) ?? (onnx.length === 1 ? onnx[0] : undefined)
    const named = ONE_FILE_KINDS.find(([pattern]) => pattern.test(name))
    if (!model)
      throw new SherpaFolderError(
        'a sherpa-onnx folder needs model.onnx, or encoder, decoder and joiner .onnx files, beside its tokens',
      )
    if (!named)
      throw new SherpaFolderError(
        'the folder name does not say which kind of sherpa-onnx model this is (keep the release name, e.g. one with sense-voice, paraformer, nemo-ctc, zipformer-ctc, wenet or tdnn in it)',
      )
    kind = named[1]
    roles = { model }
  }
  const paths = Object.fromEntries(Object.entries(roles).map(([role, file]) => [role, join(dir, file)]))
  const size = [tokens, ...Object.values(roles)].reduce((n, f) => n + statSync(join(dir, f)).size, 0)
  return {
    dir,
    kind,
    tokens: join(dir, tokens),
    files: paths,
    languages: kind === 'senseVoice' ? SENSE_VOICE_LANGUAGES : languagesFromName(name),
    size_bytes: size,
  }
}

/** The recogniser configuration sherpa-onnx-node's OfflineRecognizer takes for the folder. */
export function sherpaRecognizerConfig(folder: SherpaModelFolder, threads: number): object {
  const f = folder.files
  const model: Record<string, object> = {
    transducer: { transducer: { encoder: f.encoder, decoder: f.decoder, joiner: f.joiner } },
    paraformer: { paraformer: { model: f.model } },
    senseVoice: { senseVoice: { model: f.model, useInverseTextNormalization: 1 } },
    nemoCtc: { nemoCtc: { model: f.model } },
    zipformerCtc: { zipformerCtc: { model: f.model } },
    wenetCtc: { wenetCtc: { model: f.model } },
    tdnn: { tdnn: { model: f.model } },
  }
  return {
    // TDNN models (sherpa-onnx's yesno family) read 23 log-mel bands; the others 80.
    featConfig: { sampleRate: 16_000, featureDim: folder.kind === 'tdnn' ? 23 : 80 },
    modelConfig: {
      ...model[folder.kind],
      tokens: folder.tokens,
      numThreads: threads,
      provider: 'cpu',
      debug: 0,
    },
    decodingMethod: 'greedy_search',
  }
}
