import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { UserService } from './user.service.js'

const tags = ['user']
const userScope = { scope: 'user' as const }

// Declared field by field (a test compares the document with the committed contract), so the
// web client and the SDKs see every field the server sends.
const subscription = z
  .object({
    tier: z.string(),
    character_count: z.number(),
    character_limit: z.number(),
    max_character_limit_extension: z.number().nullable(),
    max_credit_limit_extension: z.union([z.number(), z.literal('unlimited')]),
    can_extend_character_limit: z.boolean(),
    allowed_to_extend_character_limit: z.boolean(),
    next_character_count_reset_unix: z.number(),
    voice_slots_used: z.number(),
    professional_voice_slots_used: z.number(),
    professional_voice_slots_used_in_workspace: z.number(),
    voice_limit: z.number(),
    max_voice_add_edits: z.number(),
    voice_add_edit_counter: z.number(),
    professional_voice_limit: z.number(),
    can_extend_voice_limit: z.boolean(),
    can_use_instant_voice_cloning: z.boolean(),
    can_use_professional_voice_cloning: z.boolean(),
    currency: z.enum(['usd', 'eur']),
    current_overage: z.object({ amount: z.string(), currency: z.enum(['usd', 'eur']) }),
    status: z.string(),
    billing_period: z.string(),
    character_refresh_period: z.string(),
    has_open_invoices: z.boolean(),
    open_invoices: z.array(z.unknown()),
    // The public API's invoice and pending-change objects.
    next_invoice: z
      .object({
        amount_due_cents: z.number(),
        discount_percent_off: z.number().nullable(),
        discount_amount_off: z.number().nullable(),
        next_payment_attempt_unix: z.number(),
        discounts: z.array(z.unknown()),
        payment_intent_statusses: z.array(z.string()),
      })
      .nullable(),
    pending_change: z
      .union([
        z.object({ kind: z.literal('cancellation'), timestamp_seconds: z.number() }),
        z.object({
          kind: z.literal('change'),
          next_tier: z.string(),
          next_billing_period: z.string(),
          timestamp_seconds: z.number(),
        }),
      ])
      .nullable(),
    is_paid: z.boolean(),
  })
  .meta({ id: 'Subscription' })

const user = z
  .object({
    user_id: z.string(),
    workspace_id: z.string(),
    email: z.string(),
    first_name: z.string().nullable(),
    is_email_verified: z.boolean(),
    is_new_user: z.boolean(),
    created_at: z.number(),
    created_at_unix: z.number(),
    public_user_id: z.string(),
    xi_api_key: z.string().nullable(),
    xi_api_key_preview: z.string().nullable(),
    is_api_key_hashed: z.boolean(),
    is_onboarding_completed: z.boolean(),
    is_onboarding_checklist_completed: z.boolean(),
    is_producer: z.boolean(),
    seat_type: z.enum(['workspace_admin', 'workspace_member', 'workspace_lite_member']),
    locale: z.string().nullable(),
    can_use_delayed_payment_methods: z.boolean(),
    subscription,
  })
  .meta({ id: 'User' })

export function userRoutes(users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/user',
      {
        config: { ...userScope, mfaSetup: true },
        schema: { tags, summary: 'The signed-in user', response: { 200: user } },
      },
      async (request) => users.getUser(requirePrincipal(request).userId),
    )

    app.get(
      '/v1/user/subscription',
      {
        config: userScope,
        schema: { tags, summary: "The workspace's subscription", response: { 200: subscription } },
      },
      async (request) => users.loadSubscription(requirePrincipal(request).workspaceId),
    )

    app.get(
      '/v1/auth-account',
      {
        config: userScope,
        schema: {
          tags,
          summary: 'The sign-in account',
          response: {
            200: z.object({
              auth_account_id: z.string(),
              email: z.string(),
              email_verified: z.boolean(),
              locale: z.string().nullable(),
              ccpa_opt_out: z.boolean(),
              account_metadata: z.object({
                agrees_to_product_updates: z.boolean(),
                accepted_bipa_terms: z.boolean(),
              }),
            }),
          },
        },
      },
      async (request) => users.getAuthAccount(requirePrincipal(request).userId),
    )

    app.post(
      '/v1/user/set-locale',
      {
        config: userScope,
        schema: {
          tags,
          summary: 'Set the interface locale',
          body: z.strictObject({ locale: z.string().max(16) }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await users.setLocale(requirePrincipal(request).userId, request.body.locale)
        return {}
      },
    )

    app.post(
      '/v1/user/edit-user-metadata',
      {
        config: userScope,
        schema: {
          tags,
          summary: 'Edit profile fields',
          body: z.strictObject({
            first_name: z.string().max(100).nullable().optional(),
            agrees_to_product_updates: z.boolean().optional(),
            accepted_bipa_terms: z.boolean().optional(),
          }),
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        await users.editMetadata(requirePrincipal(request).userId, request.body)
        return {}
      },
    )

    app.delete(
      '/v1/user',
      {
        config: { apiKeys: false },
        schema: {
          tags,
          summary: 'Delete the account (type your own email to confirm)',
          body: z.strictObject({ email: z.string().max(254) }),
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await users.deleteAccount(requirePrincipal(request).userId, request.body.email)
        return reply.status(204).send(null)
      },
    )
  }
}
