// Kokoro voice packs: per voice, one style vector of 256 values for each input length (row n is
// for n tokens). They come in three shapes, read here into the same table:
// - `<voice>.npy`: a NumPy array [510, 1, 256] float32 (Kokoro's own release, converted);
// - `<voice>.bin`: the same values as raw little-endian float32 (the ONNX community export);
// - an archive `voices*.bin` / `voices*.npz`: a zip of `<voice>.npy` files (kokoro-onnx).
// NumPy's format is parsed by npyjs and the zip by fflate.
import { readFileSync } from 'node:fs'
import { basename, extname } from 'node:path'
import { unzipSync } from 'fflate'
import { parse as parseNpy } from 'npyjs'

export const KOKORO_STYLE_SIZE = 256

export class VoicePackError extends Error {}

export interface VoicePack {
  /** Rows of KOKORO_STYLE_SIZE values; row n is the style for an input of n tokens. */
  rows: number
  data: Float32Array
}

/** The style vector for an input of `tokens` tokens (the last row for longer inputs). */
export function styleFor(pack: VoicePack, tokens: number): Float32Array {
  const row = Math.max(0, Math.min(pack.rows - 1, tokens))
  return pack.data.subarray(row * KOKORO_STYLE_SIZE, (row + 1) * KOKORO_STYLE_SIZE)
}

function packOf(data: Float32Array, what: string): VoicePack {
  if (data.length === 0 || data.length % KOKORO_STYLE_SIZE !== 0)
    throw new VoicePackError(`${what} has ${data.length} values, not rows of ${KOKORO_STYLE_SIZE}`)
  return { rows: data.length / KOKORO_STYLE_SIZE, data }
}

function bufferOf(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

/** One `.npy` voice: float32 (or float16/float64, converted), last dimension 256. */
export function parseNpyVoice(bytes: Uint8Array, what: string): VoicePack {
  let array: ReturnType<typeof parseNpy>
  try {
    array = parseNpy(bufferOf(bytes))
  } catch (error) {
    throw new VoicePackError(`${what} is not a NumPy array (${(error as Error).message})`)
  }
  if (array.fortranOrder) throw new VoicePackError(`${what} is in Fortran order`)
  if (array.shape.at(-1) !== KOKORO_STYLE_SIZE)
    throw new VoicePackError(`${what} has shape [${array.shape.join(', ')}], not [..., ${KOKORO_STYLE_SIZE}]`)
  if (!(array.data instanceof Float32Array || array.data instanceof Float64Array))
    throw new VoicePackError(`${what} holds ${array.dtype}, not floating-point values`)
  return packOf(Float32Array.from(array.data), what)
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03

/** An archive of voices (zip of `<name>.npy`): every voice by name, or only `only`. */
export function readVoiceArchive(path: string, only?: string): Map<string, VoicePack> {
  const bytes = readFileSync(path)
  if (!isZip(bytes)) throw new VoicePackError(`${basename(path)} is not a zip archive of .npy voices`)
  let entries: Record<string, Uint8Array>
  try {
    entries = unzipSync(bytes, {
      filter: (file) =>
        file.name.endsWith('.npy') && (only === undefined || basename(file.name) === `${only}.npy`),
    })
  } catch (error) {
    throw new VoicePackError(`${basename(path)} cannot be unpacked (${(error as Error).message})`)
  }
  const voices = new Map<string, VoicePack>()
  for (const [name, data] of Object.entries(entries)) {
    voices.set(basename(name, '.npy'), parseNpyVoice(data, `${basename(path)}:${name}`))
  }
  if (voices.size === 0 && only === undefined)
    throw new VoicePackError(`${basename(path)} holds no .npy voices`)
  return voices
}

/** A single voice file: `.npy`, or `.bin` of raw float32 values. */
export function readVoiceFile(path: string): VoicePack {
  const bytes = readFileSync(path)
  if (extname(path) === '.npy') return parseNpyVoice(bytes, basename(path))
  if (bytes.length % 4 !== 0) throw new VoicePackError(`${basename(path)} is not raw float32 values`)
  return packOf(new Float32Array(bufferOf(bytes)), basename(path))
}

/** The voice `name` from its file or archive (`archive` true for a zip of voices). */
export function readVoice(path: string, name: string, archive: boolean): VoicePack {
  if (!archive) return readVoiceFile(path)
  const pack = readVoiceArchive(path, name).get(name)
  if (!pack) throw new VoicePackError(`${basename(path)} has no voice '${name}'`)
  return pack
}
