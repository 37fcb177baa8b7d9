import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { soundEffectCredits } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { characterCount, setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { multipartBody } from '../../../test/helpers/voice-factory.js'
import {
  colourVideo,
  frameColour,
  rmsBetween,
  testVideo,
  voiceoverCalls,
} from '../../../test/helpers/voiceover.js'
import { decodeTo48kMono } from '../../lib/audio/audio-decode.js'
import { readStreamInfo, runFfmpeg } from './voiceover-media.js'

// The render of a whole mix, measured: as long as the timeline, sound where clips are and
// silence elsewhere; with a video as media, an MP4 with the picture and the mix.

let t: TestApp
let user: TestUser
let workspaceId: string
const api = voiceoverCalls(
  () => t.app,
  () => user.auth,
)

/** Starts a render and follows it to its end, keeping every percent seen. */
async function render(projectId: string) {
  const started = await api.call('POST', `/projects/${projectId}/render`)
  expect(started.statusCode, started.body).toBe(202)
  let last = started.json()
  const seen: number[] = [last.progress]
  for (let i = 0; i < 2400 && last.status !== 'done' && last.status !== 'failed'; i++) {
    await new Promise((r) => setTimeout(r, 50))
    last = (await api.call('GET', `/projects/${projectId}/renders/${last.render_id}`)).json()
    seen.push(last.progress)
  }
  return { last, seen }
}

async function probe(bytes: Buffer, ext: string) {
  const dir = await mkdtemp(join(tmpdir(), 'timbre-vo-probe-'))
  try {
    const file = join(dir, `file.${ext}`)
    await writeFile(file, bytes)
    return readStreamInfo((await runFfmpeg(['-i', file])).stderr)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

beforeAll(async () => {
  t = await createTestApp()
  user = await createUser(t.app, t.database, { verified: true })
  workspaceId = await setPlan(t.database, user.userId, {
    tier: 'creator',
    status: 'active',
    characterCount: 0,
    characterLimit: 100_000,
  })
})
afterAll(() => t?.close())

describe('voiceover render', () => {
  it('mixes speech and a sound effect at their places, silent elsewhere, as long as the timeline', async () => {
    const project = (await api.create('Render me', 8)).json()
    const speaker = project.tracks[0].track_id
    const sfx = (await api.addTrack(project.project_id, { type: 'sfx' })).json().track_id
    const speech = await api.addClip(project.project_id, {
      track_id: speaker,
      kind: 'speech',
      start_seconds: 1,
      text: 'Hello and welcome.',
    })
    expect(speech.statusCode, speech.body).toBe(200)
    const speechEnd = speech.json().end_seconds as number
    expect(speechEnd).toBeLessThan(5)
    const beforeEffect = await characterCount(t.database, workspaceId)
    const effect = await api.addClip(project.project_id, {
      track_id: sfx,
      kind: 'sound_effect',
      start_seconds: 5.5,
      end_seconds: 7,
      prompt: 'heavy rain on a tin roof',
    })
    expect(effect.statusCode, effect.body).toBe(200)
    expect(effect.json()).toMatchObject({ start_seconds: 5.5, end_seconds: 7, has_audio: true })
    // Charged by the sound-effects service for a 1.5 s effect.
    expect(await characterCount(t.database, workspaceId)).toBe(beforeEffect + soundEffectCredits(1.5))
    // A muted track is left out of the mix.
    const muted = (await api.addTrack(project.project_id, { type: 'sfx' })).json().track_id
    await api.addClip(project.project_id, {
      track_id: muted,
      kind: 'sound_effect',
      start_seconds: 0.1,
      end_seconds: 0.8,
      prompt: 'loud alarm bell',
    })
    await api.call('PATCH', `/projects/${project.project_id}/tracks/${muted}`, { muted: true })

    const { last, seen } = await render(project.project_id)
    expect(last, JSON.stringify(last)).toMatchObject({
      status: 'done',
      progress: 100,
      error: null,
      has_video: false,
    })
    expect([...seen].sort((a, b) => a - b)).toEqual(seen)

    const audio = await api.call('GET', `/projects/${project.project_id}/renders/${last.render_id}/audio`)
    expect(audio.statusCode).toBe(200)
    expect(audio.headers['content-type']).toContain('audio/mpeg')
    const samples = await decodeTo48kMono(audio.rawPayload, 'detect', 20)
    const seconds = samples.length / 48_000
    // MP3 frames add at most a few tens of milliseconds at the ends.
    expect(seconds).toBeGreaterThan(7.95)
    expect(seconds).toBeLessThan(8.15)
    const silence = 0.002
    expect(rmsBetween(samples, 0, 0.9)).toBeLessThan(silence)
    expect(rmsBetween(samples, 1, speechEnd)).toBeGreaterThan(0.02)
    expect(rmsBetween(samples, speechEnd + 0.1, 5.4)).toBeLessThan(silence)
    expect(rmsBetween(samples, 5.6, 6.9)).toBeGreaterThan(0.02)
    expect(rmsBetween(samples, 7.1, 8)).toBeLessThan(silence)
    // The video call of a project without video is refused.
    expect(
      (await api.call('GET', `/projects/${project.project_id}/renders/${last.render_id}/video`)).statusCode,
    ).toBe(404)
    // The project shows its latest render.
    expect((await api.get(project.project_id)).json().latest_render).toMatchObject({
      render_id: last.render_id,
      status: 'done',
    })
  })

  it('renders a video project as MP4 with the voiceover over the original sound', async () => {
    const body = await multipartBody({ name: 'Video' }, [
      { name: 'clip.mp4', data: await testVideo(4), type: 'video/mp4', field: 'file' },
    ])
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/voiceover/projects',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    })
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json()
    const speaker = project.tracks.find((tr: { type: string }) => tr.type === 'voiceover_speaker').track_id
    const foreground = project.clips[0]
    // Only the first second of the original sound stays; the speech comes after it.
    const split = await api.split(project.project_id, foreground.clip_id, 1)
    await api.call('DELETE', `/projects/${project.project_id}/clips/${split.json().clips[1].clip_id}`)
    const speech = await api.addClip(project.project_id, {
      track_id: speaker,
      kind: 'speech',
      start_seconds: 1.5,
      text: 'Look at this.',
    })
    expect(speech.statusCode, speech.body).toBe(200)

    const { last } = await render(project.project_id)
    expect(last, JSON.stringify(last)).toMatchObject({ status: 'done', has_video: true })
    const video = await api.call('GET', `/projects/${project.project_id}/renders/${last.render_id}/video`)
    expect(video.statusCode).toBe(200)
    expect(video.headers['content-type']).toContain('video/mp4')
    const info = await probe(video.rawPayload, 'mp4')
    expect(info.hasVideo).toBe(true)
    expect(info.hasAudio).toBe(true)
    expect(info.durationMs).toBeGreaterThan(3900)
    expect(info.durationMs).toBeLessThan(4200)
    const mixed = await decodeTo48kMono(video.rawPayload, 'detect', 10)
    expect(rmsBetween(mixed, 0.1, 0.9)).toBeGreaterThan(0.05)
    expect(rmsBetween(mixed, 1.1, 1.4)).toBeLessThan(0.002)
    expect(rmsBetween(mixed, 1.5, Math.min(speech.json().end_seconds, 3.9))).toBeGreaterThan(0.01)
  })
  it('re-cuts the picture of a video to where its foreground clips were moved', async () => {
    // Red for two seconds, then blue for two.
    const body = await multipartBody({ name: 'Re-cut' }, [
      { name: 'colours.mp4', data: await colourVideo(['red', 'blue'], 2), type: 'video/mp4', field: 'file' },
    ])
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/voiceover/projects',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    })
    expect(created.statusCode, created.body).toBe(200)
    const project = created.json()
    const whole = await render(project.project_id)
    const original = await api.call(
      'GET',
      `/projects/${project.project_id}/renders/${whole.last.render_id}/video`,
    )
    const isRed = ([r, g, b]: number[]) => (r ?? 0) > 180 && (g ?? 0) < 70 && (b ?? 0) < 70
    const isBlue = ([r, g, b]: number[]) => (b ?? 0) > 180 && (r ?? 0) < 70 && (g ?? 0) < 70
    const isBlack = (c: number[]) => c.every((v) => v < 30)
    expect(isRed(await frameColour(original.rawPayload, 1))).toBe(true)
    expect(isBlue(await frameColour(original.rawPayload, 3))).toBe(true)

    // Split at 2 s, drop the red half and move the blue half to the start.
    const split = await api.split(project.project_id, project.clips[0].clip_id, 2)
    const [red, blue] = split.json().clips
    await api.call('DELETE', `/projects/${project.project_id}/clips/${red.clip_id}`)
    const moved = await api.moveClip(project.project_id, blue.clip_id, { start_seconds: 0 })
    expect(moved.json()).toMatchObject({ start_seconds: 0, source_start_seconds: 2 })
    expect(moved.json().end_seconds).toBeCloseTo(2, 1)

    const { last } = await render(project.project_id)
    expect(last, JSON.stringify(last)).toMatchObject({ status: 'done', has_video: true })
    const video = await api.call('GET', `/projects/${project.project_id}/renders/${last.render_id}/video`)
    const info = await probe(video.rawPayload, 'mp4')
    expect(info.durationMs).toBeGreaterThan(3900)
    expect(info.durationMs).toBeLessThan(4200)
    // Blue now sits where red was; where no clip is, the picture is black.
    expect(isBlue(await frameColour(video.rawPayload, 0.5))).toBe(true)
    expect(isBlue(await frameColour(video.rawPayload, 1.5))).toBe(true)
    expect(isBlack(await frameColour(video.rawPayload, 3))).toBe(true)
  })
})
