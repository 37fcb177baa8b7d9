import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { wavOf } from '../../lib/audio/wav-file.js'

// Who sees which finetune, through the official SDK: a private one only its creator, a
// workspace one every member; the list filters by visibility and creator, sorts and pages.

let t: TestApp
let owner: ElevenLabsClient
let teammate: ElevenLabsClient
let outsider: ElevenLabsClient

/** One second of a 220 Hz tone: enough for the style measure. */
function tone(): Blob {
  const rate = 16000
  const samples = new Float32Array(rate).map((_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / rate))
  return new Blob([new Uint8Array(wavOf(samples, rate))])
}

async function clientFor(user: TestUser, address: string) {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk' },
  })
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
}

async function status(call: () => Promise<unknown>): Promise<number> {
  try {
    await call()
  } catch (error) {
    if (error instanceof ElevenLabsError) return error.statusCode ?? 0
    throw error
  }
  return 200
}

beforeAll(async () => {
  t = await createTestApp()
  const a = await createUser(t.app, t.database, { verified: true })
  const b = await createUser(t.app, t.database, { verified: true })
  const c = await createUser(t.app, t.database, { verified: true })
  await joinWorkspaceOf(t.database.db, a, b)
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  owner = await clientFor(a, address)
  teammate = await clientFor(b, address)
  outsider = await clientFor(c, address)
})
afterAll(() => t?.close())

describe('finetune visibility', () => {
  it('shows a private finetune to its creator only, a shared one to the workspace, and filters the list', async () => {
    const secret = await owner.music.finetunes.create({
      name: 'Alpha secret',
      primaryGenre: 'jazz',
      files: [tone()],
    })
    const shared = await owner.music.finetunes.create({
      name: 'Beta shared',
      primaryGenre: 'rock',
      visibility: 'workspace',
      files: [tone()],
    })
    const theirs = await teammate.music.finetunes.create({
      name: 'Gamma teammate',
      primaryGenre: 'folk',
      visibility: 'workspace',
      files: [tone()],
    })
    const ids = async (
      client: ElevenLabsClient,
      request?: Parameters<typeof client.music.finetunes.list>[0],
    ) => (await client.music.finetunes.list(request)).finetunes.map((f) => f.id)

    expect((await ids(owner)).sort()).toEqual([secret.id, shared.id, theirs.id].sort())
    expect((await ids(teammate)).sort()).toEqual([shared.id, theirs.id].sort())
    expect(await ids(outsider)).toEqual([])
    expect(await status(() => teammate.music.finetunes.get(secret.id))).toBe(404)
    expect(await status(() => outsider.music.finetunes.get(shared.id))).toBe(404)
    expect(await status(() => teammate.music.compose({ prompt: 'jazz', finetuneId: secret.id }))).toBe(404)

    expect(await ids(owner, { visibility: 'private' })).toEqual([secret.id])
    expect(await ids(owner, { createdBy: 'workspace' })).toEqual([theirs.id])
    expect((await ids(owner, { createdBy: 'self' })).sort()).toEqual([secret.id, shared.id].sort())
    expect(await ids(owner, { visibility: 'public' })).toEqual([])
    expect(await ids(owner, { createdBy: 'elevenlabs' })).toEqual([])
    expect(await ids(owner, { sort: 'name', sortDirection: 'asc' })).toEqual([
      secret.id,
      shared.id,
      theirs.id,
    ])
    const seen = (await teammate.music.finetunes.get(shared.id)).createdBy
    expect(seen).toBe('workspace')

    const first = await owner.music.finetunes.list({ pageSize: 2, sort: 'name', sortDirection: 'desc' })
    expect(first.finetunes.map((f) => f.id)).toEqual([theirs.id, shared.id])
    expect(first.hasMore).toBe(true)
    const second = await owner.music.finetunes.list({
      pageSize: 2,
      sort: 'name',
      sortDirection: 'desc',
      cursor: first.nextCursor as string,
    })
    expect(second.finetunes.map((f) => f.id)).toEqual([secret.id])
    expect(second.hasMore).toBe(false)
  })

  it('lets only the creator change or delete a finetune; sharing it makes it visible', async () => {
    const mine = await owner.music.finetunes.create({
      name: 'Delta mine',
      primaryGenre: 'pop',
      files: [tone()],
    })
    expect(await status(() => teammate.music.finetunes.update(mine.id, { name: 'Taken over' }))).toBe(404)
    const shared = await owner.music.finetunes.update(mine.id, {
      visibility: 'workspace',
      name: 'Delta shared',
    })
    expect(shared).toMatchObject({ visibility: 'workspace', name: 'Delta shared' })
    expect((await teammate.music.finetunes.get(mine.id)).name).toBe('Delta shared')
    expect(await status(() => teammate.music.finetunes.update(mine.id, { name: 'Taken over' }))).toBe(403)
    expect(await status(() => teammate.music.finetunes.delete(mine.id))).toBe(403)
    expect(await status(() => owner.music.finetunes.update(mine.id, { name: 'x' }))).toBe(422)
    expect((await owner.music.finetunes.get(mine.id)).name).toBe('Delta shared')
    await owner.music.finetunes.delete(mine.id)
    expect(await status(() => owner.music.finetunes.get(mine.id))).toBe(404)
  })
})
