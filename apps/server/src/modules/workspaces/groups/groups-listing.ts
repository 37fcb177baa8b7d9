import type { Principal } from '../../../plugins/auth.js'
import { everyone, type GroupsDeps, normalise } from './groups-deps.js'

// Reading the groups: each with its members, where the Everyone group lists every member.

export const ensureEveryone = (deps: GroupsDeps, workspaceId: string) =>
  everyone(deps, undefined, workspaceId)

/** Every group keyed by id; the Everyone group lists every member. */
export async function list(deps: GroupsDeps, principal: Principal) {
  const { groups, workspaces } = deps
  await everyone(deps, undefined, principal.workspaceId)
  const [rows, emails, members] = await Promise.all([
    groups.listGroups(principal.workspaceId),
    groups.memberEmails(principal.workspaceId),
    workspaces.listMembers(principal.workspaceId),
  ])
  const all = members.map((m) => m.email)
  return Object.fromEntries(
    rows.map((g) => [
      g.id,
      {
        id: g.id,
        name: g.name,
        members: g.is_everyone ? all : (emails.get(g.id) ?? []),
        permissions: normalise(g.permissions),
        is_everyone: g.is_everyone,
        editor_access_to_new_resources: g.new_resource_editor,
      },
    ]),
  )
}

export async function search(deps: GroupsDeps, principal: Principal, name: string) {
  const { groups, workspaces } = deps
  await everyone(deps, undefined, principal.workspaceId)
  const [rows, emails, members] = await Promise.all([
    groups.searchByName(principal.workspaceId, name),
    groups.memberEmails(principal.workspaceId),
    workspaces.listMembers(principal.workspaceId),
  ])
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    members_emails: g.is_everyone ? members.map((m) => m.email) : (emails.get(g.id) ?? []),
  }))
}
