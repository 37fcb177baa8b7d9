import { soundBankPath } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { sniffAudio } from '../../lib/audio/audio-sniff.js'

// A song's share link: the public page and its audio, rendered once when the link is made.

let t: TestApp
let owner: TestUser
let songId: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const inject = (url: string, user?: TestUser, method: 'GET' | 'POST' = 'GET', headers: object = {}) =>
  t.app.inject({ method, url, headers: { ...(user?.auth ?? {}), ...headers } })

describe.runIf(soundBankPath())('song share pages', () => {
  it('shares a composed song under the public name; the page plays the kept audio', async () => {
    const composed = await t.app.inject({
      method: 'POST',
      url: '/v1/music/detailed?output_format=pcm_16000',
      headers: owner.auth,
      payload: {
        composition_plan: {
          positive_global_styles: ['calm piano'],
          negative_global_styles: [],
          sections: [
            {
              section_name: 'Opening',
              positive_local_styles: [],
              negative_local_styles: [],
              duration_ms: 2000,
              lines: [],
            },
            {
              section_name: 'Ending',
              positive_local_styles: [],
              negative_local_styles: [],
              duration_ms: 2000,
              lines: [],
            },
          ],
        },
      },
    })
    expect(composed.statusCode, composed.body.slice(0, 300)).toBe(200)
    songId = (await inject('/v1/music/songs', owner)).json().songs[0].song_id
    await t.app.inject({
      method: 'POST',
      url: '/v1/user/update-public-user-name',
      headers: owner.auth,
      payload: { public_user_name: 'night-owl' },
    })

    const first = await inject(`/v1/music/songs/${songId}/share-link`, owner, 'POST')
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().public_user_name).toBe('night-owl')
    const link = new URL(first.json().share_link)
    expect(link.pathname).toMatch(/^\/music\/share\/[\w-]{32}$/)
    // The same link every time.
    expect((await inject(`/v1/music/songs/${songId}/share-link`, owner, 'POST')).json().share_link).toBe(
      first.json().share_link,
    )

    const page = await inject(link.pathname, undefined, 'GET', { 'accept-language': 'de-DE' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(page.body).toContain('geteilt von night-owl')
    expect(page.body).toContain('Opening')
    expect(page.body).toContain('0:02')
    const token = link.pathname.split('/').at(-1) as string
    const audio = await inject(`/v1/shared-music/${token}/audio`)
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/mpeg')
    const sniffed = sniffAudio(audio.rawPayload)
    expect(sniffed?.kind).toBe('mp3')
    expect(sniffed?.durationSeconds ?? 0).toBeGreaterThan(3.5)
    const range = await inject(`/v1/shared-music/${token}/audio`, undefined, 'GET', { range: 'bytes=0-99' })
    expect(range.statusCode).toBe(206)
    expect(range.rawPayload.length).toBe(100)
    const download = await inject(`/v1/shared-music/${token}/audio?download=1`)
    expect(download.headers['content-disposition']).toMatch(/^attachment/)
  })

  it('refuses other workspaces and unknown tokens', async () => {
    const stranger = await createUser(t.app, t.database, { verified: true })
    const theirs = await inject(`/v1/music/songs/${songId}/share-link`, stranger, 'POST')
    expect(theirs.statusCode).toBe(404)
    const anonymous = await inject(`/v1/music/songs/${songId}/share-link`, undefined, 'POST')
    expect(anonymous.statusCode).toBe(401)
    const missing = await inject(`/music/share/${'x'.repeat(32)}`, undefined, 'GET', { accept: 'text/html' })
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain('Share link not found')
    expect((await inject(`/v1/shared-music/${'x'.repeat(32)}/audio`)).statusCode).toBe(404)
    expect((await inject('/v1/shared-music/short/audio')).statusCode).toBe(404)
  })
})
