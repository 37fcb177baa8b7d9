import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser, type TestUser } from '../../../test/helpers/factories.js'
import { setPlan } from '../../../test/helpers/plans.js'
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.js'
import { createWorkspaceVoice } from '../../../test/helpers/voice-factory.js'

// The official SDK, with only the base URL changed, administers a workspace: members,
// invites, groups and resource sharing.

let t: TestApp
let admin: ElevenLabsClient
let memberClient: ElevenLabsClient
let alice: TestUser
let bob: TestUser
let workspaceId: string
let address: string

async function keyFor(user: TestUser): Promise<string> {
  const key = await t.app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', permissions: ['workspace'] },
  })
  return key.json().api_key
}

beforeAll(async () => {
  t = await createTestApp()
  alice = await createUser(t.app, t.database)
  bob = await createUser(t.app, t.database)
  workspaceId = await setPlan(t.database, alice.userId, { tier: 'enterprise' })
  // Bob joins Alice's workspace (the invite flow itself is covered by the HTTP tests).
  await t.database.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: bob.userId, role: 'member' })
    .execute()
  await t.database.db
    .updateTable('users')
    .set({ workspace_id: workspaceId })
    .where('id', '=', bob.userId)
    .execute()
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  admin = new ElevenLabsClient({ apiKey: await keyFor(alice), baseUrl: address })
  memberClient = new ElevenLabsClient({ apiKey: await keyFor(bob), baseUrl: address })
})
afterAll(() => t?.close())

describe('@elevenlabs/elevenlabs-js workspace calls against Timbre', () => {
  it('workspace.members.list and update', async () => {
    const members = await admin.workspace.members.list()
    expect(members).toEqual([
      expect.objectContaining({ userId: alice.userId, email: alice.email, isOwner: true, isLocked: false }),
      expect.objectContaining({ userId: bob.userId, isOwner: false, seatType: 'workspace_member' }),
    ])
    expect(
      await admin.workspace.members.update({ email: bob.email, workspaceSeatType: 'workspace_admin' }),
    ).toEqual({
      status: 'ok',
    })
    await admin.workspace.members.update({ email: bob.email, isLocked: true })
    const locked = (await admin.workspace.members.list()).find((m) => m.email === bob.email)
    expect(locked).toMatchObject({ isLocked: true, seatType: 'workspace_admin' })
    await admin.workspace.members.update({
      email: bob.email,
      isLocked: false,
      workspaceSeatType: 'workspace_member',
    })
  })

  it('a member’s key is refused admin calls', async () => {
    const error = await memberClient.workspace.members
      .update({ email: alice.email, isLocked: true })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ElevenLabsError)
    expect((error as ElevenLabsError).statusCode).toBe(403)
    expect((await admin.workspace.members.list())[0]?.isLocked).toBe(false)
  })

  it('workspace.invites.create, createBatch and delete', async () => {
    expect(
      await admin.workspace.invites.create({ email: 'new@example.com', seatType: 'workspace_member' }),
    ).toEqual({
      status: 'ok',
    })
    expect(await admin.workspace.invites.createBatch({ emails: ['a@example.com, b@example.com'] })).toEqual({
      status: 'ok',
    })
    const pending = await t.app.inject({ method: 'GET', url: '/v1/workspace/invites', headers: alice.auth })
    expect(
      pending
        .json()
        .invites.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual(['a@example.com', 'b@example.com', 'new@example.com'])
    const none = await admin.workspace.invites
      .createBatch({ emails: ['no addresses here'] })
      .catch((e: unknown) => e)
    expect((none as ElevenLabsError).statusCode).toBe(422)
    expect(JSON.stringify((none as ElevenLabsError).body)).toContain(
      'No valid email addresses found for bulk invites.',
    )
    expect(await admin.workspace.invites.delete({ email: 'new@example.com' })).toEqual({ status: 'ok' })
    const missing = await admin.workspace.invites
      .delete({ email: 'new@example.com' })
      .catch((e: unknown) => e)
    expect((missing as ElevenLabsError).statusCode).toBe(404)
  })

  it('workspace.groups.list, search and members add and remove', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/workspace/groups',
      headers: alice.auth,
      payload: { name: 'Voice team' },
    })
    const groupId = created.json().id as string
    const groups = await admin.workspace.groups.list()
    expect(Object.values(groups).map((g) => g.name)).toEqual(['Everyone', 'Voice team'])
    expect(groups[groupId]?.permissions).toContain('text_to_speech')
    expect(await admin.workspace.groups.members.add(groupId, { email: bob.email })).toEqual({ status: 'ok' })
    expect(await admin.workspace.groups.search({ name: 'voice' })).toEqual([
      { id: groupId, name: 'Voice team', membersEmails: [bob.email] },
    ])
    expect(await admin.workspace.groups.members.remove(groupId, { email: bob.email })).toEqual({
      status: 'ok',
    })
    expect((await admin.workspace.groups.list())[groupId]?.members).toEqual([])
  })

  it('workspace.resources.get, share and unshare', async () => {
    const voice = await createWorkspaceVoice(t.database.db, {
      userId: alice.userId,
      workspaceId,
      name: 'Shared',
    })
    await admin.workspace.resources.share(voice.id, {
      role: 'editor',
      resourceType: 'voice',
      userEmail: bob.email,
    })
    const metadata = await admin.workspace.resources.get(voice.id, { resourceType: 'voice' })
    expect(metadata).toMatchObject({
      resourceId: voice.id,
      resourceName: 'Shared',
      resourceType: 'voice',
      creatorUserId: alice.userId,
    })
    expect(metadata.roleToGroupIds.editor).toEqual([bob.userId])
    await admin.workspace.resources.unshare(voice.id, { resourceType: 'voice', userEmail: bob.email })
    expect(
      (await admin.workspace.resources.get(voice.id, { resourceType: 'voice' })).roleToGroupIds.editor,
    ).toEqual([])
    const foreign = await admin.workspace.resources
      .get('notavoiceofthisworks', { resourceType: 'voice' })
      .catch((e: unknown) => e)
    expect((foreign as ElevenLabsError).statusCode).toBe(404)
  })

  it('serviceAccounts: list, create, and their api keys: list, create, update, delete', async () => {
    const { serviceAccountUserId } = await admin.serviceAccounts.create({ name: 'CI bot' })
    const created = await admin.serviceAccounts.apiKeys.create(serviceAccountUserId, {
      name: 'deploy',
      permissions: ['text_to_speech', 'models_read'],
    })
    expect(created.xiApiKey).toMatch(/^sk_/)
    const accounts = await admin.serviceAccounts.list()
    expect(accounts.serviceAccounts).toEqual([
      expect.objectContaining({
        serviceAccountUserId,
        name: 'CI bot',
        apiKeys: [expect.objectContaining({ keyId: created.keyId, name: 'deploy', isDisabled: false })],
      }),
    ])
    await admin.serviceAccounts.apiKeys.update(serviceAccountUserId, created.keyId, {
      isEnabled: false,
      name: 'old',
    })
    const keys = await admin.serviceAccounts.apiKeys.list(serviceAccountUserId)
    expect(keys.apiKeys).toEqual([expect.objectContaining({ name: 'old', isDisabled: true })])
    await admin.serviceAccounts.apiKeys.delete(serviceAccountUserId, created.keyId)
    expect((await admin.serviceAccounts.apiKeys.list(serviceAccountUserId)).apiKeys).toEqual([])
    const byMember = await memberClient.serviceAccounts.create({ name: 'nope' }).catch((e: unknown) => e)
    expect((byMember as ElevenLabsError).statusCode).toBe(403)
  })

  it('workspaces.apiKeys.disable turns off the key it is called with', async () => {
    const secret = await keyFor(bob)
    const client = new ElevenLabsClient({ apiKey: secret, baseUrl: address })
    await client.workspaces.apiKeys.disable({ apiKeyName: 'self' })
    const after = await client.workspace.members.list().catch((e: unknown) => e)
    expect((after as ElevenLabsError).statusCode).toBe(401)
  })
})
