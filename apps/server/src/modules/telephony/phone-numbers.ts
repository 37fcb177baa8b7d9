import { E164_PATTERN } from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { PhoneNumberRow } from './phone-numbers.repository.js'
import type { TelephonyDeps } from './telephony.deps.js'
import type { PhoneNumberBody, PhoneNumberUpdate, TrunkConfig } from './telephony.schemas.js'

// Phone numbers: a Twilio number (account SID and auth token) or a SIP trunk's number (its
// termination address, transport, encryption and digest credentials). Secrets are sealed and
// never shown back.

interface Secrets {
  token?: string
  outbound_password?: string
  inbound_password?: string
}

function invalid(message: string, param: string): never {
  throw new AppError('phone_number_config_invalid', { message, param })
}

export function checkE164(number: string, param: string): string {
  const trimmed = number.replace(/[\s()-]/g, '')
  if (!E164_PATTERN.test(trimmed)) throw new AppError('phone_number_invalid', { param })
  return trimmed
}

/** A trunk's address: a host (or sip: URI) with an optional port; TLS where encryption is required. */
function checkTrunk(trunk: TrunkConfig | null | undefined, param: string) {
  if (!trunk) return null
  const address = trunk.address.replace(/^sips?:/, '')
  if (!/^[a-zA-Z0-9.-]+(:\d{1,5})?$/.test(address))
    invalid('The trunk address is a host name with an optional port.', `${param}.address`)
  const transport = trunk.transport ?? 'auto'
  const encryption = trunk.media_encryption ?? 'allowed'
  if (encryption === 'required' && transport !== 'tls')
    invalid('Media encryption is required on this trunk, so its transport must be TLS.', `${param}.transport`)
  return {
    address: trunk.address,
    transport,
    media_encryption: encryption,
    headers: trunk.headers ?? {},
    username: trunk.credentials?.username ?? null,
  }
}

async function checkAgent(deps: TelephonyDeps, principal: Principal, agentId: string | null | undefined) {
  if (!agentId) return null
  if (!(await deps.agents(principal.workspaceId, agentId)))
    throw new AppError('agent_not_found', { param: 'agent_id' })
  return agentId
}

export function secretsOf(deps: TelephonyDeps, row: PhoneNumberRow): Secrets {
  return row.secrets_sealed ? (JSON.parse(deps.secrets.open(row.secrets_sealed)) as Secrets) : {}
}

export async function createPhoneNumber(deps: TelephonyDeps, principal: Principal, body: PhoneNumberBody) {
  const phoneNumber = checkE164(body.phone_number, 'phone_number')
  const agentId = await checkAgent(deps, principal, body.agent_id)
  const secrets: Secrets = {}
  let config: Record<string, unknown>
  if (body.provider === 'twilio') {
    if (!body.sid || !/^AC[0-9a-fA-F]{32}$/.test(body.sid))
      invalid('sid is the Twilio account SID (AC…).', 'sid')
    if (!body.token) invalid('token is the Twilio auth token.', 'token')
    secrets.token = body.token
    config = { sid: body.sid }
  } else {
    config = {
      outbound_trunk: checkTrunk(body.outbound_trunk_config, 'outbound_trunk_config'),
      inbound_trunk: body.inbound_trunk_config
        ? {
            allowed_addresses: body.inbound_trunk_config.allowed_addresses ?? [],
            allowed_numbers: body.inbound_trunk_config.allowed_numbers ?? [],
            media_encryption: body.inbound_trunk_config.media_encryption ?? 'allowed',
            username: body.inbound_trunk_config.credentials?.username ?? null,
          }
        : null,
    }
    if (body.outbound_trunk_config?.credentials?.password)
      secrets.outbound_password = body.outbound_trunk_config.credentials.password
    if (body.inbound_trunk_config?.credentials?.password)
      secrets.inbound_password = body.inbound_trunk_config.credentials.password
  }
  const id = newId()
  const added = await deps.numbers.insert({
    id,
    workspaceId: principal.workspaceId,
    createdBy: principal.userId,
    provider: body.provider,
    phoneNumber,
    label: body.label,
    agentId,
    supportsInbound: body.supports_inbound ?? true,
    supportsOutbound: body.supports_outbound ?? true,
    config,
    secretsSealed: Object.keys(secrets).length ? deps.secrets.seal(JSON.stringify(secrets)) : null,
  })
  if (!added) throw new AppError('phone_number_taken', { param: 'phone_number' })
  return { phone_number_id: id }
}

async function rowOf(deps: TelephonyDeps, principal: Principal, id: string) {
  const row = await deps.numbers.find(principal.workspaceId, id)
  if (!row) throw new AppError('phone_number_not_found')
  return row
}

function trunkView(trunk: unknown, hasPassword: boolean) {
  if (!trunk || typeof trunk !== 'object') return undefined
  const t = trunk as Record<string, unknown>
  return { ...t, username: t.username ?? undefined, has_auth_credentials: hasPassword || Boolean(t.username) }
}

export async function phoneNumberView(deps: TelephonyDeps, row: PhoneNumberRow) {
  const agent = row.agent_id ? await deps.agents(row.workspace_id, row.agent_id) : null
  const secrets = secretsOf(deps, row)
  const base = {
    phone_number_id: row.id,
    phone_number: row.phone_number,
    label: row.label,
    provider: row.provider,
    supports_inbound: row.supports_inbound,
    supports_outbound: row.supports_outbound,
    assigned_agent: agent ? { agent_id: agent.id, agent_name: agent.name } : undefined,
  }
  if (row.provider === 'twilio') return base
  const outbound = trunkView(row.config.outbound_trunk, Boolean(secrets.outbound_password))
  return {
    ...base,
    livekit_stack: 'standard',
    provider_config: outbound,
    outbound_trunk: outbound,
    inbound_trunk: trunkView(row.config.inbound_trunk, Boolean(secrets.inbound_password)),
  }
}

export async function getPhoneNumber(deps: TelephonyDeps, principal: Principal, id: string) {
  return phoneNumberView(deps, await rowOf(deps, principal, id))
}

export async function listPhoneNumbers(deps: TelephonyDeps, principal: Principal) {
  return Promise.all(
    (await deps.numbers.list(principal.workspaceId)).map((row) => phoneNumberView(deps, row)),
  )
}

export async function updatePhoneNumber(
  deps: TelephonyDeps,
  principal: Principal,
  id: string,
  body: PhoneNumberUpdate,
) {
  const row = await rowOf(deps, principal, id)
  const agentId =
    body.agent_id === undefined ? row.agent_id : await checkAgent(deps, principal, body.agent_id)
  const config = { ...row.config }
  const secrets = secretsOf(deps, row)
  if (row.provider === 'sip_trunk' && body.outbound_trunk_config) {
    config.outbound_trunk = checkTrunk(body.outbound_trunk_config, 'outbound_trunk_config')
    if (body.outbound_trunk_config.credentials?.password)
      secrets.outbound_password = body.outbound_trunk_config.credentials.password
  }
  await deps.numbers.update(principal.workspaceId, id, {
    label: body.label ?? row.label,
    agentId,
    config,
    secretsSealed: Object.keys(secrets).length ? deps.secrets.seal(JSON.stringify(secrets)) : null,
  })
  return getPhoneNumber(deps, principal, id)
}

export async function deletePhoneNumber(deps: TelephonyDeps, principal: Principal, id: string) {
  if (!(await deps.numbers.delete(principal.workspaceId, id))) throw new AppError('phone_number_not_found')
  return {}
}
