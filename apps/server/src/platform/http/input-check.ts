import type { FastifyInstance } from 'fastify'
import { AppError } from '../../errors.js'

// The one check of text that arrives from outside. PostgreSQL cannot store a NUL character in
// text or jsonb, and a lone UTF-16 surrogate has no UTF-8 form: either one reaching the database
// fails the query with a server error, after whatever the request already did (audio already
// streamed, credits already reserved). Such text is never meaningful input, so it is refused
// before any service sees it, with the same rule wherever it comes from:
// - path parameters, query parameters and JSON bodies, at the edge for every route (the hook
//   below), keys and values at any depth;
// - multipart field names, values, file names and the JSON inside fields, by the multipart
//   reader (multipart.ts);
// - WebSocket messages, by the socket's handler (`assertCleanMessage`).
// Refusing rather than cleaning keeps what is spoken, charged and stored equal to what the
// client sent; a client that sends such text has a bug it should hear about.

export interface InputIssue {
  loc: Array<string | number>
  msg: string
  type: 'string_invalid_characters'
}

/** At most this many issues are listed; one is enough to fix the request. */
const MAX_ISSUES = 10
/** With the `u` flag a surrogate class matches only unpaired halves: pairs are one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u
/** A control character (CR, LF, NUL, ...) is never part of a real file name. */
const CONTROL_CHARACTER = /\p{Cc}/u

/** Why a string cannot be accepted, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'Text may not contain a NUL character (\\u0000).'
  if (LONE_SURROGATE.test(value)) return 'Text must be valid Unicode: it contains a lone surrogate.'
  return undefined
}

/**
 * Text read out of a client's document (a DOCX, an EPUB, an HTML page) with the characters
 * that cannot be stored replaced by U+FFFD, as an HTML parser does: one stray character does
 * not make a whole book unreadable.
 */
export function replaceUnstorable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(/\p{Surrogate}/gu, '\uFFFD')
}

/** Why a file name cannot be accepted: the text rule, and no control characters either. */
export function fileNameProblem(value: string): string | undefined {
  return (
    textProblem(value) ??
    (CONTROL_CHARACTER.test(value) ? 'A file name may not contain control characters.' : undefined)
  )
}

/** Every bad string in a parsed value (keys included), walked without recursion. */
export function findInputIssues(root: unknown, location: string): InputIssue[] {
  const issues: InputIssue[] = []
  const stack: Array<{ value: unknown; loc: Array<string | number> }> = [{ value: root, loc: [location] }]
  while (stack.length > 0 && issues.length < MAX_ISSUES) {
    const { value, loc } = stack.pop() as { value: unknown; loc: Array<string | number> }
    if (typeof value === 'string') {
      const msg = textProblem(value)
      if (msg) issues.push({ loc, msg, type: 'string_invalid_characters' })
      continue
    }
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], loc: [...loc, i] })
      continue
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue
    for (const [key, child] of Object.entries(value)) {
      const keyProblem = textProblem(key)
      if (keyProblem) {
        issues.push({
          loc: [...loc, key],
          msg: `Field name: ${keyProblem}`,
          type: 'string_invalid_characters',
        })
        continue
      }
      stack.push({ value: child, loc: [...loc, key] })
    }
  }
  return issues
}

/** A printable form of client text, fit to quote back in a message. */
export const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 100)

/**
 * Refuses a parsed value (a WebSocket message, the JSON inside a form field) holding text that
 * cannot be accepted: 422 naming the first place, e.g. `voice_settings.style: Text may not ...`.
 */
export function assertCleanValue(value: unknown, location: string): void {
  const [issue] = findInputIssues(value, location)
  if (!issue) return
  throw new AppError('validation_error', {
    message: `${issue.loc.map((part) => printable(String(part))).join('.')}: ${issue.msg}`,
    param: location,
  })
}

export function registerInputHygiene(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    const issues = [
      ...findInputIssues(request.params, 'params'),
      ...findInputIssues(request.query, 'querystring'),
      ...findInputIssues(request.body, 'body'),
    ]
    if (issues.length > 0) return reply.status(422).send({ detail: issues.slice(0, MAX_ISSUES) })
    // A cookie is not input a user typed: one that is not clean text is no credential, so it
    // is dropped and the request goes on as if it had not been sent.
    const cookies = request.cookies as Record<string, string | undefined> | undefined
    for (const [name, value] of Object.entries(cookies ?? {})) {
      if (value !== undefined && textProblem(value)) delete cookies?.[name]
    }
    return undefined
  })
}
