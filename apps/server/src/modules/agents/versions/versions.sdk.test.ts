import type { ElevenLabsClient } from '@elevenlabs/elevenlabs-js'
import { AGENT_TRAFFIC_RULE } from '@timbre/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { createUser, type TestUser } from '../../../../test/helpers/factories.js'
import { sdkClientFor, sdkRefusal } from '../../../../test/helpers/sdk-client.js'
import { createTestApp, type TestApp } from '../../../../test/helpers/test-app.js'
import { pickBranch } from './traffic.js'

// Agent versions, drafts, branches, deployments and merges through the official SDK with only
// its base URL changed, and conversations started over a traffic split.

let t: TestApp
let address: string
let sdk: ElevenLabsClient
let outsiderSdk: ElevenLabsClient

const clientOf = (user: TestUser) => sdkClientFor(t.app, user, address, ['convai'])
const refusal = sdkRefusal

beforeAll(async () => {
  t = await createTestApp()
  const owner = await createUser(t.app, t.database)
  const outsider = await createUser(t.app, t.database)
  address = await t.app.listen({ port: 0, host: '127.0.0.1' })
  sdk = await clientOf(owner)
  outsiderSdk = await clientOf(outsider)
})
afterAll(() => t?.close())

const agents = () => sdk.conversationalAi.agents

async function newAgent(firstMessage: string) {
  const { agentId } = await agents().create({
    name: 'Front desk',
    conversationConfig: {
      agent: { firstMessage, prompt: { prompt: 'You greet visitors.' } },
      conversation: { textOnly: true },
    },
  })
  return agentId
}

/** Each agent starts with a main branch holding its first version. */
async function mainOf(agentId: string) {
  const agent = await agents().get(agentId)
  return { branchId: agent.mainBranchId as string, versionId: agent.versionId as string }
}

async function branchFrom(agentId: string, versionId: string, name: string, firstMessage: string) {
  return agents().branches.create(agentId, {
    parentVersionId: versionId,
    name,
    description: `Trying ${name}`,
    conversationConfig: { agent: { first_message: firstMessage } },
  })
}

describe('agent versions', () => {
  it('makes an immutable version of every saved change and reads any version back', async () => {
    const agentId = await newAgent('Hello.')
    const first = await mainOf(agentId)
    expect(first.versionId).toMatch(/^agtvrsn_/)
    const updated = await agents().update(agentId, {
      conversationConfig: { agent: { firstMessage: 'Welcome!' } },
      versionDescription: 'Friendlier greeting',
    })
    expect(updated.versionId).not.toBe(first.versionId)
    expect(updated.branchId).toBe(first.branchId)

    const version = await agents().versions.get(agentId, updated.versionId as string)
    expect(version).toMatchObject({
      id: updated.versionId,
      agentId,
      branchId: first.branchId,
      versionDescription: 'Friendlier greeting',
      seqNoInBranch: 1,
      parents: { inBranchParentId: first.versionId },
    })
    expect(version.timeCommittedSecs).toBeGreaterThan(0)
    // The first version still holds the configuration it froze.
    const old = await agents().get(agentId, { versionId: first.versionId })
    expect(old.conversationConfig.agent?.firstMessage).toBe('Hello.')
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Welcome!')

    expect(await refusal(agents().versions.get(agentId, 'agtvrsn_unknown'))).toMatchObject({
      status: 404,
      code: 'agent_version_not_found',
    })
  })
})

describe('agent branches and drafts', () => {
  it('creates, lists, reads, renames and archives branches', async () => {
    const agentId = await newAgent('Hello.')
    const main = await mainOf(agentId)
    const created = await branchFrom(agentId, main.versionId, 'warmer', 'Hi there, friend!')
    expect(created.createdBranchId).toMatch(/^agtbrch_/)

    const list = await agents().branches.list(agentId)
    expect(list.results.map((b) => [b.name, b.currentLivePercentage])).toEqual([
      ['Main', 100],
      ['warmer', 0],
    ])
    const branch = await agents().branches.get(agentId, created.createdBranchId)
    expect(branch.parentBranch).toEqual({ id: main.branchId, name: 'Main' })
    expect(branch.mostRecentVersions?.[0]).toMatchObject({
      id: created.createdVersionId,
      parents: { outOfBranchParentId: main.versionId },
    })
    const atBranch = await agents().get(agentId, { branchId: created.createdBranchId })
    expect(atBranch.conversationConfig.agent?.firstMessage).toBe('Hi there, friend!')
    expect(atBranch.conversationConfig.agent?.prompt?.prompt).toBe('You greet visitors.')
    // Main is untouched by the branch.
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Hello.')

    expect(await refusal(branchFrom(agentId, main.versionId, 'warmer', 'again'))).toMatchObject({
      status: 409,
      code: 'agent_branch_name_taken',
    })
    expect(await refusal(branchFrom(agentId, 'agtvrsn_nope', 'other', 'x'))).toMatchObject({ status: 404 })
    expect(
      await refusal(agents().branches.update(agentId, main.branchId, { isArchived: true })),
    ).toMatchObject({ status: 409, code: 'agent_main_branch' })

    const renamed = await agents().branches.update(agentId, created.createdBranchId, {
      name: 'warm',
      isArchived: true,
    })
    expect(renamed).toMatchObject({ name: 'warm', isArchived: true })
    expect((await agents().branches.list(agentId)).results).toHaveLength(1)
    expect((await agents().branches.list(agentId, { includeArchived: true })).results).toHaveLength(2)
    expect(await refusal(agents().branches.get(agentId, 'agtbrch_unknown'))).toMatchObject({
      status: 404,
      code: 'agent_branch_not_found',
    })
  })

  it('keeps a draft per branch and commits it into a version', async () => {
    const agentId = await newAgent('Hello.')
    const main = await mainOf(agentId)
    const { createdBranchId } = await branchFrom(agentId, main.versionId, 'draft-test', 'Hi!')
    const current = await agents().get(agentId, { branchId: createdBranchId })
    await agents().drafts.create(agentId, {
      branchId: createdBranchId,
      conversationConfig: { ...current.conversationConfig, agent: { first_message: 'Draft greeting' } },
      platformSettings: {},
      workflow: {},
      name: 'Front desk',
    })
    const listed = (await agents().branches.list(agentId)).results.find((b) => b.id === createdBranchId)
    expect(listed?.draftExists).toBe(true)
    // The draft takes no traffic and is not a version yet.
    expect(
      (await agents().get(agentId, { branchId: createdBranchId })).conversationConfig.agent?.firstMessage,
    ).toBe('Hi!')

    // Saving on the branch starts from its draft and commits it.
    const committed = await agents().update(agentId, {
      branchId: createdBranchId,
      versionDescription: 'From draft',
    })
    expect(committed.branchId).toBe(createdBranchId)
    expect(committed.conversationConfig.agent?.firstMessage).toBe('Draft greeting')
    const version = await agents().versions.get(agentId, committed.versionId as string)
    expect(version).toMatchObject({
      branchId: createdBranchId,
      seqNoInBranch: 1,
      versionDescription: 'From draft',
    })
    const after = (await agents().branches.list(agentId)).results.find((b) => b.id === createdBranchId)
    expect(after?.draftExists).toBe(false)
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Hello.')

    await agents().drafts.create(agentId, {
      branchId: createdBranchId,
      conversationConfig: {},
      platformSettings: {},
      workflow: {},
      name: 'Front desk',
    })
    await agents().drafts.delete(agentId, { branchId: createdBranchId })
    expect(await refusal(agents().drafts.delete(agentId, { branchId: createdBranchId }))).toMatchObject({
      status: 404,
      code: 'agent_draft_not_found',
    })
    expect(
      await refusal(
        agents().drafts.create(agentId, {
          branchId: 'agtbrch_unknown',
          conversationConfig: {},
          platformSettings: {},
          workflow: {},
          name: 'x',
        }),
      ),
    ).toMatchObject({ status: 404, code: 'agent_branch_not_found' })
  })
})

describe('deployments', () => {
  it('splits traffic across branches, refusing splits that do not add up to 100 and unknown branches', async () => {
    const agentId = await newAgent('Hello.')
    const main = await mainOf(agentId)
    const { createdBranchId } = await branchFrom(agentId, main.versionId, 'canary', 'Hi!')
    const split = (mainShare: number, branchShare: number, branch = createdBranchId) =>
      agents().deployments.create(agentId, {
        deploymentRequest: {
          requests: [
            {
              branchId: main.branchId,
              deploymentStrategy: { type: 'percentage', trafficPercentage: mainShare },
            },
            { branchId: branch, deploymentStrategy: { type: 'percentage', trafficPercentage: branchShare } },
          ],
        },
      })
    expect(await refusal(split(60, 50))).toMatchObject({
      status: 422,
      code: 'agent_traffic_invalid',
      message: AGENT_TRAFFIC_RULE,
    })
    expect(await refusal(split(50, 40))).toMatchObject({ status: 422, code: 'agent_traffic_invalid' })
    expect(await refusal(split(50, 50, 'agtbrch_unknown'))).toMatchObject({
      status: 404,
      code: 'agent_branch_not_found',
    })
    // Nothing was written by the refused deployments.
    expect((await agents().deployments.list(agentId)).results).toHaveLength(0)

    const deployed = await split(70, 30)
    expect(deployed.trafficPercentageBranchIdMap).toEqual({ [main.branchId]: 70, [createdBranchId]: 30 })
    const history = await agents().deployments.list(agentId)
    expect(history.results[0]).toMatchObject({ isActive: true, source: 'manual' })
    const shares = (await agents().branches.list(agentId)).results.map((b) => b.currentLivePercentage)
    expect(shares).toEqual([70, 30])
    expect(
      await refusal(agents().branches.update(agentId, createdBranchId, { isArchived: true })),
    ).toMatchObject({ status: 409, code: 'agent_branch_live' })
  })
})

describe('merges', () => {
  it('previews and merges a branch into main, and refuses a conflicting merge unless forced', async () => {
    const agentId = await newAgent('Hello.')
    const main = await mainOf(agentId)
    const { createdBranchId } = await branchFrom(agentId, main.versionId, 'feature', 'Good day!')
    await agents().update(agentId, {
      branchId: createdBranchId,
      conversationConfig: { agent: { prompt: { prompt: 'You greet visitors warmly.' } } },
    })

    const preview = await agents().branches.previewMerge(agentId, createdBranchId, {
      targetBranchId: main.branchId,
    })
    expect(preview.conflicts).toEqual([])
    expect(preview.sourceIdenticalToTarget).toBe(false)
    expect(preview.conversationConfig.agent?.firstMessage).toBe('Good day!')
    expect(preview.conversationConfig.agent?.prompt?.prompt).toBe('You greet visitors warmly.')
    // A preview changes nothing.
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Hello.')

    await agents().branches.merge(agentId, createdBranchId, { targetBranchId: main.branchId })
    const merged = await agents().get(agentId)
    expect(merged.conversationConfig.agent?.firstMessage).toBe('Good day!')
    const mergeVersion = await agents().versions.get(agentId, merged.versionId as string)
    expect(mergeVersion.parents).toMatchObject({ mergedFromBranchId: createdBranchId })

    // Both sides change the first message: a conflict.
    await agents().update(agentId, { conversationConfig: { agent: { firstMessage: 'Main says hi.' } } })
    await agents().update(agentId, {
      branchId: createdBranchId,
      conversationConfig: { agent: { firstMessage: 'Branch says hi.' } },
    })
    const conflicted = await agents().branches.previewMerge(agentId, createdBranchId, {
      targetBranchId: main.branchId,
    })
    expect(conflicted.conflicts).toEqual([
      {
        path: 'conversation_config.agent.first_message',
        section: 'conversation_config',
        baseValue: 'Good day!',
        sourceValue: 'Branch says hi.',
        targetValue: 'Main says hi.',
      },
    ])
    const refused = await refusal(
      agents().branches.merge(agentId, createdBranchId, { targetBranchId: main.branchId }),
    )
    expect(refused).toMatchObject({ status: 409, code: 'agent_merge_conflict' })
    expect(refused.message).toContain('conversation_config.agent.first_message')
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Main says hi.')

    await agents().branches.merge(agentId, createdBranchId, {
      targetBranchId: main.branchId,
      force: true,
      archiveSourceBranch: true,
    })
    expect((await agents().get(agentId)).conversationConfig.agent?.firstMessage).toBe('Branch says hi.')
    const source = await agents().branches.get(agentId, createdBranchId)
    expect(source.isArchived).toBe(true)
    expect(
      await refusal(agents().branches.merge(agentId, main.branchId, { targetBranchId: main.branchId })),
    ).toMatchObject({ status: 422, code: 'agent_merge_same_branch' })
  })
})

describe('another workspace', () => {
  it('finds none of the agent’s branches, versions, drafts, deployments or merges', async () => {
    const agentId = await newAgent('Hello.')
    const main = await mainOf(agentId)
    const other = outsiderSdk.conversationalAi.agents
    const calls: Array<() => Promise<unknown>> = [
      () => other.branches.list(agentId),
      () => other.branches.get(agentId, main.branchId),
      () => other.branches.create(agentId, { parentVersionId: main.versionId, name: 'x', description: '' }),
      () => other.versions.get(agentId, main.versionId),
      () => other.drafts.delete(agentId, { branchId: main.branchId }),
      () =>
        other.deployments.create(agentId, {
          deploymentRequest: {
            requests: [{ branchId: main.branchId, deploymentStrategy: { trafficPercentage: 100 } }],
          },
        }),
      () => other.branches.merge(agentId, main.branchId, { targetBranchId: main.branchId }),
    ]
    for (const call of calls)
      expect(await refusal(call())).toMatchObject({ status: 404, code: 'agent_not_found' })
  })
})

/** Opens a text conversation, waits for the agent's greeting and hangs up. */
async function converse(agentId: string): Promise<{ id: string; greeting: string }> {
  const { signedUrl } = await sdk.conversationalAi.conversations.getSignedUrl({ agentId })
  const socket = new WebSocket(signedUrl.replace(/^ws:\/\/[^/]+/, address.replace(/^http/, 'ws')))
  const received: Array<Record<string, unknown>> = []
  const greeted = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      received.push(JSON.parse(data.toString()))
      if (received.some((m) => m.type === 'agent_response')) resolve()
    }),
  )
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }))
  await greeted
  const closed = new Promise((resolve) => socket.on('close', resolve))
  socket.close()
  await closed
  const metadata = received.find((m) => m.type === 'conversation_initiation_metadata') as {
    conversation_initiation_metadata_event: { conversation_id: string }
  }
  const response = received.find((m) => m.type === 'agent_response') as {
    agent_response_event: { agent_response: string }
  }
  return {
    id: metadata.conversation_initiation_metadata_event.conversation_id,
    greeting: response.agent_response_event.agent_response,
  }
}

describe('the traffic split in live conversations', () => {
  it('spreads conversation ids over the split in its proportions', () => {
    const split = { agtbrch_a: 30, agtbrch_b: 70 }
    const counts: Record<string, number> = { agtbrch_a: 0, agtbrch_b: 0 }
    for (let i = 0; i < 20_000; i++) {
      const branch = pickBranch(split, `conv_${i.toString(36)}_${(i * 7919).toString(16)}`) as string
      counts[branch] = (counts[branch] ?? 0) + 1
    }
    // Within two points of the split (about eight standard deviations at this count).
    expect(Math.abs((counts.agtbrch_a as number) / 200 - 30)).toBeLessThan(2)
    expect(pickBranch(split, 'conv_same')).toBe(pickBranch(split, 'conv_same'))
  })

  it('runs each conversation on the branch its id falls on, at that branch’s version, and records both', async () => {
    const agentId = await newAgent('Main greeting.')
    const main = await mainOf(agentId)
    const branch = await branchFrom(agentId, main.versionId, 'experiment', 'Branch greeting.')
    const split = { [main.branchId]: 30, [branch.createdBranchId]: 70 }
    await agents().deployments.create(agentId, {
      deploymentRequest: {
        requests: Object.entries(split).map(([branchId, trafficPercentage]) => ({
          branchId,
          deploymentStrategy: { type: 'percentage' as const, trafficPercentage },
        })),
      },
    })
    const greetings = {
      [main.branchId]: { text: 'Main greeting.', version: main.versionId },
      [branch.createdBranchId]: { text: 'Branch greeting.', version: branch.createdVersionId },
    }
    const landed: Record<string, number> = { [main.branchId]: 0, [branch.createdBranchId]: 0 }
    for (let i = 0; i < 30; i++) {
      const { id, greeting } = await converse(agentId)
      const record = await sdk.conversationalAi.conversations.get(id)
      const expected = pickBranch(split, id) as string
      expect(record.branchId).toBe(expected)
      expect(record.versionId).toBe(greetings[expected]?.version)
      expect(greeting).toBe(greetings[expected]?.text)
      landed[expected] = (landed[expected] ?? 0) + 1
    }
    // Both branches took calls (all 30 on one side has a chance below one in a million).
    expect(landed[main.branchId]).toBeGreaterThan(0)
    expect(landed[branch.createdBranchId]).toBeGreaterThan(0)
    const calls = (await agents().branches.list(agentId)).results.map((b) => b.calls7D)
    expect(calls).toEqual([landed[main.branchId], landed[branch.createdBranchId]])
  }, 120_000)
})
