import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  json,
  outboundCallBody,
  phoneNumberBody,
  phoneNumberParams,
  phoneNumberUpdate,
} from './telephony.schemas.js'
import type { TelephonyService } from './telephony.service.js'

const tags = ['telephony']
const config = { scope: 'convai' as const }
const callResult = z.object({
  success: z.boolean(),
  message: z.string(),
  conversation_id: z.string().nullish(),
  callSid: z.string().optional(),
  sip_call_id: z.string().optional(),
})

// Phone numbers under /v1/convai/phone-numbers, and outbound calls through them.
export function phoneNumbersRoutes(service: TelephonyService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/phone-numbers',
      {
        config,
        schema: {
          tags,
          summary: 'Add a Twilio or SIP trunk number',
          body: phoneNumberBody,
          response: { 200: z.object({ phone_number_id: z.string() }) },
        },
      },
      async (request) => service.createPhoneNumber(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/convai/phone-numbers',
      {
        config,
        schema: { tags, summary: 'The workspace’s phone numbers', response: { 200: z.array(json) } },
      },
      async (request) => service.listPhoneNumbers(requirePrincipal(request)),
    )
    app.get(
      '/v1/convai/phone-numbers/:phone_number_id',
      {
        config,
        schema: { tags, summary: 'A phone number', params: phoneNumberParams, response: { 200: json } },
      },
      async (request) => service.getPhoneNumber(requirePrincipal(request), request.params.phone_number_id),
    )
    app.patch(
      '/v1/convai/phone-numbers/:phone_number_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change a phone number',
          params: phoneNumberParams,
          body: phoneNumberUpdate,
          response: { 200: json },
        },
      },
      async (request) =>
        service.updatePhoneNumber(requirePrincipal(request), request.params.phone_number_id, request.body),
    )
    app.delete(
      '/v1/convai/phone-numbers/:phone_number_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a phone number',
          params: phoneNumberParams,
          response: { 200: json },
        },
      },
      async (request) => service.deletePhoneNumber(requirePrincipal(request), request.params.phone_number_id),
    )
    app.post(
      '/v1/convai/twilio/outbound-call',
      {
        config,
        schema: {
          tags,
          summary: 'Call a number through Twilio',
          body: outboundCallBody,
          response: { 200: callResult },
        },
      },
      async (request) => service.outboundCall(requirePrincipal(request), 'twilio', request.body),
    )
    app.post(
      '/v1/convai/sip-trunk/outbound-call',
      {
        config,
        schema: {
          tags,
          summary: 'Call a number through a SIP trunk',
          body: outboundCallBody,
          response: { 200: callResult },
        },
      },
      async (request) => service.outboundCall(requirePrincipal(request), 'sip_trunk', request.body),
    )
  }
}
