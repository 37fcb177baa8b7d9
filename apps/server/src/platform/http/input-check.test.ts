import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'
import { findInputIssues } from './input-check.js'

let t: TestApp
let user: TestUser
beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

function multipart(parts: Array<{ disposition: string; body: string }>) {
  const boundary = 'hygiene42'
  const text = parts.map((p) => `--${boundary}\r\nContent-Disposition: ${p.disposition}\r\n\r\n${p.body}\r\n`)
  return {
    payload: Buffer.from(`${text.join('')}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('text that PostgreSQL cannot store is refused at the edge', () => {
  it('a NUL in a path parameter answers 422 naming the parameter', async () => {
    const res = await t.app.inject({ url: '/v1/history/%00', headers: user.auth })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail[0]).toMatchObject({
      loc: ['params', 'history_item_id'],
      type: 'string_invalid_characters',
    })
  })

  it('a NUL in a query parameter answers 422 naming it', async () => {
    const res = await t.app.inject({ url: '/v2/voices?search=%00', headers: user.auth })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail[0].loc).toEqual(['querystring', 'search'])
  })

  it('NUL and lone surrogates anywhere in a JSON body answer 422 with their path', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/edit-user-metadata',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: '{"first_name":"a\\u0000b","extra":{"list":["ok","\\ud800"]}}',
    })
    expect(res.statusCode).toBe(422)
    const locs = res.json().detail.map((d: { loc: unknown }) => d.loc)
    expect(locs).toEqual(
      expect.arrayContaining([
        ['body', 'first_name'],
        ['body', 'extra', 'list', 1],
      ]),
    )
  })

  it('surrogate pairs (emoji) and ordinary text pass', () => {
    expect(findInputIssues({ text: 'Hello 😀 Grüße 日本', n: 1, list: ['a'] }, 'body')).toEqual([])
    expect(findInputIssues({ 'k\u0000': 'v' }, 'body')[0]?.loc).toEqual(['body', 'k\u0000'])
  })

  it('multipart values and file names are checked too', async () => {
    const voice = await createWorkspaceVoice(t.database.db, { userId: user.userId })
    const url = `/v1/voices/${voice.id}/edit`
    const nulValue = await t.app.inject({
      method: 'POST',
      url,
      ...multipart([{ disposition: 'form-data; name="name"', body: 'a\u0000b' }]),
      headers: { ...user.auth, ...multipart([]).headers },
    })
    expect(nulValue.statusCode).toBe(422)
    expect(nulValue.json().detail.param).toBe('name')

    const badName = multipart([
      { disposition: 'form-data; name="name"', body: 'ok' },
      { disposition: 'form-data; name="files"; filename="a\u0000b.mp3"', body: 'ID3' },
    ])
    const res = await t.app.inject({
      method: 'POST',
      url,
      payload: badName.payload,
      headers: { ...user.auth, ...badName.headers },
    })
    // A NUL in a part header makes the header malformed: the parser refuses the body.
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatchObject({ code: 'invalid_multipart' })
  })
})
