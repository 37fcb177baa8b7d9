import { parsePls } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// Every call of the dictionaries API on a real database, with its bad inputs: each refusal
// answers 4xx with the product's message and writes nothing.

let t: TestApp
let user: TestUser
let other: TestUser

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object, who = user) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) })

function multipart(fields: Record<string, string>, file?: { name: string; content: string | Buffer }) {
  const boundary = '----timbre-test-boundary'
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (
  fields: Record<string, string>,
  file?: { name: string; content: string | Buffer },
  who = user,
) => {
  const body = multipart(fields, file)
  return t.app.inject({
    method: 'POST',
    url: '/v1/pronunciation-dictionaries/add-from-file',
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  })
}

async function dictionaryCount(): Promise<number> {
  const rows = await t.database.db.selectFrom('pronunciation_dictionaries').select('id').execute()
  return rows.length
}

const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>Timbre</grapheme><phoneme>ˈtæmbɚ</phoneme></lexeme>
  <lexeme><grapheme>NYC</grapheme><alias>New York City</alias></lexeme>
  <lexeme><grapheme>tomato</grapheme><phoneme alphabet="x-cmu">T AH0 M EY1 T OW2</phoneme></lexeme>
</lexicon>`

describe('creating, reading and versioning dictionaries', () => {
  let id: string
  let firstVersion: string

  it('add-from-rules makes version 1 with alias, IPA and CMU rules', async () => {
    const res = await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', {
      name: 'Brand names',
      description: 'How we say our names',
      rules: [
        { type: 'alias', string_to_replace: 'TMB', alias: 'Timbre' },
        { type: 'phoneme', string_to_replace: 'Timbre', phoneme: '/ˈtæmbɚ/', alphabet: 'ipa' },
        {
          type: 'phoneme',
          string_to_replace: 'tomato',
          phoneme: '/T AH0 M EY1 T OW2/',
          alphabet: 'cmu-arpabet',
          case_sensitive: false,
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({
      name: 'Brand names',
      description: 'How we say our names',
      created_by: user.userId,
      version_rules_num: 3,
      permission_on_resource: 'admin',
    })
    expect(body.creation_time_unix).toBeGreaterThan(1_700_000_000)
    id = body.id
    firstVersion = body.version_id
  })

  it('get returns the latest rules with their defaults', async () => {
    const res = await call('GET', `/v1/pronunciation-dictionaries/${id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id,
      latest_version_id: firstVersion,
      latest_version_rules_num: 3,
      rules: [
        {
          type: 'alias',
          string_to_replace: 'TMB',
          alias: 'Timbre',
          case_sensitive: true,
          word_boundaries: true,
        },
        { type: 'phoneme', string_to_replace: 'Timbre', phoneme: '/ˈtæmbɚ/', alphabet: 'ipa' },
        { type: 'phoneme', string_to_replace: 'tomato', alphabet: 'cmu-arpabet', case_sensitive: false },
      ],
    })
  })

  it('add-rules, remove-rules and set-rules each make a new version', async () => {
    const added = await call('POST', `/v1/pronunciation-dictionaries/${id}/add-rules`, {
      rules: [
        { type: 'alias', string_to_replace: 'NYC', alias: 'New York City' },
        // Same input as an existing rule: replaces it.
        { type: 'alias', string_to_replace: 'TMB', alias: 'the Timbre app' },
      ],
    })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toMatchObject({ id, version_rules_num: 4 })
    expect(added.json().version_id).not.toBe(firstVersion)

    const removed = await call('POST', `/v1/pronunciation-dictionaries/${id}/remove-rules`, {
      rule_strings: ['tomato'],
    })
    expect(removed.json()).toMatchObject({ id, version_rules_num: 3 })

    const got = (await call('GET', `/v1/pronunciation-dictionaries/${id}`)).json()
    expect(got.latest_version_id).toBe(removed.json().version_id)
    expect(got.rules.map((r: { string_to_replace: string }) => r.string_to_replace)).toEqual([
      'TMB',
      'Timbre',
      'NYC',
    ])
    expect(got.rules[0].alias).toBe('the Timbre app')

    const set = await call('POST', `/v1/pronunciation-dictionaries/${id}/set-rules`, {
      rules: [{ type: 'alias', string_to_replace: 'AI', alias: 'artificial intelligence' }],
    })
    expect(set.json()).toMatchObject({ id, version_rules_num: 1 })
    const versions = await t.database.db
      .selectFrom('pronunciation_dictionary_versions')
      .select(['version_number', 'rules_num'])
      .where('dictionary_id', '=', id)
      .orderBy('version_number')
      .execute()
    expect(versions).toEqual([
      { version_number: 1, rules_num: 3 },
      { version_number: 2, rules_num: 4 },
      { version_number: 3, rules_num: 3 },
      { version_number: 4, rules_num: 1 },
    ])
  })

  it('downloads any version as PLS that reads back into the same rules', async () => {
    const res = await call('GET', `/v1/pronunciation-dictionaries/${id}/${firstVersion}/download`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/pls+xml')
    expect(res.body).toContain('<lexicon version="1.0"')
    const parsed = parsePls(res.body)
    expect(parsed.rules).toEqual([
      { type: 'alias', stringToReplace: 'TMB', alias: 'Timbre' },
      { type: 'phoneme', stringToReplace: 'Timbre', phoneme: 'ˈtæmbɚ', alphabet: 'ipa' },
      { type: 'phoneme', stringToReplace: 'tomato', phoneme: 'T AH0 M EY1 T OW2', alphabet: 'cmu-arpabet' },
    ])
    const missing = await call('GET', `/v1/pronunciation-dictionaries/${id}/nope/download`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail.status).toBe('pronunciation_dictionary_version_not_found')
  })

  it('PATCH renames and archives without a new version; archived ones leave the list', async () => {
    const before = (await call('GET', `/v1/pronunciation-dictionaries/${id}`)).json().latest_version_id
    const res = await call('PATCH', `/v1/pronunciation-dictionaries/${id}`, {
      name: 'Renamed',
      archived: true,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Renamed', latest_version_id: before })
    expect(res.json().archived_time_unix).toBeGreaterThan(0)
    const listed = (await call('GET', '/v1/pronunciation-dictionaries')).json()
    expect(listed.pronunciation_dictionaries.map((d: { id: string }) => d.id)).not.toContain(id)
    const all = (await call('GET', '/v1/pronunciation-dictionaries?include_archived=true')).json()
    expect(all.pronunciation_dictionaries.map((d: { id: string }) => d.id)).toContain(id)
    // An archived dictionary's rules cannot change until it is unarchived.
    const change = await call('POST', `/v1/pronunciation-dictionaries/${id}/add-rules`, {
      rules: [{ type: 'alias', string_to_replace: 'x', alias: 'y' }],
    })
    expect(change.statusCode).toBe(409)
    const back = await call('PATCH', `/v1/pronunciation-dictionaries/${id}`, { archived: false })
    expect(back.json().archived_time_unix).toBeUndefined()
  })

  it('lists in pages with a cursor, by name or creation time', async () => {
    for (const name of ['Charlie', 'alpha', 'Bravo']) {
      await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', { name, rules: [] })
    }
    const seen: string[] = []
    let cursor: string | undefined
    do {
      const page = (
        await call(
          'GET',
          `/v1/pronunciation-dictionaries?page_size=2&sort=name&sort_direction=ascending${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json()
      seen.push(...page.pronunciation_dictionaries.map((d: { name: string }) => d.name))
      cursor = page.has_more ? page.next_cursor : undefined
    } while (cursor)
    expect(seen).toEqual(['alpha', 'Bravo', 'Charlie', 'Renamed'])
    const newest = (await call('GET', '/v1/pronunciation-dictionaries?page_size=1')).json()
    expect(newest.pronunciation_dictionaries[0].name).toBe('Bravo')
    expect((await call('GET', '/v1/pronunciation-dictionaries?cursor=garbage')).statusCode).toBe(400)
  })

  it('concurrent rule changes each build on the other: no change is lost', async () => {
    const made = (
      await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', { name: 'Busy', rules: [] })
    ).json()
    const words = ['one', 'two', 'three', 'four', 'five', 'six']
    const results = await Promise.all(
      words.map((w) =>
        call('POST', `/v1/pronunciation-dictionaries/${made.id}/add-rules`, {
          rules: [{ type: 'alias', string_to_replace: w, alias: w.toUpperCase() }],
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(words.map(() => 200))
    expect(results.map((r) => r.json().version_rules_num).sort()).toEqual([1, 2, 3, 4, 5, 6])
    const got = (await call('GET', `/v1/pronunciation-dictionaries/${made.id}`)).json()
    expect(got.rules.map((r: { string_to_replace: string }) => r.string_to_replace).sort()).toEqual(
      [...words].sort(),
    )
    const versions = await t.database.db
      .selectFrom('pronunciation_dictionary_versions')
      .select('version_number')
      .where('dictionary_id', '=', made.id)
      .execute()
    expect(versions.map((v) => v.version_number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it("another workspace's dictionary is not found, for every call", async () => {
    const theirs = { ...other }
    const calls = [
      call('GET', `/v1/pronunciation-dictionaries/${id}`, undefined, theirs),
      call('PATCH', `/v1/pronunciation-dictionaries/${id}`, { name: 'mine' }, theirs),
      call('POST', `/v1/pronunciation-dictionaries/${id}/add-rules`, { rules: [] }, theirs),
      call('POST', `/v1/pronunciation-dictionaries/${id}/remove-rules`, { rule_strings: ['AI'] }, theirs),
      call('POST', `/v1/pronunciation-dictionaries/${id}/set-rules`, { rules: [] }, theirs),
      call('GET', `/v1/pronunciation-dictionaries/${id}/${firstVersion}/download`, undefined, theirs),
    ]
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404)
      expect(res.json().detail.status).toBe('pronunciation_dictionary_not_found')
    }
    const list = (await call('GET', '/v1/pronunciation-dictionaries', undefined, theirs)).json()
    expect(list.pronunciation_dictionaries).toEqual([])
    const still = (await call('GET', `/v1/pronunciation-dictionaries/${id}`)).json()
    expect(still.name).toBe('Renamed')
  })
})

describe('bad rules and names: 4xx with the message, nothing written', () => {
  const cases: Array<[string, object, number, string, string]> = [
    ['an empty name', { name: '  ', rules: [] }, 422, 'Name required.', 'name'],
    [
      'an empty alias',
      { name: 'x', rules: [{ type: 'alias', string_to_replace: 'a', alias: ' ' }] },
      422,
      'Rule output required.',
      'rules[0].alias',
    ],
    [
      'an empty input',
      { name: 'x', rules: [{ type: 'alias', string_to_replace: '', alias: 'b' }] },
      422,
      'Rule input required.',
      'rules[0].string_to_replace',
    ],
    [
      'an IPA rule without slashes',
      { name: 'x', rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: 'ˈtæmbɚ', alphabet: 'ipa' }] },
      422,
      'Phoneme output must start and end with a slash.',
      'rules[0].phoneme',
    ],
    [
      'a CMU rule with one slash',
      {
        name: 'x',
        rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: '/T AH0', alphabet: 'cmu-arpabet' }],
      },
      422,
      'Phoneme output must start and end with a slash.',
      'rules[0].phoneme',
    ],
    [
      'an empty phoneme',
      { name: 'x', rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: '', alphabet: 'ipa' }] },
      422,
      'Rule output required.',
      'rules[0].phoneme',
    ],
    [
      'an unknown alphabet',
      { name: 'x', rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: '/a/', alphabet: 'sampa' }] },
      422,
      "A phoneme rule's alphabet must be 'ipa' or 'cmu-arpabet'.",
      'rules[0].alphabet',
    ],
    [
      'an output over 200 characters',
      { name: 'x', rules: [{ type: 'alias', string_to_replace: 'a', alias: 'b'.repeat(201) }] },
      422,
      'Rule output is too long (at most 200 characters).',
      'rules[0].alias',
    ],
  ]
  it.each(cases)('%s', async (_what, payload, status, message, param) => {
    const before = await dictionaryCount()
    const res = await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', payload)
    expect(res.statusCode).toBe(status)
    expect(res.json().detail).toMatchObject({ message, param })
    expect(await dictionaryCount()).toBe(before)
  })

  it('phonemes outside the alphabet are refused with the symbol named', async () => {
    const res = await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', {
      name: 'x',
      rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: '/T AH9 QQ/', alphabet: 'cmu-arpabet' }],
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail.message).toMatch(/QQ|AH9/)
  })

  it('a bad add-rules leaves the dictionary at its version', async () => {
    const made = (
      await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', {
        name: 'Stable',
        rules: [{ type: 'alias', string_to_replace: 'a', alias: 'b' }],
      })
    ).json()
    const res = await call('POST', `/v1/pronunciation-dictionaries/${made.id}/add-rules`, {
      rules: [
        { type: 'alias', string_to_replace: 'c', alias: 'd' },
        { type: 'phoneme', string_to_replace: 'e', phoneme: 'no slashes', alphabet: 'ipa' },
      ],
    })
    expect(res.statusCode).toBe(422)
    const got = (await call('GET', `/v1/pronunciation-dictionaries/${made.id}`)).json()
    expect(got).toMatchObject({ latest_version_id: made.version_id, latest_version_rules_num: 1 })
  })

  it('a locked member can neither save nor read', async () => {
    const outsider = await createUser(t.app, t.database, { verified: true })
    await t.database.db
      .updateTable('workspace_members')
      .set({ state: 'locked' })
      .where('user_id', '=', outsider.userId)
      .execute()
    const res = await call(
      'POST',
      '/v1/pronunciation-dictionaries/add-from-rules',
      { name: 'x', rules: [] },
      outsider,
    )
    expect(res.statusCode).toBe(403)
    const list = await call('GET', '/v1/pronunciation-dictionaries', undefined, outsider)
    expect(list.statusCode).toBe(403)
    const count = await t.database.db
      .selectFrom('pronunciation_dictionaries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'x')
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })
})

describe('add-from-file', () => {
  it('imports a PLS file (IPA, CMU and aliases)', async () => {
    const res = await upload({ name: 'From PLS' }, { name: 'names.pls', content: PLS })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'From PLS', version_rules_num: 3 })
    const got = (await call('GET', `/v1/pronunciation-dictionaries/${res.json().id}`)).json()
    expect(got.rules).toMatchObject([
      { type: 'phoneme', string_to_replace: 'Timbre', phoneme: '/ˈtæmbɚ/', alphabet: 'ipa' },
      { type: 'alias', string_to_replace: 'NYC', alias: 'New York City' },
      {
        type: 'phoneme',
        string_to_replace: 'tomato',
        phoneme: '/T AH0 M EY1 T OW2/',
        alphabet: 'cmu-arpabet',
      },
    ])
  })

  it('imports XML and TXT files', async () => {
    const xml = await upload({ name: 'From XML' }, { name: 'names.xml', content: PLS })
    expect(xml.json().version_rules_num).toBe(3)
    const txt = await upload(
      { name: 'From TXT', description: 'plain' },
      {
        name: 'names.txt',
        content: '# brand\nTMB = Timbre\nTimbre = /ˈtæmbɚ/\ntomato = /T AH0 M EY1 T OW2/\n',
      },
    )
    expect(txt.statusCode).toBe(200)
    expect(txt.json()).toMatchObject({ version_rules_num: 3, description: 'plain' })
  })

  it('a name without a file makes an empty dictionary', async () => {
    const res = await upload({ name: 'Empty' })
    expect(res.json().version_rules_num).toBe(0)
  })

  const bad: Array<[string, string, string | Buffer, number, RegExp]> = [
    [
      'an entity bomb',
      'bomb.pls',
      `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<lexicon version="1.0" alphabet="ipa"><lexeme><grapheme>a</grapheme><alias>&lol2;</alias></lexeme></lexicon>`,
      400,
      /DOCTYPE/,
    ],
    [
      'an external entity',
      'xxe.xml',
      `<!DOCTYPE lexicon SYSTEM "file:///etc/passwd"><lexicon version="1.0" alphabet="ipa"></lexicon>`,
      400,
      /DOCTYPE/,
    ],
    [
      'malformed XML',
      'broken.pls',
      '<lexicon version="1.0" alphabet="ipa"><lexeme>',
      400,
      /Malformed XML on line 1: unclosed tag/,
    ],
    ['an empty alias in PLS', 'e.pls', PLS.replace('New York City', ''), 400, /empty <alias>/],
    ['a TXT phoneme with one slash', 'a.txt', 'Timbre = /ˈtæmbɚ\n', 400, /Line 1/],
    ['bytes that are not UTF-8', 'b.txt', Buffer.from([0x61, 0x20, 0x3d, 0x20, 0xff, 0xfe]), 400, /UTF-8/],
  ]
  it.each(bad)(
    'refuses %s with a clear 4xx and writes nothing',
    async (_what, name, content, status, message) => {
      const before = await dictionaryCount()
      const res = await upload({ name: 'Bad' }, { name, content })
      expect(res.statusCode).toBe(status)
      expect(res.json().detail.message).toMatch(/^Unable to create dictionary: /)
      expect(res.json().detail.message).toMatch(message)
      expect(await dictionaryCount()).toBe(before)
    },
  )

  it('refuses a file over 1 MB (413) and a missing name (422)', async () => {
    const big = await upload(
      { name: 'Big' },
      { name: 'big.txt', content: `a = b\n${'#'.repeat(1024 * 1024)}` },
    )
    expect(big.statusCode).toBe(413)
    const nameless = await upload({}, { name: 'names.pls', content: PLS })
    expect(nameless.statusCode).toBe(422)
    expect(nameless.json().detail.message).toBe('Name required.')
  })
})

describe('workspace default dictionaries', () => {
  it('an admin sets up to three, in order; unknown ones are refused', async () => {
    const made = (
      await call('POST', '/v1/pronunciation-dictionaries/add-from-rules', {
        name: 'Default',
        rules: [{ type: 'alias', string_to_replace: 'TMB', alias: 'Timbre' }],
      })
    ).json()
    const res = await call('PUT', '/v1/workspace/pronunciation-dictionary-locators', {
      pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: made.id }],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: made.id, version_id: null }],
    })
    const four = Array.from({ length: 4 }, () => ({ pronunciation_dictionary_id: made.id }))
    const tooMany = await call('PUT', '/v1/workspace/pronunciation-dictionary-locators', {
      pronunciation_dictionary_locators: four,
    })
    expect(tooMany.statusCode).toBe(422)
    const foreign = await call(
      'PUT',
      '/v1/workspace/pronunciation-dictionary-locators',
      { pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: made.id }] },
      other,
    )
    expect(foreign.statusCode).toBe(404)
    expect((await call('GET', '/v1/workspace/pronunciation-dictionary-locators')).json()).toEqual(res.json())
  })
})
