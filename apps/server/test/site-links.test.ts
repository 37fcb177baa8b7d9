import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage, defaultStorageDir } from '../src/lib/storage.js'
import { createUser, type TestUser, workspaceIdOf } from './helpers/factories.js'
import { createHistoryItem } from './helpers/history-factory.js'
import { createTestApp, PUBLIC_URL, type TestApp } from './helpers/test-app.js'

// Absolute links in API answers (voice previews, share links, the site address the web app is
// told) follow PUBLIC_URL when it is set, and otherwise the address the request reached: a
// server opened at its LAN address must not hand out links to localhost.

const lanHost = '192.168.1.20:3000'

async function linksOf(t: TestApp, user: TestUser) {
  const headers = { ...user.auth, host: lanHost }
  const voices = (await t.app.inject({ url: '/v2/voices?page_size=1', headers })).json()
  const voiceId = voices.voices[0].voice_id as string
  const voice = (await t.app.inject({ url: `/v1/voices/${voiceId}`, headers })).json()
  const all = (await t.app.inject({ url: '/v1/voices', headers })).json()
  const item = await createHistoryItem(
    { db: t.database.db, storage: createLocalStorage(defaultStorageDir(t.dataDir)) },
    { workspaceId: await workspaceIdOf(t.database.db, user.userId), userId: user.userId },
  )
  const share = (await t.app.inject({ url: `/v1/history/${item.id}/share-link`, headers })).json()
  const config = (await t.app.inject({ url: '/v1/config', headers: { host: lanHost } })).json()
  return {
    search: voices.voices[0].preview_url as string,
    get: voice.preview_url as string,
    list: all.voices[0].preview_url as string,
    share: share.share_link as string,
    site: config.public_url as string,
  }
}

describe('absolute links without PUBLIC_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: undefined } })
  })
  afterAll(() => t?.close())

  it('start at the address the request reached', async () => {
    const links = await linksOf(t, await createUser(t.app, t.database))
    for (const link of Object.values(links)) expect(link.startsWith(`http://${lanHost}`)).toBe(true)
  })
})

describe('absolute links with PUBLIC_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('start at PUBLIC_URL whatever the Host header says', async () => {
    const links = await linksOf(t, await createUser(t.app, t.database))
    for (const link of Object.values(links)) expect(link.startsWith(PUBLIC_URL)).toBe(true)
  })
})
