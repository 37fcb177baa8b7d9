import { readdirSync, statSync } from 'node:fs'
import { Agent, request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { OPENAI_BASE_PATH } from '@timbre/contract'
import { PREMADE_VOICES, wavHeader } from '@timbre/speech'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice, multipartBody } from '../../../test/helpers/voice-factory.js'
import { type MultipartRoute, multipartRoutes } from './multipart-routes.js'

// Every route of the app that takes a multipart body, walked from the route table over a real
// socket: a body the parser cannot read answers 400 from the one reader (never a 500, never a
// hang) and writes nothing; a file name with a line break answers 422 at once. The API
// document describes every field each route's form declares.

let t: TestApp
let owner: TestUser
let port: number
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const ids: Record<string, string> = {}

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
  await setPlan(t.database, owner.userId, { tier: 'creator' })
  ids.voice = (await createWorkspaceVoice(t.database.db, { userId: owner.userId })).id
  ids.premade = PREMADE_VOICES[0]!.voice_id
  const pvc = await t.app.inject({
    method: 'POST',
    url: '/v1/voices/pvc',
    headers: owner.auth,
    payload: { name: 'Pro', language: 'en' },
  })
  ids.pvc = pvc.json().voice_id
  const created = async (url: string, name: string) => {
    const form = await multipartBody({ name })
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.auth, ...form.headers },
      payload: form.payload,
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }
  ids.studio = (await created('/v1/studio/projects', 'Book')).project.project_id
  ids.native = (await created('/v1/audio-native', 'Player')).project_id
  expect(pvc.statusCode, pvc.body).toBe(200)
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as { port: number }).port
}, 60_000)
afterAll(async () => {
  agent.destroy()
  await t?.close()
})

/** The route's URL with ids of things the caller owns, so the call gets as far as the body. */
function urlOf(route: MultipartRoute): string {
  return route.url.replace(/:(\w+)/g, (_m, name: string) => {
    if (name === 'project_id') return (route.url.includes('audio-native') ? ids.native : ids.studio) as string
    if (route.url.includes('speech-to-speech')) return ids.premade as string
    if (route.url.includes('pvc') || route.url.includes('captcha')) return ids.pvc as string
    return ids.voice as string
  })
}

interface Answer {
  status: number
  body: string
}

/** One request over the socket; a request that gets no answer in 5 s is a failure. */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  payload: Buffer,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...headers, 'content-length': payload.length },
      },
      (res) => {
        let body = ''
        res.on('data', (d: Buffer) => {
          body += d.toString()
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.setTimeout(5_000, () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Rows in every table and files in storage: what a refused request must leave as it was. */
async function footprint(): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.database.db)
  const counts: Record<string, number> = {}
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(
      t.database.db,
    )
    counts[name] = row.rows[0]?.n ?? 0
  }
  const files = (dir: string): number =>
    readdirSync(dir).reduce((n, entry) => {
      const path = join(dir, entry)
      return n + (statSync(path).isDirectory() ? files(path) : 1)
    }, 0)
  counts['(stored files)'] = files(t.dataDir)
  return counts
}

/** The refusal in a body: the API's `detail`, or `error` on the OpenAI-compatible routes. */
function refusal(body: string): { code?: string; message?: string } {
  const parsed = JSON.parse(body) as { detail?: object; error?: object }
  return (parsed.detail ?? parsed.error ?? {}) as { code?: string; message?: string }
}

/** Invalid input answers 422, except where OpenAI's clients expect its 400. */
const invalidStatus = (route: MultipartRoute) => (route.url.startsWith(`${OPENAI_BASE_PATH}/`) ? 400 : 422)

const BOUNDARY = 'walk42'
const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }
const tone = () => {
  const pcm = Buffer.alloc(32_000)
  for (let i = 0; i < 16_000; i++) pcm.writeInt16LE(Math.round(Math.sin(i / 8) * 8000), i * 2)
  return Buffer.concat([wavHeader(16_000, pcm.length), pcm])
}

/** A part with a file of 32 KB (larger than a parser's buffer), named as given. */
function filePart(field: string, disposition: string): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; ${disposition}\r\nContent-Type: audio/wav\r\n\r\n`,
    ),
    tone(),
    Buffer.from('\r\n'),
  ])
}

const malformed = (route: MultipartRoute) => {
  const fileField = Object.keys(route.form.spec.files)[0] ?? 'file'
  const whole = Buffer.concat([filePart(fileField, 'filename="a.wav"'), Buffer.from(`--${BOUNDARY}--\r\n`)])
  return [
    {
      name: 'a garbage body',
      headers: multipartType,
      payload: Buffer.from('this is not a multipart body at all'),
    },
    { name: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: whole },
    { name: 'a body cut short', headers: multipartType, payload: whole.subarray(0, 20_000) },
  ]
}

describe('every multipart route', () => {
  it('is found in the route table: the product takes uploads on these routes', () => {
    const routes = multipartRoutes(t.app).map((r) => `${r.method} ${r.url}`)
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /v1/voices/add',
        'POST /v1/voices/:voice_id/edit',
        'POST /v1/similar-voices',
        'POST /v1/voices/pvc/:voice_id/samples',
        'POST /v1/speech-to-speech/:voice_id/stream',
        'POST /v1/audio-isolation',
        'POST /v1/audio-native/:project_id/content',
        'POST /v1/pronunciation-dictionaries/add-from-file',
        'POST /v1/studio/projects',
        'POST /v1/studio/projects/:project_id/cover-image',
        'POST /v1/studio/projects/:project_id/publishing/image',
        'POST /v1/voiceover/projects',
      ]),
    )
    expect(routes.length).toBeGreaterThanOrEqual(20)
  })

  it('answers a body it cannot read with 400 from the reader, never a 500 or a hang, and writes nothing', async () => {
    const before = await footprint()
    const wrong: string[] = []
    for (const route of multipartRoutes(t.app)) {
      for (const attempt of malformed(route)) {
        const answer = await send(
          route.method,
          urlOf(route),
          { ...owner.auth, ...attempt.headers },
          attempt.payload,
        )
        const code = answer.status === 400 ? refusal(answer.body).code : undefined
        if (code !== 'invalid_multipart')
          wrong.push(
            `${route.method} ${route.url}, ${attempt.name}: ${answer.status} ${answer.body.slice(0, 200)}`,
          )
      }
    }
    expect(wrong).toEqual([])
    expect(await footprint()).toEqual(before)
  })

  it('refuses a file name with CR LF at once (422; 400 on the OpenAI routes), and the connection serves the next request', async () => {
    const before = await footprint()
    const wrong: string[] = []
    for (const route of multipartRoutes(t.app)) {
      const [fileField] = Object.keys(route.form.spec.files)
      if (!fileField) continue
      const payload = Buffer.concat([
        filePart(fileField, "filename*=UTF-8''a%0D%0Ab.wav"),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ])
      const answer = await send(route.method, urlOf(route), { ...owner.auth, ...multipartType }, payload)
      const detail = answer.status === invalidStatus(route) ? refusal(answer.body) : undefined
      if (!detail?.message?.includes('control characters'))
        wrong.push(`${route.method} ${route.url}: ${answer.status} ${answer.body.slice(0, 200)}`)
    }
    expect(wrong).toEqual([])
    expect(await footprint()).toEqual(before)
    // The same keep-alive socket still answers.
    const health = await send('GET', '/healthz', {}, Buffer.alloc(0))
    expect(health.status).toBe(200)
  })

  it('is described in /openapi.json with every field of its form, files as binary', async () => {
    const doc = (await t.app.inject({ url: '/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >
    }
    interface Schema {
      properties?: Record<string, { type?: string; format?: string; items?: { format?: string } }>
    }
    const missing: string[] = []
    for (const route of multipartRoutes(t.app)) {
      const path = route.url.replace(/:(\w+)/g, '{$1}')
      const schema =
        doc.paths[path]?.[route.method.toLowerCase()]?.requestBody?.content?.['multipart/form-data']?.schema
      const properties = schema?.properties ?? {}
      for (const name of Object.keys(route.form.spec.files)) {
        const field = properties[name]
        const binary = field?.format === 'binary' || field?.items?.format === 'binary'
        if (!binary) missing.push(`${route.method} ${path}: file ${name}`)
      }
      for (const name of Object.keys(route.form.spec.fields)) {
        if (!properties[name]) missing.push(`${route.method} ${path}: field ${name}`)
      }
    }
    expect(missing).toEqual([])
    // And no operation takes multipart/form-data without a form the reader reads it with.
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    )
    const declared = multipartRoutes(t.app).map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    expect(documented.sort()).toEqual([...new Set(declared)].sort())
  })

  it('a JSON route refuses a multipart body with 415', async () => {
    const body = await multipartBody({ name: 'x' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/voices/${ids.voice}/settings/edit`,
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    })
    expect(res.statusCode).toBe(415)
  })
})
