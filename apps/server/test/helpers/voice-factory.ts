import { PREMADE_VOICES, type VoiceDefinition, wavHeader } from '@timbre/speech'
import type { FastifyInstance } from 'fastify'
import type { Database, DatabaseHandle } from '../../src/db/database.js'
import { newId } from '../../src/lib/ids.js'
import { verifiedLanguagesOf } from '../../src/modules/voices/voice-definition.js'
import type { VoiceRow } from '../../src/modules/voices/voices.tables.js'
import { type TestUser, workspaceIdOf } from './factories.js'

export { workspaceIdOf }

// Workspace voices for tests, inserted directly until voice creation (instant cloning)
// arrives: a copy of a premade voice's engine recipe under a new id, owned by a user.

export interface VoiceFactoryOptions {
  /** The owner; the voice belongs to their workspace unless `workspaceId` says otherwise. */
  userId: string
  workspaceId?: string
  name?: string
  description?: string | null
  category?: 'cloned' | 'generated' | 'professional'
  labels?: Record<string, string>
  /** The premade voice whose recipe is copied (default: the first one, English). */
  basedOn?: string
  settings?: Record<string, unknown> | null
  createdAt?: Date
}

let counter = 0

export async function createWorkspaceVoice(db: Database, options: VoiceFactoryOptions): Promise<VoiceRow> {
  counter += 1
  const base: VoiceDefinition =
    PREMADE_VOICES.find((v) => v.voice_id === options.basedOn) ?? (PREMADE_VOICES[0] as VoiceDefinition)
  const id = newId()
  const name = options.name ?? `Test voice ${counter}`
  const definition: VoiceDefinition = { ...base, voice_id: id, name }
  return db
    .insertInto('voices')
    .values({
      id,
      workspace_id: options.workspaceId ?? (await workspaceIdOf(db, options.userId)),
      owner_user_id: options.userId,
      category: options.category ?? 'cloned',
      name,
      description: options.description === undefined ? `A copy of ${base.name}` : options.description,
      labels: JSON.stringify(options.labels ?? base.labels),
      language: base.language,
      definition: JSON.stringify(definition),
      settings: options.settings ? JSON.stringify(options.settings) : null,
      verified_languages: JSON.stringify(verifiedLanguagesOf(definition)),
      safety_control: null,
      sharing: null,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** A WAV file around 16-bit mono PCM bytes, with the header the speech package writes. */
export function pcmWav(pcm: Buffer, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(sampleRate, pcm.length), pcm])
}

/** A valid mono 16-bit PCM WAV file: `seconds` of a soft 220 Hz tone. */
export function toneWav(seconds = 0.5, sampleRate = 16000): Buffer {
  const samples = Math.round(seconds * sampleRate)
  const data = Buffer.alloc(samples * 2)
  for (let i = 0; i < samples; i++) {
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / sampleRate) * 8000), i * 2)
  }
  return pcmWav(data, sampleRate)
}

export interface UploadFile {
  name: string
  data: Uint8Array
  type?: string
  field?: string
}

/** A multipart/form-data body (as a browser or the SDK would send it) for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string>,
  files: UploadFile[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of files) {
    form.append(
      file.field ?? 'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    )
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  }
}

/**
 * The calls the voices tests make, as a user, on a test app that is created later
 * (`app` is read at call time, after `beforeAll`).
 */
export function voiceCalls(app: () => { app: FastifyInstance; database: DatabaseHandle }) {
  return {
    newVoice: async (user: TestUser) =>
      (await createWorkspaceVoice(app().database.db, { userId: user.userId })).id,
    get: (user: TestUser, url: string) => app().app.inject({ url, headers: user.auth }),
    del: (user: TestUser, url: string) => app().app.inject({ method: 'DELETE', url, headers: user.auth }),
    async edit(user: TestUser, voiceId: string, fields: Record<string, string>, files: UploadFile[] = []) {
      const { payload, headers } = await multipartBody(fields, files)
      return app().app.inject({
        method: 'POST',
        url: `/v1/voices/${voiceId}/edit`,
        payload,
        headers: { ...user.auth, ...headers },
      })
    },
  }
}
