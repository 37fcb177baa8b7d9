import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import {
  createHistoryItem,
  createHistoryTestApp,
  type HistoryItemOptions,
  type HistoryTestApp,
  workspaceOf,
} from '../../../test/helpers/history-factory.js'
import { PUBLIC_URL } from '../../../test/helpers/test-app.js'

let t: HistoryTestApp
let alice: TestUser
let aliceWs: string

beforeAll(async () => {
  t = await createHistoryTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  aliceWs = await workspaceOf(t.database.db, alice.userId)
})
afterAll(() => t?.close())

const item = (options: Partial<HistoryItemOptions> = {}) =>
  createHistoryItem(
    { db: t.database.db, storage: t.storage },
    { workspaceId: aliceWs, userId: alice.userId, ...options },
  )

const feedback = (id: string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/history/${id}/feedback`,
    headers: alice.auth,
    payload: payload as object,
  })

describe('POST /v1/history/{id}/feedback', () => {
  it('stores thumbs up with empty text or 20 to 400 characters', async () => {
    const row = await item()
    for (const text of ['', 'x'.repeat(20), 'y'.repeat(400)]) {
      const res = await feedback(row.id, { thumbs_up: true, feedback: text })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().feedback).toEqual({
        thumbs_up: true,
        feedback: text,
        emotions: false,
        inaccurate_clone: false,
        glitches: false,
        audio_quality: false,
        other: false,
        review_status: 'not_reviewed',
      })
    }
  })

  it("1 to 19 characters of positive text: 'minimum 20 characters'; over 400: too long", async () => {
    const row = await item()
    for (const text of ['a', 'nineteen characters', '   padded short   ']) {
      const res = await feedback(row.id, { thumbs_up: true, feedback: text })
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toMatchObject({
        code: 'feedback_too_short',
        message: 'minimum 20 characters',
        param: 'feedback',
      })
    }
    const long = await feedback(row.id, { thumbs_up: true, feedback: 'z'.repeat(401) })
    expect(long.statusCode).toBe(422)
    expect(long.json().detail.code).toBe('feedback_too_long')
    const stored = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(stored.json().feedback).toBeNull()
  })

  it('thumbs down: every checkbox optional, short text allowed, at most 200 characters', async () => {
    const row = await item()
    const none = await feedback(row.id, { thumbs_up: false })
    expect(none.statusCode).toBe(200)
    expect(none.json().feedback).toMatchObject({ thumbs_up: false, feedback: '', glitches: false })
    const some = await feedback(row.id, {
      thumbs_up: false,
      feedback: 'robotic',
      glitches: true,
      emotions: true,
    })
    expect(some.json().feedback).toMatchObject({
      feedback: 'robotic',
      glitches: true,
      emotions: true,
      other: false,
    })
    const long = await feedback(row.id, { thumbs_up: false, feedback: 'n'.repeat(201) })
    expect(long.statusCode).toBe(422)
    expect(long.json().detail.code).toBe('feedback_too_long')
  })

  it('reviewed feedback cannot be changed', async () => {
    const row = await item({
      feedback: {
        thumbs_up: false,
        feedback: '',
        emotions: false,
        inaccurate_clone: true,
        glitches: false,
        audio_quality: false,
        other: false,
        review_status: 'reviewed',
      },
    })
    const res = await feedback(row.id, { thumbs_up: true })
    expect(res.statusCode).toBe(409)
    expect(res.json().detail).toMatchObject({
      code: 'feedback_already_reviewed',
      message: 'This feedback cannot be changed as it was already reviewed.',
    })
    const stored = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(stored.json().feedback).toMatchObject({ inaccurate_clone: true, review_status: 'reviewed' })
  })

  it('bad bodies are 422; unknown items 404', async () => {
    const row = await item()
    for (const payload of [
      {},
      { thumbs_up: 'yes' },
      { thumbs_up: true, glitches: 1 },
      { thumbs_up: true, extra: 1 },
    ]) {
      expect((await feedback(row.id, payload)).statusCode, JSON.stringify(payload)).toBe(422)
    }
    const missing = await feedback('unknown-id', { thumbs_up: true })
    expect(missing.statusCode).toBe(404)
  })
})

describe('share links', () => {
  it('creates one unguessable link per item, the same under concurrent calls and afterwards', async () => {
    const row = await item()
    const call = () => t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    const concurrent = await Promise.all([call(), call(), call(), call()])
    const links = new Set(concurrent.map((res) => res.json().share_link))
    expect(links.size).toBe(1)
    const { share_link, public_user_name } = concurrent[0]?.json() ?? {}
    expect(share_link).toMatch(new RegExp(`^${PUBLIC_URL}/share/[A-Za-z0-9_-]{32}$`))
    expect(public_user_name).toBe('Anonymous')
    expect((await call()).json().share_link).toBe(share_link)
    const token = share_link.split('/').at(-1)
    const got = await t.app.inject({ url: `/v1/history/${row.id}`, headers: alice.auth })
    expect(got.json().share_link_id).toBe(token)
    const other = await item()
    const otherLink = (
      await t.app.inject({ url: `/v1/history/${other.id}/share-link`, headers: alice.auth })
    ).json()
    expect(otherLink.share_link).not.toBe(share_link)
  })

  it('public_user_name is the first name of the creator when set', async () => {
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Ada' })
      .where('id', '=', alice.userId)
      .execute()
    const row = await item()
    const res = await t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    expect(res.json().public_user_name).toBe('Ada')
    await t.database.db
      .updateTable('users')
      .set({ first_name: null })
      .where('id', '=', alice.userId)
      .execute()
  })

  it('the share page plays the audio without signing in', async () => {
    const row = await item({ text: 'Shared <b>words</b> & "quotes"' })
    const { share_link } = (
      await t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    ).json()
    const path = new URL(share_link).pathname
    const token = path.split('/').at(-1) as string

    const page = await t.app.inject({ url: path })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-robots-tag']).toContain('noindex')
    const html = page.body
    expect(html).toContain(`<audio controls preload="metadata" src="/v1/shared-history/${token}/audio"`)
    expect(html).toContain(row.voice_name)
    expect(html).toContain('Shared &#60;b&#62;words&#60;/b&#62; &#38; &#34;quotes&#34;')
    expect(html).not.toContain('<b>words</b>')
    expect(html).toContain(`href="/v1/shared-history/${token}/audio?download=1"`)
    // One script only, the theme choice, allowed by its hash and by nothing else.
    const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '')
    expect(scripts).toHaveLength(1)
    expect(html.match(/<script/g)).toHaveLength(1)
    const hash = createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64')
    expect(page.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`)
    expect(scripts[0]).toContain("localStorage.getItem('xi:theme')")
    // The product's look: the logo linking home and a way to sign up.
    expect(html).toContain('<a class="logo" href="/"')
    expect(html).toContain('href="/sign-up"')
    expect(html).toContain(`<h1>${row.voice_name}</h1>`)

    const audio = await t.app.inject({ url: `/v1/shared-history/${token}/audio` })
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    expect(audio.headers['content-disposition']).toMatch(/^inline;/)
    expect(audio.rawPayload.equals((await t.storage.get(row.storage_key)) as Buffer)).toBe(true)
    const attachment = await t.app.inject({ url: `/v1/shared-history/${token}/audio?download=1` })
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; filename="Timbre_.*\.mp3"/)
    const ranged = await t.app.inject({
      url: `/v1/shared-history/${token}/audio`,
      headers: { range: 'bytes=-100' },
    })
    expect(ranged.statusCode).toBe(206)
    expect(ranged.rawPayload.length).toBe(100)
  })

  it("the share page speaks the visitor's language", async () => {
    const row = await item({ text: 'Guten Tag.' })
    const { share_link } = (
      await t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    ).json()
    const path = new URL(share_link).pathname
    const german = await t.app.inject({
      url: path,
      headers: { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' },
    })
    expect(german.headers.vary).toContain('accept-language')
    expect(german.body).toContain('<html lang="de-DE">')
    expect(german.body).toContain('Audio herunterladen')
    expect(german.body).toContain('geteilt von')
    expect(german.body).not.toContain('Download audio')
    const english = await t.app.inject({ url: path, headers: { 'accept-language': 'xx-YY, *' } })
    expect(english.body).toContain('<html lang="en-US">')
    expect(english.body).toContain('Download audio')
    const missing = await t.app.inject({
      url: '/share/unknown-token',
      headers: { accept: 'text/html', 'accept-language': 'ja' },
    })
    expect(missing.body).toContain('共有リンクが見つかりません')
  })

  it('dialogue items show each line with its voice', async () => {
    const row = await item({
      text: 'Hi. Hello.',
      dialogue: [
        { text: 'Hi.', voice_id: 'v1', voice_name: 'Ann' },
        { text: 'Hello.', voice_id: 'v2', voice_name: 'Ben' },
      ],
    })
    const { share_link } = (
      await t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    ).json()
    const html = (await t.app.inject({ url: new URL(share_link).pathname })).body
    expect(html).toContain('<h1>Ann and Ben</h1>')
    expect(html).toContain('<b>Ann:</b> Hi.')
    expect(html).toContain('<b>Ben:</b> Hello.')
  })

  it('unknown tokens: a 404 page for browsers, JSON for API clients; a deleted item kills its link', async () => {
    const page = await t.app.inject({ url: '/share/unknown-token', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(404)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('Share link not found')
    const json = await t.app.inject({ url: '/share/unknown-token', headers: { accept: 'application/json' } })
    expect(json.statusCode).toBe(404)
    expect(json.json().detail.code).toBe('share_link_not_found')
    const audio = await t.app.inject({ url: `/v1/shared-history/${'A'.repeat(32)}/audio` })
    expect(audio.statusCode).toBe(404)
    expect(audio.json().detail.code).toBe('share_link_not_found')

    const row = await item()
    const { share_link } = (
      await t.app.inject({ url: `/v1/history/${row.id}/share-link`, headers: alice.auth })
    ).json()
    await t.app.inject({ method: 'DELETE', url: `/v1/history/${row.id}`, headers: alice.auth })
    expect((await t.app.inject({ url: new URL(share_link).pathname })).statusCode).toBe(404)
  })
})
