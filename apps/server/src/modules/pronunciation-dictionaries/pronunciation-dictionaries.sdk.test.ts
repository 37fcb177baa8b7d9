import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES, parsePls } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'

// The official SDK drives every dictionaries call against a listening server, with only the
// base URL changed, and uses a dictionary in a speech call.

let t: TestApp
let client: ElevenLabsClient
let otherClient: ElevenLabsClient
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!

async function keyFor(auth: Record<string, string>): Promise<string> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: auth,
    payload: { name: 'sdk', permissions: ['pronunciation-dictionaries', 'text-to-speech'] },
  })
  return key.json().api_key
}

beforeAll(async () => {
  t = await createTestApp()
  const user = await createUser(t.app, t.database, { verified: true })
  const other = await createUser(t.app, t.database, { verified: true })
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  client = new ElevenLabsClient({ apiKey: await keyFor(user.auth), baseUrl: address })
  otherClient = new ElevenLabsClient({ apiKey: await keyFor(other.auth), baseUrl: address })
})
afterAll(() => t?.close())

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

async function sdkError(promise: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ElevenLabsError) return error
    throw error
  }
  throw new Error('expected an error')
}

describe('@elevenlabs/elevenlabs-js pronunciationDictionaries against Timbre', () => {
  let id: string
  let firstVersion: string

  it('createFromRules, get, rules.add / remove / set, download, update, list', async () => {
    const made = await client.pronunciationDictionaries.createFromRules({
      name: 'SDK dictionary',
      description: 'made by the SDK',
      rules: [
        {
          type: 'alias',
          stringToReplace: 'NYC',
          alias: 'New York City',
          caseSensitive: true,
          wordBoundaries: true,
        },
        { type: 'phoneme', stringToReplace: 'tomato', phoneme: '/təˈmeɪtoʊ/', alphabet: 'ipa' },
      ],
    })
    expect(made).toMatchObject({ name: 'SDK dictionary', versionRulesNum: 2, permissionOnResource: 'admin' })
    id = made.id
    firstVersion = made.versionId

    const got = await client.pronunciationDictionaries.get(id)
    expect(got).toMatchObject({ id, latestVersionId: firstVersion, latestVersionRulesNum: 2 })
    expect(got.rules[0]).toMatchObject({ type: 'alias', stringToReplace: 'NYC', alias: 'New York City' })
    expect(got.rules[1]).toMatchObject({ type: 'phoneme', phoneme: '/təˈmeɪtoʊ/', alphabet: 'ipa' })

    const added = await client.pronunciationDictionaries.rules.add(id, {
      rules: [
        {
          type: 'phoneme',
          stringToReplace: 'potato',
          phoneme: '/P AH0 T EY1 T OW2/',
          alphabet: 'cmu-arpabet',
        },
      ],
    })
    expect(added).toMatchObject({ id, versionRulesNum: 3 })
    const removed = await client.pronunciationDictionaries.rules.remove(id, { ruleStrings: ['tomato'] })
    expect(removed.versionRulesNum).toBe(2)
    const set = await client.pronunciationDictionaries.rules.set(id, {
      rules: [{ type: 'alias', stringToReplace: 'NYC', alias: 'the Big Apple' }],
    })
    expect(set.versionRulesNum).toBe(1)
    expect(new Set([firstVersion, added.versionId, removed.versionId, set.versionId]).size).toBe(4)

    const pls = await text(await client.pronunciationDictionaries.download(id, firstVersion))
    expect(parsePls(pls).rules.map((r) => r.stringToReplace)).toEqual(['NYC', 'tomato'])

    const renamed = await client.pronunciationDictionaries.update(id, { name: 'SDK renamed' })
    expect(renamed).toMatchObject({ name: 'SDK renamed', latestVersionId: set.versionId })

    const list = await client.pronunciationDictionaries.list({ pageSize: 10, sort: 'name' })
    expect(list.hasMore).toBe(false)
    expect(list.pronunciationDictionaries.map((d) => d.id)).toContain(id)
  })

  it('createFromFile with a PLS lexicon', async () => {
    const pls = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>Timbre</grapheme><phoneme>ˈtæmbɚ</phoneme></lexeme>
  <lexeme><grapheme>W3C</grapheme><alias>World Wide Web Consortium</alias></lexeme>
</lexicon>`
    const made = await client.pronunciationDictionaries.createFromFile({
      name: 'From a file',
      file: { data: Buffer.from(pls), filename: 'lexicon.pls' },
    })
    expect(made.versionRulesNum).toBe(2)
  })

  it('archives with update and lists archived ones only on request', async () => {
    await client.pronunciationDictionaries.update(id, { archived: true })
    const active = await client.pronunciationDictionaries.list()
    expect(active.pronunciationDictionaries.map((d) => d.id)).not.toContain(id)
    const all = await client.pronunciationDictionaries.list({ includeArchived: true })
    const found = all.pronunciationDictionaries.find((d) => d.id === id)
    expect(found?.archivedTimeUnix).toBeGreaterThan(0)
    await client.pronunciationDictionaries.update(id, { archived: false })
  })

  it('a dictionary used by textToSpeech.convertWithTimestamps changes what is spoken', async () => {
    const res = await client.textToSpeech.convertWithTimestamps(emma.voice_id, {
      text: 'I love NYC.',
      pronunciationDictionaryLocators: [{ pronunciationDictionaryId: id }],
    })
    expect(res.normalizedAlignment?.characters.join('')).toContain('the Big Apple')
    expect(res.alignment?.characters.join('')).toBe('I love NYC.')
  })

  it('errors: a bad rule is 422, another workspace sees 404', async () => {
    const bad = await sdkError(
      client.pronunciationDictionaries.createFromRules({
        name: 'Bad',
        rules: [{ type: 'phoneme', stringToReplace: 'a', phoneme: 'no slashes', alphabet: 'ipa' }],
      }),
    )
    expect(bad.statusCode).toBe(422)
    expect(JSON.stringify(bad.body)).toContain('Phoneme output must start and end with a slash.')
    const foreign = await sdkError(otherClient.pronunciationDictionaries.get(id))
    expect(foreign.statusCode).toBe(404)
    const foreignUse = await sdkError(
      otherClient.textToSpeech.convert(emma.voice_id, {
        text: 'Hello.',
        pronunciationDictionaryLocators: [{ pronunciationDictionaryId: id }],
      }),
    )
    expect(foreignUse.statusCode).toBe(404)
  })
})
