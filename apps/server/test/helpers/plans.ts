import type { DatabaseHandle } from '../../src/db/database.js'
import { workspaceIdOf } from './factories.js'

/** Puts a user's workspace on a plan with a given character count and limit. */
export async function setPlan(
  database: DatabaseHandle,
  userId: string,
  plan: { tier?: string; status?: string; characterCount?: number; characterLimit?: number },
): Promise<string> {
  const workspaceId = await workspaceIdOf(database.db, userId)
  const patch = {
    ...(plan.tier ? { tier: plan.tier } : {}),
    ...(plan.status ? { status: plan.status } : {}),
    ...(plan.characterCount !== undefined ? { character_count: plan.characterCount } : {}),
    ...(plan.characterLimit !== undefined ? { character_limit: plan.characterLimit } : {}),
  }
  if (Object.keys(patch).length > 0) {
    await database.db
      .updateTable('subscriptions')
      .set(patch)
      .where('workspace_id', '=', workspaceId)
      .execute()
  }
  return workspaceId
}

export async function characterCount(database: DatabaseHandle, workspaceId: string): Promise<number> {
  const row = await database.db
    .selectFrom('subscriptions')
    .select('character_count')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow()
  return row.character_count
}

/** An active Pro plan with nothing used and room for long generations; the workspace id. */
export function setProPlan(database: DatabaseHandle, userId: string): Promise<string> {
  return setPlan(database, userId, {
    tier: 'pro',
    status: 'active',
    characterCount: 0,
    characterLimit: 500_000,
  })
}
