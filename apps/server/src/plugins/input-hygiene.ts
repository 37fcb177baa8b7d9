import type { FastifyInstance } from 'fastify'

// PostgreSQL cannot store a NUL character in text or jsonb, and a lone UTF-16 surrogate has no
// UTF-8 form: either one reaching the database fails the query with a server error. Such text
// is never meaningful input, so it is refused at the edge, for every route at once, before any
// schema, service or query sees it: path parameters, query parameters and JSON bodies (keys and
// values, at any depth). Multipart parts are read by their route and checked there with
// `textProblem`. Because the check runs before the handler, text that a generation stores in
// history is always well-formed, so a generation cannot deliver audio and then fail to record it.

export interface InputIssue {
  loc: Array<string | number>
  msg: string
  type: 'string_invalid_characters'
}

/** At most this many issues are listed; one is enough to fix the request. */
const MAX_ISSUES = 10
/** With the `u` flag a surrogate class matches only unpaired halves: pairs are one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u

/** Why a string cannot be accepted, or undefined when it is fine. */
export function textProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'Text may not contain a NUL character (\\u0000).'
  if (LONE_SURROGATE.test(value)) return 'Text must be valid Unicode: it contains a lone surrogate.'
  return undefined
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
