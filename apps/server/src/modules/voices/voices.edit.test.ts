import { createEncoder } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { toneWav, type UploadFile, voiceCalls } from '../../../test/helpers/voice-factory.js'

// POST /v1/voices/{id}/edit (multipart) and the sample calls: real audio bytes, bad input,
// size limits.

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database, { verified: true })
  bob = await createUser(t.app, t.database, { verified: true })
})
afterAll(() => t?.close())

const calls = voiceCalls(() => t)
const newVoice = (user: TestUser = alice) => calls.newVoice(user)
const { get, del, edit } = calls
const mp3Tone = () => {
  const encoder = createEncoder('mp3_44100_128')
  const samples = new Float32Array(44100).map((_, i) => Math.sin((2 * Math.PI * 330 * i) / 44100) * 0.3)
  return Buffer.concat([encoder.encode(samples), encoder.end()])
}

describe('POST /v1/voices/{id}/edit', () => {
  it('renames, describes and relabels a voice and adds WAV and MP3 samples checked by content', async () => {
    const id = await newVoice()
    const wav = toneWav(0.75)
    const mp3 = mp3Tone()
    const res = await edit(
      alice,
      id,
      {
        name: '  Narrator  ',
        description: 'Calm and slow',
        labels: JSON.stringify({ accent: 'british', mood: 'calm' }),
        remove_background_noise: 'true',
      },
      // Declared types and names lie: the bytes decide.
      [
        { name: 'take1.wav', data: wav, type: 'text/plain' },
        { name: 'take2.bin', data: mp3 },
      ],
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    const voice = (await get(alice, `/v1/voices/${id}`)).json()
    expect(voice).toMatchObject({
      name: 'Narrator',
      description: 'Calm and slow',
      labels: { accent: 'british', mood: 'calm' },
    })
    expect(voice.samples).toHaveLength(2)
    const [first, second] = voice.samples
    expect(first).toMatchObject({
      file_name: 'take1.wav',
      mime_type: 'audio/wav',
      size_bytes: wav.length,
      remove_background_noise: true,
    })
    expect(first.duration_secs).toBeCloseTo(0.75, 2)
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/)
    expect(second).toMatchObject({ file_name: 'take2.bin', mime_type: 'audio/mpeg', size_bytes: mp3.length })
    expect(second.duration_secs).toBeGreaterThan(0.9)
    expect(second.duration_secs).toBeLessThan(1.2)

    const audio = await get(alice, `/v1/voices/${id}/samples/${first.sample_id}/audio`)
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toBe('audio/wav')
    expect(audio.rawPayload.equals(wav)).toBe(true)
    // Another workspace cannot fetch the sample even knowing both ids.
    expect((await get(bob, `/v1/voices/${id}/samples/${first.sample_id}/audio`)).statusCode).toBe(404)

    // Without a description or labels they stay as they were; an empty description clears it.
    expect((await edit(alice, id, { name: 'Narrator 2' })).statusCode).toBe(200)
    expect((await get(alice, `/v1/voices/${id}`)).json()).toMatchObject({
      name: 'Narrator 2',
      description: 'Calm and slow',
    })
    expect((await edit(alice, id, { name: 'Narrator 2', description: '' })).statusCode).toBe(200)
    expect((await get(alice, `/v1/voices/${id}`)).json().description).toBeNull()
  })

  it('deletes a sample and its file; a second delete is a 404 voice_sample_not_found', async () => {
    const id = await newVoice()
    await edit(alice, id, { name: 'Two takes' }, [
      { name: 'a.wav', data: toneWav(0.2) },
      { name: 'b.wav', data: toneWav(0.3) },
    ])
    const [a, b] = (await get(alice, `/v1/voices/${id}`)).json().samples
    expect((await del(bob, `/v1/voices/${id}/samples/${a.sample_id}`)).statusCode).toBe(404)
    const res = await del(alice, `/v1/voices/${id}/samples/${a.sample_id}`)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    const again = await del(alice, `/v1/voices/${id}/samples/${a.sample_id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json().detail.code).toBe('voice_sample_not_found')
    expect((await get(alice, `/v1/voices/${id}/samples/${a.sample_id}/audio`)).statusCode).toBe(404)
    expect(
      (await get(alice, `/v1/voices/${id}`)).json().samples.map((s: { sample_id: string }) => s.sample_id),
    ).toEqual([b.sample_id])
  })

  it('bad input: missing name, bad labels JSON, non-audio files, bad flags — each a clear 4xx', async () => {
    const id = await newVoice()
    const cases: Array<[Record<string, string>, UploadFile[], number, string]> = [
      [{}, [], 422, 'name'],
      [{ name: '   ' }, [], 422, 'name'],
      [{ name: 'x'.repeat(101) }, [], 422, 'name'],
      [{ name: 'ok', labels: '{not json' }, [], 422, 'labels'],
      [{ name: 'ok', labels: '["a"]' }, [], 422, 'labels'],
      [{ name: 'ok', labels: '{"accent": 3}' }, [], 422, 'labels'],
      [{ name: 'ok', remove_background_noise: 'maybe' }, [], 422, 'remove_background_noise'],
      [
        { name: 'ok' },
        [{ name: 'notes.wav', data: Buffer.from('This is a text file, not audio at all.') }],
        422,
        'files',
      ],
      [
        { name: 'ok' },
        [{ name: 'fake.wav', data: Buffer.from('RIFF\0\0\0\0WAVEjunkjunkjunk') }],
        422,
        'files',
      ],
      [{ name: 'ok' }, [{ name: 'empty.mp3', data: Buffer.alloc(0) }], 422, 'files'],
      [{ name: 'ok' }, [{ name: 'a.wav', data: toneWav(0.1), field: 'file' }], 422, 'file'],
    ]
    for (const [fields, files, status, param] of cases) {
      const res = await edit(alice, id, fields, files)
      expect(res.statusCode, `${JSON.stringify(fields)} ${files.map((f) => f.name)}`).toBe(status)
      expect(res.json().detail.param).toBe(param)
    }
    const labels = await edit(alice, id, { name: 'ok', labels: '{nope' })
    expect(labels.json().detail.code).toBe('invalid_labels')
    // Nothing was applied by the refused requests.
    const voice = (await get(alice, `/v1/voices/${id}`)).json()
    expect(voice.name).not.toBe('ok')
    expect(voice.samples).toEqual([])

    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/voices/${id}/edit`,
      headers: alice.auth,
      payload: { name: 'as json' },
    })
    expect(json.statusCode).toBe(415)
  })

  it('takes samples of several MiB (above the JSON body limit), and a huge upload is a 413 JSON error, never a 500', async () => {
    const id = await newVoice()
    const minutes = toneWav(150) // 4.8 MB
    const ok = await edit(alice, id, { name: 'long take' }, [{ name: 'long.wav', data: minutes }])
    expect(ok.statusCode, ok.body).toBe(200)
    const [sample] = (await get(alice, `/v1/voices/${id}`)).json().samples
    expect(sample).toMatchObject({ size_bytes: minutes.length, duration_secs: 150 })
    await del(alice, `/v1/voices/${id}/samples/${sample.sample_id}`)

    const big = Buffer.concat([toneWav(0.1), Buffer.alloc(11 * 1024 * 1024)])
    const file = await edit(alice, id, { name: 'big' }, [{ name: 'big.wav', data: big }])
    expect(file.statusCode).toBe(413)
    expect(file.json().detail).toMatchObject({ code: 'payload_too_large', status: 'payload_too_large' })

    const declared = await t.app.inject({
      method: 'POST',
      url: `/v1/voices/${id}/edit`,
      headers: {
        ...alice.auth,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(200 * 1024 * 1024),
      },
      payload: '--x--',
    })
    expect(declared.statusCode).toBe(413)

    const many = Array.from({ length: 26 }, (_, i) => ({ name: `${i}.wav`, data: toneWav(0.01) }))
    const tooMany = await edit(alice, id, { name: 'many' }, many)
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json().detail.code).toBe('payload_too_large')

    const longField = await edit(alice, id, { name: 'ok', description: 'x'.repeat(70 * 1024) })
    expect(longField.statusCode).toBe(413)
    expect((await get(alice, `/v1/voices/${id}`)).json().samples).toEqual([])
  })

  it('a voice holds at most 25 samples', async () => {
    const id = await newVoice()
    const files = Array.from({ length: 20 }, (_, i) => ({ name: `${i}.wav`, data: toneWav(0.01) }))
    expect((await edit(alice, id, { name: 'full' }, files)).statusCode).toBe(200)
    const over = await edit(alice, id, { name: 'full' }, files.slice(0, 6))
    expect(over.statusCode).toBe(422)
    expect(over.json().detail.code).toBe('too_many_voice_samples')
    expect((await get(alice, `/v1/voices/${id}`)).json().samples).toHaveLength(20)
  })
})
