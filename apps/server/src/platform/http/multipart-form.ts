import { AppError } from '../../errors.js'
import { formatBytes } from '../format-bytes.js'

// What a multipart route declares: its file fields and text fields, each with its limits and a
// description. The one reader (multipart.ts) reads a body against the declaration, and the API
// document describes the route from the same declaration, so what is read and what is documented
// cannot drift apart.

export interface UploadedFile {
  /** The name the client gave, already checked (no NUL, lone surrogates or control characters). */
  fileName: string
  data: Buffer
  /** The type the client claimed; uploads are recognised by their bytes, never by this. */
  mimeType: string
}

export interface FileField {
  /** What the field holds, for the API document. */
  description: string
  /** The largest file this field takes, in bytes. */
  maxBytes: number
  /** How many files the field takes (default 1). */
  maxCount?: number
  /** A body without this field is refused. */
  required?: boolean
  /** The refusal of a body without it, where the product words it (default: "The field 'x' is required."). */
  missing?: string
  /** How refusals name the file, e.g. "The publishing image" (default: "The file 'name'"). */
  label?: string
  /** The refusal for a file over `maxBytes`, where the product has its own words for it. */
  tooLarge?: () => AppError
}

export interface TextField {
  /** What the field holds, for the API document. */
  description: string
  /** How the value is read: `json` values are checked inside as well. Default `string`. */
  kind?: 'string' | 'number' | 'integer' | 'boolean' | 'json'
  /** The longest value, in bytes (default 64 KiB). */
  maxBytes?: number
  /** How many times the field may be sent (default 1; the last value counts). */
  maxCount?: number
  required?: boolean
  /** The refusal of a body without it, where the product words it. */
  missing?: string
  /** The values the field takes: another one is refused. */
  enum?: readonly string[]
}

export interface MultipartSpec<F extends string, T extends string> {
  files: { readonly [K in F]: FileField }
  fields: { readonly [K in T]: TextField }
  /** All files and values together, in bytes (default: the sum of the fields' limits). */
  maxTotalBytes?: number
}

/** A declared form: the route puts it in `config.multipart`, the handler reads with it. */
export interface MultipartForm<F extends string = string, T extends string = string> {
  readonly spec: MultipartSpec<F, T>
}

export const DEFAULT_FIELD_BYTES = 64 * 1024

/** The value of a field sent several times: the last one counts. */
export function lastValue(values: ReadonlyMap<string, readonly string[]>, name: string): string | undefined {
  const all = values.get(name)
  return all?.[all.length - 1]
}

/** A boolean field as forms send them: 'true' or 'false'; empty or absent is undefined. */
export function booleanValue(value: string | undefined, name: string): boolean | undefined {
  if (value === undefined || value === '') return undefined
  if (value === 'true') return true
  if (value === 'false') return false
  throw new AppError('validation_error', { message: `'${name}' must be true or false.`, param: name })
}

/** The body as read: text values and files by field name, with the declared names only. */
export class MultipartBody<F extends string = string, T extends string = string> {
  constructor(
    private readonly values: ReadonlyMap<string, string[]>,
    private readonly uploads: ReadonlyMap<string, UploadedFile[]>,
  ) {}

  /** The value of a text field (the last one sent), or undefined. */
  text(name: T): string | undefined {
    return lastValue(this.values, name)
  }

  /** Every value of a repeated text field, in the order sent. */
  texts(name: T): string[] {
    return [...(this.values.get(name) ?? [])]
  }

  /** A boolean field: 'true' or 'false'; empty or absent is undefined. */
  boolean(name: T): boolean | undefined {
    return booleanValue(this.text(name), name)
  }

  /** Every value of every text field that was sent, by name. */
  textMap(): Map<T, string[]> {
    return new Map([...this.values].map(([name, values]) => [name as T, [...values]]))
  }

  /** Every text field that was sent, by name (the last value of each). */
  textRecord(): Partial<Record<T, string>> {
    const record: Partial<Record<T, string>> = {}
    for (const name of this.values.keys()) {
      const value = this.text(name as T)
      if (value !== undefined) record[name as T] = value
    }
    return record
  }

  /** The file of a field (the first one sent), or undefined. */
  file(name: F): UploadedFile | undefined {
    return this.uploads.get(name)?.[0]
  }

  /** The file of a field the form requires (a body without it never gets this far). */
  requiredFile(name: F): UploadedFile {
    const file = this.file(name)
    if (!file)
      throw new AppError('validation_error', { message: `The field '${name}' is required.`, param: name })
    return file
  }

  /** Every file of a field, in the order sent. */
  files(name: F): UploadedFile[] {
    return [...(this.uploads.get(name) ?? [])]
  }
}

/** Declares a form; the reader and the API document both take it from the route's config. */
export function multipartForm<F extends string = never, T extends string = never>(
  spec: MultipartSpec<F, T>,
): MultipartForm<F, T> {
  return { spec }
}

const entries = <V>(record: { readonly [key: string]: V }) => Object.entries(record) as Array<[string, V]>

/** The most bytes a body of this form may hold: declared, or the sum of every field's limit. */
export function totalLimit(spec: MultipartSpec<string, string>): number {
  if (spec.maxTotalBytes !== undefined) return spec.maxTotalBytes
  const files = entries(spec.files).reduce((sum, [, f]) => sum + f.maxBytes * (f.maxCount ?? 1), 0)
  const fields = entries(spec.fields).reduce(
    (sum, [, f]) => sum + (f.maxBytes ?? DEFAULT_FIELD_BYTES) * (f.maxCount ?? 1),
    0,
  )
  return files + fields
}

const TYPES = { string: 'string', number: 'number', integer: 'integer', boolean: 'boolean', json: 'string' }

/** The JSON schema of the form for the API document: files as binary strings. */
export function formJsonSchema(spec: MultipartSpec<string, string>): Record<string, unknown> {
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  for (const [name, field] of entries(spec.files)) {
    const one = { type: 'string', format: 'binary' }
    const max = field.maxCount ?? 1
    properties[name] =
      max > 1
        ? { type: 'array', items: one, maxItems: max, description: describeFile(field) }
        : { ...one, description: describeFile(field) }
    if (field.required) required.push(name)
  }
  for (const [name, field] of entries(spec.fields)) {
    const one: Record<string, unknown> = { type: TYPES[field.kind ?? 'string'] }
    if (field.kind === 'json') one.contentMediaType = 'application/json'
    if (field.enum) one.enum = [...field.enum]
    const max = field.maxCount ?? 1
    properties[name] =
      max > 1
        ? { type: 'array', items: one, maxItems: max, description: field.description }
        : { ...one, description: field.description }
    if (field.required) required.push(name)
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

function describeFile(field: FileField): string {
  const size = formatBytes(field.maxBytes)
  const max = field.maxCount ?? 1
  return `${field.description} ${max > 1 ? `Up to ${max} files of at most ${size} each.` : `At most ${size}.`}`
}
