import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { DatabaseHandle } from '../src/db/database.js'
import { createUser, type TestUser } from './helpers/factories.js'
import { createTestDatabase } from './helpers/test-database.js'
import { createWorkspaceVoice } from './helpers/voice-factory.js'

// No client holds a socket by sending slowly: the headers and the whole request must arrive
// within their limits (short ones here, from the environment), while a WebSocket that lives
// longer than both keeps working.

const HEADERS_TIMEOUT_MS = 600
const REQUEST_TIMEOUT_MS = 1_200

let app: FastifyInstance
let database: DatabaseHandle
let dataDir: string
let port: number
let user: TestUser

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'timbre-timeouts-'))
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET_KEY: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent',
    SPEECH_WORKERS: '1',
    HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  })
  app = await buildApp(config, { database, logger: false, mailTransport: null })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  port = typeof address === 'object' && address ? address.port : 0
  user = await createUser(app, database, { verified: true })
})
afterAll(async () => {
  app?.server.closeAllConnections()
  await app?.close()
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** Writes `data`, then sends nothing more; resolves with how long the server kept the socket. */
function stallAfter(data: string): Promise<{ ms: number; reply: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    let reply = ''
    const socket = connect(port, '127.0.0.1', () => socket.write(data))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
    })
    socket.on('close', () => resolve({ ms: Date.now() - started, reply }))
    socket.on('error', () => undefined)
    setTimeout(() => {
      socket.destroy()
      reject(new Error('the server kept a stalled socket open for 10 s'))
    }, 10_000)
  })
}

describe('socket timeouts', () => {
  it('rejects invalid timeout settings at start', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SECRET_KEY: 'x'.repeat(32), REQUEST_TIMEOUT_MS: 'soon' }),
    ).toThrow(/REQUEST_TIMEOUT_MS/)
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        SECRET_KEY: 'x'.repeat(32),
        HEADERS_TIMEOUT_MS: '5000',
        REQUEST_TIMEOUT_MS: '1000',
      }),
    ).toThrow(/HEADERS_TIMEOUT_MS/)
  })

  it('closes a connection whose headers never finish', async () => {
    const { ms, reply } = await stallAfter('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ')
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 1_500)
    expect(reply === '' || reply.startsWith('HTTP/1.1 408')).toBe(true)
  })

  it('closes a connection whose body never finishes', async () => {
    const head = `POST /v1/auth/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`
    const { ms } = await stallAfter(`${head}{"email":`)
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100)
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 1_500)
  })

  it('answers an upload whose file name holds CR LF at once, with a 4xx', async () => {
    const voice = await createWorkspaceVoice(database.db, { userId: user.userId })
    const b = 'crlf42'
    const body =
      `--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\nok\r\n` +
      `--${b}\r\nContent-Disposition: form-data; name="files"; filename="a\r\nb.mp3"\r\n\r\nID3\r\n--${b}--\r\n`
    const head =
      `POST /v1/voices/${voice.id}/edit HTTP/1.1\r\nHost: x\r\n${user.auth.authorization ? `Authorization: ${user.auth.authorization}\r\n` : ''}` +
      `Content-Type: multipart/form-data; boundary=${b}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`
    const { ms, reply } = await stallAfter(head + body)
    expect(ms).toBeLessThan(1_000)
    expect(reply).toMatch(/^HTTP\/1\.1 4\d\d /)
  })

  it('keeps a WebSocket that lives longer than the request timeouts', async () => {
    const voice = await createWorkspaceVoice(database.db, { userId: user.userId })
    const ws = new WebSocket(`ws://127.0.0.1:${port}/v1/text-to-speech/${voice.id}/stream-input`, {
      headers: user.auth,
    })
    const messages: Array<Record<string, unknown>> = []
    ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>))
    await new Promise((resolve, reject) => {
      ws.once('open', resolve)
      ws.once('error', reject)
    })
    await new Promise((r) => setTimeout(r, REQUEST_TIMEOUT_MS * 2))
    expect(ws.readyState).toBe(WebSocket.OPEN)
    ws.send(JSON.stringify({ text: ' ' }))
    ws.send(JSON.stringify({ text: 'Hello there. ', try_trigger_generation: true }))
    ws.send(JSON.stringify({ text: '' }))
    await new Promise((resolve) => ws.once('close', resolve))
    expect(messages.some((m) => typeof m.audio === 'string' && m.audio.length > 0)).toBe(true)
    expect(messages.at(-1)).toMatchObject({ isFinal: true })
  }, 30_000)
})
