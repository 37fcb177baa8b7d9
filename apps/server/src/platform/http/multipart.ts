import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import busboy, { type Busboy, type FieldInfo, type FileInfo } from 'busboy'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors.js'
import { assertCleanValue, fileNameProblem, printable, textProblem } from './input-check.js'
import { multipartErrors as errors } from './multipart-errors.js'
import {
  DEFAULT_FIELD_BYTES,
  type FileField,
  MultipartBody,
  type MultipartForm,
  type TextField,
  totalLimit,
  type UploadedFile,
} from './multipart-form.js'

// The one multipart reader of the server. A route declares its form (multipart-form.ts) in
// `config.multipart`; its handler reads the body with `readMultipart` once it has checked who
// is calling. The body is read into memory within the form's limits: each file's size, the
// number of files and fields, each value's length and the bytes in all, refused as soon as one
// is passed. Every field name, value, file name and the JSON inside `json` fields go through the
// input check. Whatever goes wrong, the answer is a 4xx, and the rest of the body is read and
// dropped (up to the form's size, past which the connection is closed) so the client hears it.

export * from './multipart-form.js'

/** Fields a client may send beyond the declared ones (ignored once checked). */
const UNDECLARED_FIELDS = 20
/** Part headers, boundaries and the like, on top of the declared bytes. */
const OVERHEAD_BYTES = 64 * 1024
const MULTIPART = /^multipart\/form-data(\s*;|$)/i

/** Whether the request's body is multipart/form-data (its reading is left to the handler). */
export function isMultipart(request: FastifyRequest): boolean {
  return MULTIPART.test(request.headers['content-type'] ?? '')
}

/** Field names such as `files[]` are the field `files`. */
const fieldName = (name: string) => name.replace(/\[\]$/, '')

interface Reading {
  values: Map<string, string[]>
  uploads: Map<string, UploadedFile[]>
  /** Files begun per field: a file is counted when it starts, before it has arrived. */
  started: Map<string, number>
  bytes: number
}

/** Reads the body of a route's declared form; refuses what the form does not take. */
export async function readMultipart<F extends string, T extends string>(
  request: FastifyRequest,
  form: MultipartForm<F, T>,
): Promise<MultipartBody<F, T>> {
  if (request.routeOptions.config.multipart !== form) {
    // A programming error: the route must declare the form it reads, or the document lies.
    throw new Error(`${request.routeOptions.url}: declare this form in the route's config.multipart`)
  }
  if (!isMultipart(request)) throw errors.notMultipart()
  const limit = totalLimit(form.spec)
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit + OVERHEAD_BYTES)
    throw errors.declaredTooLarge(form.spec, limit)
  const reading: Reading = { values: new Map(), uploads: new Map(), started: new Map(), bytes: 0 }
  await parse(request.raw, form, reading, limit)
  checkRequired(form, reading)
  return new MultipartBody<F, T>(reading.values, reading.uploads)
}

function busboyLimits(form: MultipartForm) {
  const files = Object.values<FileField>(form.spec.files)
  const fields = Object.values<TextField>(form.spec.fields)
  const fileCount = files.reduce((sum, f) => sum + (f.maxCount ?? 1), 0)
  const fieldCount = fields.reduce((sum, f) => sum + (f.maxCount ?? 1), 0) + UNDECLARED_FIELDS
  return {
    fieldNameSize: 200,
    // One byte more than the longest value, so that a value over its limit is seen as such.
    fieldSize: Math.max(DEFAULT_FIELD_BYTES, ...fields.map((f) => f.maxBytes ?? DEFAULT_FIELD_BYTES)) + 1,
    // One more than declared, so that the reader's own count names the field sent too often.
    fields: fieldCount + 1,
    files: fileCount + 1,
    parts: fileCount + fieldCount + 2,
    headerPairs: 100,
  }
}

function parse(raw: IncomingMessage, form: MultipartForm, reading: Reading, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let parser: Busboy
    try {
      parser = busboy({
        headers: raw.headers,
        limits: busboyLimits(form),
        defCharset: 'utf8',
        defParamCharset: 'utf8',
      })
    } catch (error) {
      discardRest(raw, limit)
      reject(errors.malformed(reasonOf(error)))
      return
    }
    let settled = false
    const fail = (error: AppError) => {
      if (settled) return
      settled = true
      raw.unpipe(parser)
      parser.removeAllListeners()
      parser.on('error', () => undefined)
      discardRest(raw, limit)
      reject(error)
    }
    const count = (bytes: number) => {
      reading.bytes += bytes
      if (reading.bytes > limit) fail(errors.tooLarge(limit))
    }
    parser.on('field', (name: string, value: string, info: FieldInfo) => {
      try {
        takeField(form, reading, name, value, info)
        count(Buffer.byteLength(value))
      } catch (error) {
        fail(asAppError(error))
      }
    })
    parser.on('file', (name: string, stream: Readable, info: FileInfo) => {
      const problem = fileProblem(form, reading, name, info)
      if (problem) {
        stream.resume()
        fail(problem)
        return
      }
      const field = form.spec.files[fieldName(name)] as FileField
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        if (settled) return
        size += chunk.length
        if (size > field.maxBytes) return fail(errors.fileTooLarge(fieldName(name), field))
        chunks.push(chunk)
        count(chunk.length)
      })
      stream.on('end', () => {
        if (settled) return
        const file = { fileName: info.filename ?? '', data: Buffer.concat(chunks), mimeType: info.mimeType }
        reading.uploads.set(fieldName(name), [...(reading.uploads.get(fieldName(name)) ?? []), file])
      })
      stream.on('error', () => undefined)
    })
    parser.on('filesLimit', () => fail(errors.tooManyFilesInAll()))
    parser.on('fieldsLimit', () => fail(errors.tooManyFields()))
    parser.on('partsLimit', () => fail(errors.tooManyFields()))
    parser.on('error', (error: unknown) => fail(errors.malformed(reasonOf(error))))
    parser.on('close', () => {
      if (settled) return
      settled = true
      resolve()
    })
    // A client that goes away mid-body: nothing was taken, and nobody hears the answer.
    raw.on('aborted', () => fail(errors.cutOff()))
    raw.on('error', () => fail(errors.cutOff()))
    raw.pipe(parser)
  })
}

/** A text field: its name and value checked, its length and count within the declaration. */
function takeField(form: MultipartForm, reading: Reading, rawName: string, value: string, info: FieldInfo) {
  if (info.nameTruncated) throw errors.fieldNameTooLong()
  const nameProblem = textProblem(rawName)
  if (nameProblem) throw errors.badText('field name', printable(rawName), nameProblem)
  const name = fieldName(rawName)
  const field = form.spec.fields[name] as TextField | undefined
  const maxBytes = field?.maxBytes ?? DEFAULT_FIELD_BYTES
  if (info.valueTruncated || Buffer.byteLength(value) > maxBytes) throw errors.fieldTooLong(name, maxBytes)
  const problem = textProblem(value)
  if (problem) throw errors.badText('value', printable(name), problem)
  // A field the route does not take is checked like the others, then left out.
  if (!field) return
  if (field.enum && value !== '' && !field.enum.includes(value)) throw errors.notOneOf(name, field.enum)
  if (field.kind === 'json') checkJson(name, value)
  const values = reading.values.get(name) ?? []
  if (values.length >= (field.maxCount ?? 1) && (field.maxCount ?? 1) > 1) throw errors.tooManyFields()
  reading.values.set(name, [...values, value])
}

/** The text inside JSON is text too: `{"style":"\u0000"}` holds a NUL once parsed. */
function checkJson(name: string, value: string) {
  let parsed: unknown
  try {
    parsed = JSON.parse(value)
  } catch {
    // Not JSON at all: the route says what it expected.
    return
  }
  assertCleanValue(parsed, name)
}

/** Why a file part cannot be taken, or undefined. */
function fileProblem(form: MultipartForm, reading: Reading, rawName: string, info: FileInfo) {
  const nameProblem = textProblem(rawName)
  if (nameProblem) return errors.badText('field name', printable(rawName), nameProblem)
  const name = fieldName(rawName)
  const field = form.spec.files[name] as FileField | undefined
  if (!field) return errors.unexpectedFile(rawName, Object.keys(form.spec.files))
  const fileProblemText = fileNameProblem(info.filename ?? '')
  if (fileProblemText) return errors.badText('file name', name, fileProblemText)
  const max = field.maxCount ?? 1
  const started = (reading.started.get(name) ?? 0) + 1
  if (started > max) return errors.tooManyFiles(name, max)
  reading.started.set(name, started)
  return undefined
}

function checkRequired(form: MultipartForm, reading: Reading) {
  for (const [name, field] of Object.entries<FileField>(form.spec.files)) {
    if (field.required && !reading.uploads.has(name)) throw errors.required(name, field.missing)
  }
  for (const [name, field] of Object.entries<TextField>(form.spec.fields)) {
    if (field.required && !reading.values.has(name)) throw errors.required(name, field.missing)
  }
}

/**
 * Reads and drops what is left of a refused body, so a client still sending hears the answer
 * on a connection that stays usable; a body longer than the form could ever take is cut off.
 */
function discardRest(raw: IncomingMessage, limit: number) {
  if (raw.complete || raw.destroyed) return
  let left = limit + OVERHEAD_BYTES
  raw.on('data', (chunk: Buffer) => {
    left -= chunk.length
    if (left < 0) raw.socket?.destroy()
  })
  raw.resume()
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  if (/boundary/i.test(message)) return 'its Content-Type names no boundary'
  if (/unexpected end/i.test(message)) return 'the body ends before the closing boundary'
  if (/malformed part header/i.test(message)) return 'a part header is malformed'
  return message
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 100)
    .toLowerCase()
}

function asAppError(error: unknown): AppError {
  if (error instanceof AppError) return error
  return errors.malformed(reasonOf(error))
}
