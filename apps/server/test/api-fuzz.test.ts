import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from './helpers/factories.js'
import { createTestApp, type TestApp } from './helpers/test-app.js'
import { createWorkspaceVoice } from './helpers/voice-factory.js'

// Robustness: every operation of the OpenAPI document gets malformed input (NUL bytes and
// lone surrogates in path parameters, query parameters and body strings, wrong types,
// absurd numbers, broken JSON, empty bodies, wrong content types, hostile multipart parts),
// as a signed-in user and as an anonymous caller. Bad input is the caller's fault: no answer
// may be a 5xx, and no request may hang.

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  anyOf?: JsonSchema[]
  items?: JsonSchema
  $ref?: string
}

interface Operation {
  method: string
  path: string
  pathParams: string[]
  queryParams: string[]
  bodySchema: JsonSchema | undefined
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string }>
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> }
      }
    >
  >
  components?: { schemas?: Record<string, JsonSchema> }
}

// A request that never answers is the bug this catches; a slow answer on a busy machine is not,
// so the limit is generous.
const HANG_MS = 20_000
const LONE_SURROGATE_PATH = '%ED%A0%80'

/** Strings that must never reach the database as they are. */
const BAD_STRINGS = ['\u0000', 'a\u0000b', '\ud800', 'x\udfffy']
/** Values of the wrong type or absurd size for any field. */
const WRONG_VALUES: unknown[] = [1e308, -1, 2 ** 64, true, null, [], {}, 'x'.repeat(20_000), ['\u0000']]
const BAD_QUERY_VALUES = ['%00', 'a%00b', '-1', '1e308', '99999999999999999999999', 'NaN', '', '%ED%A0%80']

function operations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = op.parameters ?? []
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: op.requestBody?.content?.['application/json']?.schema,
      })
    }
  }
  // Calls that end the caller's session or account go last, so the others run signed in.
  const last = (op: Operation) => (op.path.endsWith('/sign-out') || op.path === '/v1/user' ? 1 : 0)
  return ops.sort((a, b) => last(a) - last(b))
}

function resolveRef(doc: OpenApiDoc, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema
  const name = schema.$ref.split('/').pop() ?? ''
  return doc.components?.schemas?.[name]
}

/** A plausible value for a schema, so that one broken field is the only thing wrong. */
function sample(doc: OpenApiDoc, raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolveRef(doc, raw)
  if (!schema || depth > 4) return 'x'
  if (schema.enum?.length) return schema.enum[0]
  if (schema.anyOf?.length) return sample(doc, schema.anyOf[0], depth + 1)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  if (type === 'object') {
    const body: Record<string, unknown> = {}
    for (const key of schema.required ?? []) body[key] = sample(doc, schema.properties?.[key], depth + 1)
    return body
  }
  if (type === 'array') return [sample(doc, schema.items, depth + 1)]
  if (type === 'integer' || type === 'number') return 1
  if (type === 'boolean') return true
  return 'hello'
}

function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => values[name] ?? 'abc')
}

function rawMultipart(parts: Array<{ disposition: string; body: string }>): {
  payload: Buffer
  headers: Record<string, string>
} {
  const boundary = 'fuzzboundary42'
  const chunks = parts.map(
    (p) => `--${boundary}\r\nContent-Disposition: ${p.disposition}\r\n\r\n${p.body}\r\n`,
  )
  return {
    payload: Buffer.from(`${chunks.join('')}--${boundary}--\r\n`, 'utf8'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Every malformed request for one operation, with valid values everywhere else. */
function malformedRequests(doc: OpenApiDoc, op: Operation, ids: Record<string, string>): InjectOptions[] {
  const requests: InjectOptions[] = []
  const method = op.method as InjectOptions['method']
  const url = fillPath(op.path, ids)
  const jsonHeaders = { 'content-type': 'application/json' }
  const base = op.bodySchema ? sample(doc, op.bodySchema) : undefined
  const withBody = (payload: unknown): InjectOptions => ({
    method,
    url,
    payload: JSON.stringify(payload),
    headers: jsonHeaders,
  })

  for (const name of op.pathParams) {
    for (const bad of [
      '%00',
      `a%00b`,
      LONE_SURROGATE_PATH,
      `a${LONE_SURROGATE_PATH}`,
      '%C0%80',
      'x'.repeat(3000),
    ]) {
      requests.push({
        method,
        url: fillPath(op.path, { ...ids, [name]: bad }),
        ...(base ? withBody(base) : {}),
      })
    }
  }
  for (const name of op.queryParams) {
    for (const bad of BAD_QUERY_VALUES) {
      requests.push({ ...(base ? withBody(base) : { method }), url: `${url}?${name}=${bad}` })
    }
    requests.push({ ...(base ? withBody(base) : { method }), url: `${url}?${name}=1&${name}=2` })
  }
  requests.push({ method, url: `${url}?unknown=%00` })
  if (op.method === 'GET' || op.method === 'DELETE') {
    if (!op.bodySchema) return requests
  }

  // Broken and empty bodies, wrong content types.
  requests.push({ method, url, payload: '{"text": "hi"', headers: jsonHeaders })
  requests.push({ method, url, payload: '', headers: jsonHeaders })
  requests.push({ method, url })
  requests.push({
    method,
    url,
    payload: 'text=hello',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  requests.push({ method, url, payload: 'hello', headers: { 'content-type': 'text/plain' } })
  requests.push({ method, url, payload: '\u0000', headers: { 'content-type': 'application/octet-stream' } })
  for (const whole of [null, [], 'text', 1e308, { '\u0000': 'x' }, { '\ud800': 'x' }])
    requests.push(withBody(whole))
  // The JSON text of a lone surrogate, as a client would send it.
  requests.push({ method, url, payload: '{"text":"\\ud800","name":"\\u0000"}', headers: jsonHeaders })

  // One broken field at a time in an otherwise plausible body.
  const schema = resolveRef(doc, op.bodySchema)
  const baseObject = (base && typeof base === 'object' ? base : {}) as Record<string, unknown>
  for (const key of Object.keys(schema?.properties ?? {})) {
    for (const bad of [...BAD_STRINGS, ...WRONG_VALUES])
      requests.push(withBody({ ...baseObject, [key]: bad }))
    requests.push(withBody({ ...baseObject, [key]: { nested: ['ok', { deep: '\u0000' }] } }))
  }

  // Multipart: a field with NUL, a file name with NUL, CR LF or a lone surrogate.
  const multipartCases = [
    [{ disposition: 'form-data; name="name"', body: 'a\u0000b' }],
    [{ disposition: 'form-data; name="name"', body: '\ud800' }],
    [
      { disposition: 'form-data; name="name"', body: 'ok' },
      { disposition: 'form-data; name="files"; filename="a\r\nb.mp3"', body: 'ID3' },
    ],
    [
      { disposition: 'form-data; name="name"', body: 'ok' },
      { disposition: 'form-data; name="files"; filename="a\u0000b.mp3"', body: 'ID3' },
    ],
    [
      { disposition: 'form-data; name="name"', body: 'ok' },
      { disposition: 'form-data; name="files"; filename="\ud800.mp3"', body: 'ID3' },
    ],
    [{ disposition: 'form-data; name="na\u0000me"', body: 'x' }],
  ]
  for (const parts of multipartCases) requests.push({ method, url, ...rawMultipart(parts) })
  return requests
}

interface Failure {
  method: string
  url: string
  status: number | 'hang'
  body: string
}

async function send(app: FastifyInstance, request: InjectOptions): Promise<number | 'hang'> {
  let timer: NodeJS.Timeout | undefined
  const hang = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS)
  })
  const result = await Promise.race([app.inject(request).then((r) => r), hang])
  clearTimeout(timer)
  if (result === 'hang') return 'hang'
  if (result.statusCode >= 500) lastBody = result.body.slice(0, 300)
  return result.statusCode
}
let lastBody = ''

let t: TestApp
let user: TestUser
let doc: OpenApiDoc
let ids: Record<string, string>

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  const voice = await createWorkspaceVoice(t.database.db, { userId: user.userId })
  doc = t.app.swagger() as unknown as OpenApiDoc
  ids = { voice_id: voice.id }
}, 60_000)
afterAll(() => t?.close())

describe('every operation survives malformed input', () => {
  it('answers no 5xx and never hangs, signed in or not', async () => {
    const failures: Failure[] = []
    let sent = 0
    const started = Date.now()
    const identities: Array<Record<string, string>> = [
      {},
      { cookie: 'timbre_session=%00' },
      { 'xi-api-key': 'sk_\u00ff\u00fe' },
      user.auth,
    ]
    for (const op of operations(doc)) {
      for (const request of malformedRequests(doc, op, ids)) {
        for (const identity of identities) {
          const status = await send(t.app, { ...request, headers: { ...request.headers, ...identity } })
          sent += 1
          if (status === 'hang' || status >= 500) {
            failures.push({
              method: request.method ?? 'GET',
              url: String(request.url),
              status,
              body: lastBody,
            })
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`api fuzz: ${sent} requests in ${seconds} s, ${failures.length} answered 5xx or hung`)
    for (const f of failures.slice(0, 40)) console.log(`  ${f.status} ${f.method} ${f.url} ${f.body}`)
    expect(failures.map((f) => `${f.status} ${f.method} ${f.url}`)).toEqual([])
  }, 600_000)
})
