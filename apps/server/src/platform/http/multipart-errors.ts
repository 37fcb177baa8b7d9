import { AppError } from '../../errors.js'
import { formatBytes } from '../format-bytes.js'
import { printable } from './input-check.js'
import type { FileField, MultipartSpec } from './multipart-form.js'

// Every way a multipart body can be refused, worded once. A body the parser cannot read is the
// client's fault (400), a limit is 413, a field the route does not take or text that cannot be
// stored is 422; none of them is ever a 500.

export const multipartErrors = {
  notMultipart: () =>
    new AppError('unsupported_media_type', { message: 'Send this call as multipart/form-data.' }),

  /** The parser's own words (no boundary, a broken part header, a body cut short). */
  malformed: (reason: string) =>
    new AppError('invalid_multipart', { message: `The multipart body cannot be read: ${reason}.` }),

  cutOff: () =>
    new AppError('invalid_multipart', {
      message: 'The multipart body cannot be read: the upload ended before the form did.',
    }),

  fileTooLarge: (name: string, field: FileField) =>
    field.tooLarge?.() ??
    new AppError('payload_too_large', {
      message: `${field.label ?? `The file '${name}'`} may be at most ${formatBytes(field.maxBytes)}.`,
      param: name,
    }),

  tooManyFiles: (name: string, max: number) =>
    new AppError('payload_too_large', {
      message: max === 1 ? `Send one file as '${name}'.` : `Send at most ${max} files as '${name}'.`,
      param: name,
    }),

  tooManyFields: () => new AppError('payload_too_large', { message: 'Too many form fields.' }),

  tooManyFilesInAll: () => new AppError('payload_too_large', { message: 'Too many files.' }),

  fieldTooLong: (name: string, maxBytes: number) =>
    new AppError('payload_too_large', {
      message: `The field '${printable(name)}' may be at most ${formatBytes(maxBytes)}.`,
      param: printable(name),
    }),

  fieldNameTooLong: () => new AppError('validation_error', { message: 'A form field name is too long.' }),

  tooLarge: (maxBytes: number) =>
    new AppError('payload_too_large', {
      message: `The upload may be at most ${formatBytes(maxBytes)} in all.`,
    }),

  /**
   * A body whose declared length is over the form's limit, refused before any of it is read;
   * with one file in the form, only that file can be too large, and its own refusal says so.
   */
  declaredTooLarge(spec: MultipartSpec<string, string>, maxBytes: number) {
    const files = Object.entries<FileField>(spec.files)
    const [only] = files.length === 1 && (files[0]?.[1].maxCount ?? 1) === 1 ? files : []
    const refusal = only ? multipartErrors.fileTooLarge(only[0], only[1]) : multipartErrors.tooLarge(maxBytes)
    // The body is not read at all: the connection closes after the answer.
    return new AppError(refusal.code, {
      message: refusal.message,
      ...(refusal.param ? { param: refusal.param } : {}),
      headers: { ...refusal.headers, connection: 'close' },
    })
  },

  unexpectedFile: (name: string, fileFields: string[]) =>
    new AppError('validation_error', {
      message:
        fileFields.length === 0
          ? `Unexpected file field '${printable(name)}': this call takes no files.`
          : `Unexpected file field '${printable(name)}': send ${fileFields.map((f) => `'${f}'`).join(' or ')}.`,
      param: printable(name),
    }),

  badText: (what: string, param: string, problem: string) =>
    new AppError('validation_error', { message: `Invalid ${what} in '${param}': ${problem}`, param }),

  notOneOf: (name: string, values: readonly string[]) =>
    new AppError('validation_error', {
      message: `'${name}' must be one of: ${values.join(', ')}.`,
      param: name,
    }),

  required: (name: string, message?: string) =>
    new AppError('validation_error', { message: message ?? `The field '${name}' is required.`, param: name }),
}
