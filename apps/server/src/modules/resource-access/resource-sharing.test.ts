import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { PREMADE_VOICES } from '@timbre/speech'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, joinWorkspaceOf, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { pcmWav } from '../../../test/helpers/voice-factory.js'

// Resource sharing beyond voices: pronunciation dictionaries, Studio projects and voices made
// through the API are shared on creation with the groups that ask for editor access to new
// resources, and a member with only view access reads them but cannot change or delete them.

let t: TestApp
let address: string
let alice: TestUser
let bob: TestUser
let carol: TestUser
let dave: TestUser
let outsider: TestUser
const sdk = new Map<string, ElevenLabsClient>()
let everyoneId: string
let editorsId: string

const SCOPES = ['workspace', 'pronunciation-dictionaries', 'projects', 'voices', 'text-to-speech', 'models']

async function clientOf(user: TestUser): Promise<ElevenLabsClient> {
  const known = sdk.get(user.userId)
  if (known) return known
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: SCOPES },
  })
  expect(key.statusCode).toBe(201)
  const client = new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl: address })
  sdk.set(user.userId, client)
  return client
}

async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    return { status: error.statusCode ?? 0, code: (error.body as { detail: { code: string } }).detail.code }
  }
  throw new Error('expected a refusal')
}

function call(user: TestUser, method: string, url: string, payload?: object) {
  return t.app.inject({ method: method as 'GET', url, headers: user.auth, ...(payload ? { payload } : {}) })
}

async function bytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part)
  return Buffer.concat(parts)
}

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  carol = await createUser(t.app, t.database)
  dave = await createUser(t.app, t.database)
  outsider = await createUser(t.app, t.database)
  await setPlan(t.database, alice.userId, { tier: 'enterprise', characterLimit: 1_000_000 })
  for (const user of [bob, carol, dave]) await joinWorkspaceOf(t.database.db, alice, user)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => t?.close())

describe('groups with editor access to new resources', () => {
  it('the Everyone group gives every member editor access to new resources until an admin turns it off', async () => {
    const groups = (await call(alice, 'GET', '/v1/workspace/groups')).json() as Record<
      string,
      { id: string; is_everyone: boolean; editor_access_to_new_resources: boolean }
    >
    const everyone = Object.values(groups).find((g) => g.is_everyone)
    expect(everyone?.editor_access_to_new_resources).toBe(true)
    everyoneId = everyone?.id ?? ''

    const bobSdk = await clientOf(bob)
    const first = await bobSdk.pronunciationDictionaries.createFromRules({
      name: 'Before',
      rules: [{ type: 'alias', stringToReplace: 'Timbre', alias: 'Tambre' }],
    })
    // Dave is a plain member: the Everyone group's editor grant lets him change Bob's dictionary.
    const daveSdk = await clientOf(dave)
    await daveSdk.pronunciationDictionaries.rules.add(first.id, {
      rules: [{ type: 'alias', stringToReplace: 'SQL', alias: 'sequel' }],
    })
    const meta = await bobSdk.workspace.resources.get(first.id, { resourceType: 'pronunciation_dictionary' })
    expect(meta.roleToGroupIds.editor).toContain(everyoneId)
    expect(meta.roleToGroupIds.admin).toContain(bob.userId)

    // A member cannot change the setting; an admin can, for the Everyone group and a new group.
    const denied = await call(bob, 'PATCH', `/v1/workspace/groups/${everyoneId}`, {
      editor_access_to_new_resources: false,
    })
    expect(denied.statusCode).toBe(403)
    expect(
      (
        await call(alice, 'PATCH', `/v1/workspace/groups/${everyoneId}`, {
          editor_access_to_new_resources: false,
        })
      ).statusCode,
    ).toBe(200)
    const editors = await call(alice, 'POST', '/v1/workspace/groups', { name: 'Editors' })
    expect(editors.json()).toMatchObject({ editor_access_to_new_resources: true })
    editorsId = editors.json().id
    await call(alice, 'POST', `/v1/workspace/groups/${editorsId}/members`, { email: carol.email })
    const listed = (await call(alice, 'GET', '/v1/workspace/groups')).json()
    expect(listed[everyoneId].editor_access_to_new_resources).toBe(false)
    expect(listed[editorsId].editor_access_to_new_resources).toBe(true)
  })

  it('shares a new dictionary with the Editors group only; a viewer reads it and is refused changes', async () => {
    const bobSdk = await clientOf(bob)
    const made = await bobSdk.pronunciationDictionaries.createFromRules({
      name: 'After',
      rules: [{ type: 'alias', stringToReplace: 'API', alias: 'A P I' }],
    })
    const meta = await bobSdk.workspace.resources.get(made.id, { resourceType: 'pronunciation_dictionary' })
    expect(meta).toMatchObject({ resourceId: made.id, resourceName: 'After', creatorUserId: bob.userId })
    expect(meta.roleToGroupIds.editor).toEqual([editorsId])

    // Carol (in Editors) edits; Dave (only in Everyone) reads as a viewer and is refused.
    const carolSdk = await clientOf(carol)
    await carolSdk.pronunciationDictionaries.rules.add(made.id, {
      rules: [{ type: 'alias', stringToReplace: 'GUI', alias: 'gooey' }],
    })
    const daveSdk = await clientOf(dave)
    const seen = await daveSdk.pronunciationDictionaries.get(made.id)
    expect(seen.permissionOnResource).toBe('viewer')
    expect(seen.rules).toHaveLength(2)
    const rulesBefore = seen.latestVersionId
    expect(
      await refusal(
        daveSdk.pronunciationDictionaries.rules.add(made.id, {
          rules: [{ type: 'alias', stringToReplace: 'CLI', alias: 'C L I' }],
        }),
      ),
    ).toEqual({ status: 403, code: 'dictionary_editor_required' })
    expect(await refusal(daveSdk.pronunciationDictionaries.update(made.id, { archived: true }))).toEqual({
      status: 403,
      code: 'dictionary_editor_required',
    })
    const after = await daveSdk.pronunciationDictionaries.get(made.id)
    expect(after.latestVersionId).toBe(rulesBefore)
    expect(after.archivedTimeUnix).toBeUndefined()

    // Dave cannot share it himself; Bob (its creator) shares it with him as viewer, then editor.
    expect(
      await refusal(
        daveSdk.workspace.resources.share(made.id, {
          role: 'editor',
          resourceType: 'pronunciation_dictionary',
          userEmail: dave.email,
        }),
      ),
    ).toEqual({ status: 403, code: 'resource_sharing_not_allowed' })
    await bobSdk.workspace.resources.share(made.id, {
      role: 'viewer',
      resourceType: 'pronunciation_dictionary',
      userEmail: dave.email,
    })
    expect((await daveSdk.pronunciationDictionaries.get(made.id)).permissionOnResource).toBe('viewer')
    await bobSdk.workspace.resources.share(made.id, {
      role: 'editor',
      resourceType: 'pronunciation_dictionary',
      userEmail: dave.email,
    })
    expect((await daveSdk.pronunciationDictionaries.get(made.id)).permissionOnResource).toBe('editor')
    await daveSdk.pronunciationDictionaries.update(made.id, { name: 'After, renamed by Dave' })
    await bobSdk.workspace.resources.unshare(made.id, {
      resourceType: 'pronunciation_dictionary',
      userEmail: dave.email,
    })
    expect((await daveSdk.pronunciationDictionaries.get(made.id)).permissionOnResource).toBe('viewer')

    // Another workspace neither finds the dictionary nor its sharing.
    const outsiderSdk = await clientOf(outsider)
    expect(
      await refusal(
        outsiderSdk.workspace.resources.get(made.id, { resourceType: 'pronunciation_dictionary' }),
      ),
    ).toMatchObject({ status: 404 })
    expect(
      (await call(bob, 'GET', `/v1/workspace/resources/${made.id}?resource_type=project`)).statusCode,
    ).toBe(404)
    expect(
      (await call(bob, 'GET', `/v1/workspace/resources/${made.id}?resource_type=dubbing`)).statusCode,
    ).toBe(422)
  })

  it('enforces view and edit on Studio projects', async () => {
    const bobSdk = await clientOf(bob)
    const { project } = await bobSdk.studio.projects.create({ name: 'Shared book' })
    const meta = await bobSdk.workspace.resources.get(project.projectId, { resourceType: 'project' })
    expect(meta.roleToGroupIds.editor).toEqual([editorsId])

    const daveSdk = await clientOf(dave)
    expect((await daveSdk.studio.projects.get(project.projectId)).name).toBe('Shared book')
    const voiceId = PREMADE_VOICES[0]?.voice_id ?? ''
    const update = {
      name: 'Renamed by a viewer',
      defaultTitleVoiceId: voiceId,
      defaultParagraphVoiceId: voiceId,
    }
    expect(await refusal(daveSdk.studio.projects.update(project.projectId, update))).toEqual({
      status: 403,
      code: 'resource_edit_not_allowed',
    })
    expect(await refusal(daveSdk.studio.projects.delete(project.projectId))).toEqual({
      status: 403,
      code: 'resource_edit_not_allowed',
    })
    expect(
      await refusal(daveSdk.studio.projects.chapters.create(project.projectId, { name: 'Extra' })),
    ).toEqual({ status: 403, code: 'resource_edit_not_allowed' })
    expect((await daveSdk.studio.projects.get(project.projectId)).name).toBe('Shared book')

    // Sharing with the whole workspace ('default') as editor lets Dave edit.
    await (await clientOf(alice)).workspace.resources.share(project.projectId, {
      role: 'editor',
      resourceType: 'project',
      groupId: 'default',
    })
    await daveSdk.studio.projects.update(project.projectId, { ...update, name: 'Renamed by Dave' })
    const carolSdk = await clientOf(carol)
    await carolSdk.studio.projects.delete(project.projectId)
    const grants = await t.database.db
      .selectFrom('workspace_resource_grants')
      .select('role')
      .where('resource_id', '=', project.projectId)
      .execute()
    expect(grants).toEqual([])
  })

  it('shares a cloned voice on creation and refuses a viewer its settings and deletion', async () => {
    const bobSdk = await clientOf(bob)
    const pcm = await bytes(
      await bobSdk.textToSpeech.convert(PREMADE_VOICES[0]?.voice_id ?? '', {
        text: 'Good morning. This is a short recording of my voice, read slowly and clearly, so that a copy of it can be made.',
        modelId: 'eleven_multilingual_v2',
        outputFormat: 'pcm_16000',
      }),
    )
    const { voiceId } = await bobSdk.voices.ivc.create({
      name: 'Bob clone',
      files: [new File([new Uint8Array(pcmWav(pcm, 16_000))], 'bob.wav', { type: 'audio/wav' })],
    })
    const meta = await bobSdk.workspace.resources.get(voiceId, { resourceType: 'voice' })
    expect(meta.roleToGroupIds.editor).toEqual([editorsId])

    const daveSdk = await clientOf(dave)
    expect((await daveSdk.voices.get(voiceId)).name).toBe('Bob clone')
    expect(
      await refusal(daveSdk.voices.settings.update(voiceId, { stability: 0.1, similarityBoost: 0.2 })),
    ).toEqual({ status: 403, code: 'resource_edit_not_allowed' })
    expect(await refusal(daveSdk.voices.delete(voiceId))).toEqual({
      status: 403,
      code: 'resource_edit_not_allowed',
    })
    expect(await refusal(daveSdk.voices.update(voiceId, { name: 'Taken' }))).toEqual({
      status: 403,
      code: 'resource_edit_not_allowed',
    })
    expect((await daveSdk.voices.get(voiceId)).name).toBe('Bob clone')

    const carolSdk = await clientOf(carol)
    await carolSdk.voices.settings.update(voiceId, { stability: 0.3, similarityBoost: 0.4 })
    expect((await daveSdk.voices.settings.get(voiceId)).stability).toBeCloseTo(0.3)
    await (await clientOf(alice)).voices.delete(voiceId)
    expect(await refusal(daveSdk.voices.get(voiceId))).toMatchObject({ status: 404 })
  })
})
