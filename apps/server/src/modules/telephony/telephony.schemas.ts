import { BATCH_NAME_MAX, BATCH_RECIPIENTS_MAX, SIP_MEDIA_ENCRYPTION, SIP_TRANSPORTS } from '@timbre/contract'
import { z } from 'zod'

// The public API's shapes for phone numbers, outbound calls and batch calls (ElevenLabs' names).

export const json = z.record(z.string(), z.unknown())
const id = z.string().min(1).max(64)
const credentials = z.object({
  username: z.string().min(1).max(200),
  password: z.string().max(500).nullish(),
})

const trunk = z.object({
  address: z.string().min(1).max(300),
  transport: z.enum(SIP_TRANSPORTS).nullish(),
  media_encryption: z.enum(SIP_MEDIA_ENCRYPTION).nullish(),
  headers: z.record(z.string().max(100), z.string().max(500)).nullish(),
  credentials: credentials.nullish(),
})
export type TrunkConfig = z.infer<typeof trunk>

const inbound = z.object({
  allowed_addresses: z.array(z.string().max(100)).max(100).nullish(),
  allowed_numbers: z.array(z.string().max(20)).max(100).nullish(),
  media_encryption: z.enum(SIP_MEDIA_ENCRYPTION).nullish(),
  credentials: credentials.nullish(),
})

export const phoneNumberBody = z.object({
  provider: z.enum(['twilio', 'sip_trunk']).default('twilio'),
  phone_number: z.string().min(1).max(30),
  label: z.string().trim().min(1).max(200),
  supports_inbound: z.boolean().nullish(),
  supports_outbound: z.boolean().nullish(),
  agent_id: id.nullish(),
  sid: z.string().max(100).nullish(),
  token: z.string().max(200).nullish(),
  outbound_trunk_config: trunk.nullish(),
  inbound_trunk_config: inbound.nullish(),
})
export type PhoneNumberBody = z.infer<typeof phoneNumberBody>

export const phoneNumberUpdate = z.object({
  agent_id: id.nullish(),
  label: z.string().trim().min(1).max(200).nullish(),
  outbound_trunk_config: trunk.nullish(),
  inbound_trunk_config: inbound.nullish(),
})
export type PhoneNumberUpdate = z.infer<typeof phoneNumberUpdate>

export const phoneNumberParams = z.object({ phone_number_id: id })
export const batchParams = z.object({ batch_id: id })

const clientData = json.nullish()

export const outboundCallBody = z.object({
  agent_id: id,
  agent_phone_number_id: id,
  to_number: z.string().min(1).max(30),
  conversation_initiation_client_data: clientData,
  call_recording_enabled: z.boolean().nullish(),
  telephony_call_config: json.nullish(),
})

export const batchBody = z.object({
  call_name: z.string().trim().min(1).max(BATCH_NAME_MAX),
  agent_id: id,
  agent_phone_number_id: id.nullish(),
  recipients: z
    .array(
      z.object({
        id: z.string().max(64).nullish(),
        phone_number: z.string().max(30).nullish(),
        conversation_initiation_client_data: clientData,
      }),
    )
    .max(BATCH_RECIPIENTS_MAX),
  scheduled_time_unix: z.number().int().min(0).nullish(),
  timezone: z.string().max(64).nullish(),
  target_concurrency_limit: z.number().int().min(1).max(1000).nullish(),
  telephony_call_config: json.nullish(),
})
export type BatchBody = z.infer<typeof batchBody>

export const batchListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  last_doc: z.string().max(200).optional(),
  agent_id: id.optional(),
})
