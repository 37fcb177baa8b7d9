import { randomBytes, timingSafeEqual } from 'node:crypto'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import { isAdmin, requireProducer } from './access.js'
import { producerStats } from './producer-work.use-case.js'
import type { ProductionsDeps } from './productions-deps.js'
import { parseQualifications } from './qualifications.js'
import { claimView } from './task-views.js'

// Producers' teams: a producer makes one (and is its first member) or joins one with the code
// its members share; a producer is in one team at a time. Members and administrators see the
// team, its members with their outcomes, and the tasks its members hold; others are told it
// does not exist.

const codesMatch = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

async function visibleTeam(deps: ProductionsDeps, principal: Principal, teamId: string) {
  const team = await deps.teams.team(teamId)
  if (!team) throw new AppError('production_not_found', { param: 'teamId' })
  const me = await deps.producers.producer(principal.userId)
  const member = me?.team_id === team.id
  if (!member && !isAdmin(deps, principal)) throw new AppError('production_not_found', { param: 'teamId' })
  return { team, member }
}

export async function createTeam(deps: ProductionsDeps, principal: Principal, name: string) {
  await requireProducer(deps, principal, 'me')
  const me = await deps.producers.producer(principal.userId)
  if (me?.team_id) throw new AppError('production_team_member')
  const id = newId()
  await deps.teams.insert({
    id,
    name,
    owner_id: principal.userId,
    join_code: randomBytes(9).toString('base64url'),
    created_at: deps.now(),
  })
  return getTeam(deps, principal, id)
}

export async function joinTeam(deps: ProductionsDeps, principal: Principal, teamId: string, code: string) {
  await requireProducer(deps, principal, 'me')
  const team = await deps.teams.team(teamId)
  if (!team || !codesMatch(team.join_code, code)) throw new AppError('production_team_code')
  const me = await deps.producers.producer(principal.userId)
  if (me?.team_id && me.team_id !== team.id) throw new AppError('production_team_member')
  await deps.teams.setTeam(principal.userId, team.id)
  return getTeam(deps, principal, team.id)
}

export async function leaveTeam(deps: ProductionsDeps, principal: Principal, teamId: string) {
  await requireProducer(deps, principal, 'me')
  const { member } = await visibleTeam(deps, principal, teamId)
  if (!member) throw new AppError('production_not_found', { param: 'teamId' })
  await deps.teams.setTeam(principal.userId, null)
  return { team_id: teamId, left: true }
}

/** The team and its members with their outcomes; the join code only for its members. */
export async function getTeam(deps: ProductionsDeps, principal: Principal, teamId: string) {
  const { team, member } = await visibleTeam(deps, principal, teamId)
  const rows = await deps.teams.members(team.id)
  const members = await Promise.all(
    rows.map(async (row) => {
      const stats = await producerStats(deps, principal, row.user_id, { trusted: true })
      return {
        user_id: row.user_id,
        first_name: row.first_name,
        email: row.email,
        is_owner: row.user_id === team.owner_id,
        qualifications: parseQualifications(row.qualifications),
        stats,
      }
    }),
  )
  return {
    team_id: team.id,
    name: team.name,
    owner_id: team.owner_id,
    join_code: member ? team.join_code : null,
    created_at_unix: Math.floor(new Date(team.created_at).getTime() / 1000),
    members,
  }
}

/** The tasks the team's producers hold or held. */
export async function teamTasks(deps: ProductionsDeps, principal: Principal, teamId: string) {
  const { team } = await visibleTeam(deps, principal, teamId)
  const now = deps.now()
  return { team_id: team.id, tasks: (await deps.claims.ofTeam(team.id)).map((c) => claimView(c, now)) }
}
