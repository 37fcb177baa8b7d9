import { ERRORS } from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody } from '../../../test/helpers/voice-factory.js'
import { testTone, testVideo, voiceoverCalls } from '../../../test/helpers/voiceover.js'

// The timeline's placement rules, each tried through the API with its message: a refused
// change writes nothing and charges nothing.

let t: TestApp
let user: TestUser
let other: TestUser
let workspaceId: string
const api = voiceoverCalls(
  () => t.app,
  () => user.auth,
)

const clipsOf = async (projectId: string) =>
  (await api.get(projectId)).json().clips as Array<Record<string, unknown>>

function refused(
  response: { statusCode: number; json(): { detail: { status: string; message: string } } },
  code: keyof typeof ERRORS,
) {
  expect(response.statusCode).toBe(ERRORS[code].status)
  expect(response.json().detail.status).toBe(code)
  return response.json().detail.message
}

async function uploadProject(name: string, file: Buffer, fileName: string, type: string) {
  const body = await multipartBody({ name }, [{ name: fileName, data: file, type, field: 'file' }])
  return t.app.inject({
    method: 'POST',
    url: '/v1/voiceover/projects',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  })
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  other = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
})
afterAll(() => t?.close())

describe('voiceover placement rules', () => {
  let projectId: string
  let speakerTrack: string
  let sfxTrack: string
  let firstClip: { clip_id: string; start_seconds: number; end_seconds: number }

  it('creates a project with a speaker track and places a spoken clip, charged per character', async () => {
    const created = await api.create('Launch trailer', 20)
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json()
    projectId = project.project_id
    expect(project).toMatchObject({ duration_seconds: 20, media: null, clips: [] })
    expect(project.tracks.map((tr: { type: string }) => tr.type)).toEqual(['voiceover_speaker'])
    speakerTrack = project.tracks[0].track_id
    const sfx = await api.addTrack(projectId, { type: 'sfx' })
    expect(sfx.statusCode, sfx.body).toBe(200)
    sfxTrack = sfx.json().track_id

    const before = await characterCount(t.database, workspaceId)
    const text = 'Welcome to the launch.'
    const added = await api.addClip(projectId, {
      track_id: speakerTrack,
      kind: 'speech',
      start_seconds: 2,
      text,
    })
    expect(added.statusCode, added.body).toBe(200)
    firstClip = added.json()
    expect(firstClip).toMatchObject({ kind: 'speech', start_seconds: 2, has_audio: true, text })
    // A speech clip is as long as its speech.
    expect(firstClip.end_seconds - firstClip.start_seconds).toBeGreaterThan(0.5)
    expect(firstClip.end_seconds - firstClip.start_seconds).toBeLessThan(6)
    expect(await characterCount(t.database, workspaceId)).toBe(before + text.length)
    const audio = await api.call('GET', `/projects/${projectId}/clips/${firstClip.clip_id}/audio`)
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toContain('audio/mpeg')
  })

  it('refuses a clip dropped over another, with nothing written and nothing charged', async () => {
    const before = await characterCount(t.database, workspaceId)
    const over = await api.addClip(projectId, {
      track_id: speakerTrack,
      kind: 'speech',
      start_seconds: firstClip.start_seconds + 0.2,
      end_seconds: firstClip.start_seconds + 1,
      text: 'This should not be spoken.',
    })
    expect(refused(over, 'voiceover_clip_overlap')).toMatch(
      /^Invalid placement: the clip overlaps another clip/,
    )
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    expect(await clipsOf(projectId)).toHaveLength(1)

    // Moving a clip over another is refused the same way.
    const later = await api.addClip(projectId, {
      track_id: speakerTrack,
      kind: 'speech',
      start_seconds: 10,
      end_seconds: 12,
    })
    expect(later.statusCode, later.body).toBe(200)
    const moved = await api.moveClip(projectId, later.json().clip_id, {
      start_seconds: firstClip.start_seconds,
    })
    refused(moved, 'voiceover_clip_overlap')
    expect((await clipsOf(projectId)).find((c) => c.clip_id === later.json().clip_id)?.start_seconds).toBe(10)
  })

  it('refuses a clip on a track of the wrong type', async () => {
    const before = await characterCount(t.database, workspaceId)
    const wrong = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'speech',
      start_seconds: 14,
      text: 'Hello',
    })
    expect(refused(wrong, 'voiceover_wrong_track_type')).toBe(
      'Invalid placement: a speech clip cannot be placed on a sfx track.',
    )
    const effect = await api.addClip(projectId, {
      track_id: speakerTrack,
      kind: 'sound_effect',
      start_seconds: 14,
      prompt: 'door knock',
    })
    refused(effect, 'voiceover_wrong_track_type')
    expect(await characterCount(t.database, workspaceId)).toBe(before)
    // Moving a speech clip onto the sound-effect track is the same refusal.
    const moved = await api.moveClip(projectId, firstClip.clip_id, { track_id: sfxTrack })
    refused(moved, 'voiceover_wrong_track_type')
  })

  it('refuses a clip that runs past the end of the track or starts before it', async () => {
    const past = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: 19,
      end_seconds: 21,
    })
    expect(refused(past, 'voiceover_clip_overrun')).toBe(
      'Invalid placement: the clip runs past the end of the track (20 s).',
    )
    const before = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: -1,
      end_seconds: 1,
    })
    refused(before, 'voiceover_clip_overrun')
    const shrink = await api.call('PATCH', `/projects/${projectId}`, { duration_seconds: 5 })
    refused(shrink, 'voiceover_clip_overrun')
    expect((await api.get(projectId)).json().duration_seconds).toBe(20)
  })

  it('refuses an end that does not exceed the start', async () => {
    const backwards = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: 6,
      end_seconds: 5,
    })
    expect(refused(backwards, 'voiceover_end_before_start')).toBe('Segment end time must exceed start time.')
    const empty = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: 6,
      end_seconds: 6,
    })
    refused(empty, 'voiceover_end_before_start')
  })

  it('refuses a new clip where there is no space for it', async () => {
    const inside = await api.addClip(projectId, {
      track_id: speakerTrack,
      kind: 'speech',
      start_seconds: firstClip.start_seconds + 0.1,
    })
    expect(refused(inside, 'voiceover_no_space')).toBe('Not enough space to place a new segment.')
    const atEnd = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: 19.8,
    })
    refused(atEnd, 'voiceover_no_space')
    // With room, a clip without an end takes up to 3 seconds of the free space.
    const fits = await api.addClip(projectId, {
      track_id: sfxTrack,
      kind: 'sound_effect',
      start_seconds: 18.5,
    })
    expect(fits.statusCode, fits.body).toBe(200)
    expect(fits.json()).toMatchObject({ start_seconds: 18.5, end_seconds: 20, has_audio: false })
  })

  it('refuses overlapping clips in two dubbed tracks of the same language', async () => {
    const es1 = (await api.addTrack(projectId, { type: 'dubbed_speaker', language: 'es' })).json()
    const es2 = (await api.addTrack(projectId, { type: 'dubbed_speaker', language: 'es' })).json()
    const de = (await api.addTrack(projectId, { type: 'dubbed_speaker', language: 'de' })).json()
    expect(
      (
        await api.addClip(projectId, {
          track_id: es1.track_id,
          kind: 'speech',
          start_seconds: 4,
          end_seconds: 6,
        })
      ).statusCode,
    ).toBe(200)
    const clash = await api.addClip(projectId, {
      track_id: es2.track_id,
      kind: 'speech',
      start_seconds: 5,
      end_seconds: 7,
    })
    expect(refused(clash, 'voiceover_dubbed_overlap')).toBe(
      'Invalid placement: the clip overlaps another clip in the dubbed es track.',
    )
    const otherLanguage = await api.addClip(projectId, {
      track_id: de.track_id,
      kind: 'speech',
      start_seconds: 5,
      end_seconds: 7,
    })
    expect(otherLanguage.statusCode, otherLanguage.body).toBe(200)
    const noLanguage = await api.addTrack(projectId, { type: 'dubbed_speaker' })
    expect(noLanguage.statusCode).toBe(422)
  })

  it("changes a speaker track's voice and a dubbed track's language, refusing bad ones", async () => {
    const project = (await api.create('Voices and languages', 10)).json()
    const pid = project.project_id as string
    const speaker = project.tracks[0].track_id as string
    const patchTrack = (trackId: string, body: object) =>
      api.call('PATCH', `/projects/${pid}/tracks/${trackId}`, body)
    const voice = PREMADE_VOICES[1]!.voice_id
    const changed = await patchTrack(speaker, { voice_id: voice })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().voice_id).toBe(voice)
    // A clip added afterwards speaks with the track's new voice.
    const clip = await api.addClip(pid, {
      track_id: speaker,
      kind: 'speech',
      start_seconds: 1,
      end_seconds: 2,
    })
    expect(clip.json().voice_id).toBe(voice)
    expect((await patchTrack(speaker, { voice_id: 'no-such-voice' })).statusCode).toBe(404)
    expect(refused(await patchTrack(speaker, { language: 'de' }), 'validation_error')).toContain('dubbed')

    const fr = (await api.addTrack(pid, { type: 'dubbed_speaker', language: 'fr' })).json()
    const de = (await api.addTrack(pid, { type: 'dubbed_speaker', language: 'de' })).json()
    await api.addClip(pid, { track_id: fr.track_id, kind: 'speech', start_seconds: 3, end_seconds: 5 })
    await api.addClip(pid, { track_id: de.track_id, kind: 'speech', start_seconds: 4, end_seconds: 6 })
    const toSpanish = await patchTrack(fr.track_id, { language: 'es' })
    expect(toSpanish.statusCode, toSpanish.body).toBe(200)
    expect(toSpanish.json().language).toBe('es')
    // Now German too would overlap the other German track's clip: refused, nothing written.
    refused(await patchTrack(fr.track_id, { language: 'de' }), 'voiceover_dubbed_overlap')
    expect(refused(await patchTrack(fr.track_id, { language: 'xx' }), 'validation_error')).toContain("'xx'")
    const after = (await api.get(pid)).json().tracks as Array<{ track_id: string; language: string }>
    expect(after.find((tr) => tr.track_id === fr.track_id)?.language).toBe('es')
    const sfx = (await api.addTrack(pid, { type: 'sfx' })).json()
    expect(refused(await patchTrack(sfx.track_id, { voice_id: voice }), 'validation_error')).toContain(
      'voice',
    )
  })

  it('lets only one of three clips dropped on the same spot at once take it', async () => {
    const project = (await api.create('Race', 10)).json()
    const track = project.tracks[0].track_id
    const drop = () =>
      api.addClip(project.project_id, { track_id: track, kind: 'speech', start_seconds: 3, end_seconds: 5 })
    const answers = await Promise.all([drop(), drop(), drop()])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409])
    expect(await clipsOf(project.project_id)).toHaveLength(1)
  })

  it('reports a render whose worker stopped as failed', async () => {
    const project = (await api.create('Stale render', 5)).json()
    await t.database.db
      .insertInto('voiceover_renders')
      .values({
        id: 'stalerender0000000001',
        project_id: project.project_id,
        workspace_id: workspaceId,
        status: 'running',
        progress: 40,
        audio_key: null,
        video_key: null,
        duration_ms: null,
        error_code: null,
        error_message: null,
        updated_at: new Date(Date.now() - 5 * 60_000),
      })
      .execute()
    const status = await api.call('GET', `/projects/${project.project_id}/renders/stalerender0000000001`)
    expect(status.json()).toMatchObject({ status: 'failed', error: { code: 'voiceover_render_failed' } })
    refused(
      await api.call('GET', `/projects/${project.project_id}/renders/stalerender0000000001/audio`),
      'voiceover_render_not_ready',
    )
  })

  it('keeps projects to their workspace', async () => {
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/v1/voiceover/projects/${projectId}`,
      headers: other.auth,
    })
    refused(foreign, 'voiceover_project_not_found')
    const foreignClip = await t.app.inject({
      method: 'POST',
      url: `/v1/voiceover/projects/${projectId}/clips`,
      headers: other.auth,
      payload: { track_id: speakerTrack, kind: 'speech', start_seconds: 15 },
    })
    refused(foreignClip, 'voiceover_project_not_found')
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/voiceover/projects', headers: other.auth })).json()
        .projects,
    ).toEqual([])
  })
})

describe('voiceover access in a workspace', () => {
  it('lets members work on the workspace projects until the Everyone group loses Voiceover Studio', async () => {
    const member = await createUser(t.app, t.database, { verified: true })
    await joinWorkspaceOf(t.database.db, user, member)
    const project = (await api.create('Shared voiceover', 10)).json()
    const asMember = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: member.auth, ...(payload ? { payload } : {}) })
    expect((await asMember('GET', `/v1/voiceover/projects/${project.project_id}`)).statusCode).toBe(200)

    const groups = (
      await t.app.inject({ method: 'GET', url: '/v1/workspace/groups', headers: user.auth })
    ).json()
    const everyone = Object.values(groups).find((g) => (g as { is_everyone: boolean }).is_everyone) as {
      id: string
      permissions: string[]
    }
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/v1/workspace/groups/${everyone.id}`,
      headers: user.auth,
      payload: { permissions: everyone.permissions.filter((p) => p !== 'voiceover_studio') },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const read = await asMember('GET', `/v1/voiceover/projects/${project.project_id}`)
    expect(read.statusCode).toBe(403)
    expect(read.json().detail.status).toBe('product_access_denied')
    const add = await asMember('POST', `/v1/voiceover/projects/${project.project_id}/clips`, {
      track_id: project.tracks[0].track_id,
      kind: 'speech',
      start_seconds: 1,
    })
    expect(add.statusCode).toBe(403)
    expect((await api.get(project.project_id)).json().clips).toEqual([])
    // The owner keeps every product.
    expect((await api.get(project.project_id)).statusCode).toBe(200)
  })
})

describe('voiceover media', () => {
  it('splits a media clip, refuses parts under 1 second and clips later than the media', async () => {
    const created = await uploadProject('Narrated tone', await testTone(4), 'tone.wav', 'audio/wav')
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json()
    expect(project.media).toMatchObject({ kind: 'audio', mime_type: 'audio/wav' })
    expect(project.duration_seconds).toBeCloseTo(4, 1)
    const foreground = project.tracks.find((tr: { type: string }) => tr.type === 'foreground')
    const [media] = project.clips
    expect(media).toMatchObject({
      kind: 'media',
      track_id: foreground.track_id,
      start_seconds: 0,
      source_start_seconds: 0,
    })

    const short = await api.split(project.project_id, media.clip_id, 0.5)
    expect(refused(short, 'voiceover_split_too_short')).toBe('A video clip cannot be split under 1 second.')
    refused(
      await api.split(project.project_id, media.clip_id, media.end_seconds - 0.4),
      'voiceover_split_too_short',
    )
    expect(await clipsOf(project.project_id)).toHaveLength(1)

    const split = await api.split(project.project_id, media.clip_id, 2)
    expect(split.statusCode, split.body).toBe(200)
    const [left, right] = split.json().clips
    expect(left).toMatchObject({ start_seconds: 0, end_seconds: 2, source_start_seconds: 0 })
    expect(right).toMatchObject({ start_seconds: 2, source_start_seconds: 2 })

    // The right half (media from 2 s) moved to 0 s and stretched to 3 s would need media up to 5 s.
    await api.call('DELETE', `/projects/${project.project_id}/clips/${left.clip_id}`)
    const stretched = await api.moveClip(project.project_id, right.clip_id, {
      start_seconds: 0,
      end_seconds: 3,
    })
    expect(refused(stretched, 'voiceover_clip_after_media')).toMatch(
      /^Invalid placement: the clip is later than the original media duration/,
    )
    const moved = await api.moveClip(project.project_id, right.clip_id, { start_seconds: 0 })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({ start_seconds: 0, source_start_seconds: 2 })

    // Speech clips cannot be split.
    const speech = await api.addClip(project.project_id, {
      track_id: project.tracks.find((tr: { type: string }) => tr.type === 'voiceover_speaker').track_id,
      kind: 'speech',
      start_seconds: 2.5,
      end_seconds: 3.9,
    })
    refused(await api.split(project.project_id, speech.json().clip_id, 3), 'voiceover_clip_not_splittable')
  })

  it('takes an MP4 video as the media', async () => {
    const created = await uploadProject('Clip', await testVideo(3), 'clip.mp4', 'video/mp4')
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().media).toMatchObject({ kind: 'video', mime_type: 'video/mp4' })
    const media = await t.app.inject({
      method: 'GET',
      url: `/v1/voiceover/projects/${created.json().project_id}/media`,
      headers: user.auth,
    })
    expect(media.headers['content-type']).toContain('video/mp4')
  })

  it('refuses a 60 MB video with the limit message, storing nothing', async () => {
    const before = (
      await (await t.app.inject({ method: 'GET', url: '/v1/voiceover/projects', headers: user.auth })).json()
    ).projects.length
    const video = Buffer.concat([await testVideo(1), Buffer.alloc(60 * 1024 * 1024)])
    const response = await uploadProject('Too big', video, 'big.mp4', 'video/mp4')
    expect(refused(response, 'voiceover_media_too_big')).toBe('File too big: videos must be 50 MB or less.')
    const after = (
      await t.app.inject({ method: 'GET', url: '/v1/voiceover/projects', headers: user.auth })
    ).json().projects.length
    expect(after).toBe(before)
  })

  it('refuses a file that is not media', async () => {
    const response = await uploadProject(
      'Text',
      Buffer.from('just some text, not a video at all'),
      'fake.mp4',
      'video/mp4',
    )
    refused(response, 'voiceover_invalid_media')
  })
})
