import { CURRENCIES, planOffers } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

const tags = ['billing']

const offerPrice = z.object({
  price: z.number().nullable(),
  discounted_price: z.number().nullable(),
  period: z.enum(['month', 'year']),
  discount_message: z.string().nullable(),
  billed_amount_cents: z.number().nullable(),
})

const planOffer = z
  .object({
    name: z.string(),
    id: z.string(),
    plan_id: z.string(),
    plan_type: z.enum(['individual', 'company', 'grant']),
    currency: z.enum(CURRENCIES),
    character_limit: z.number(),
    audio_limit_minutes: z.number(),
    description: z.string(),
    benefits: z.array(z.string()),
    most_popular: z.boolean(),
    enterprise: z.boolean(),
    usage: z.object({
      monthly_character_limit: z.number(),
      additional_characters_cost: z.number().nullable(),
      custom_voices_limit: z.number(),
    }),
    quality_and_formats: z.array(z.string()),
    features: z.record(z.string(), z.boolean()),
    products: z.record(z.string(), z.boolean()),
    pricing: z.object({ monthly: offerPrice, yearly: offerPrice }),
    speech: z.array(z.string()),
    dubbing: z.array(z.string()),
    sound_effects: z.array(z.string()),
    studio: z.array(z.string()),
    conversational_ai: z.array(z.string()),
    audio_native: z.array(z.string()),
    voice_isolator: z.array(z.string()),
    speech_to_text: z.array(z.string()),
    music: z.array(z.string()),
  })
  .meta({ id: 'PlanOffer' })

/** The pricing page's plans: public, since visitors see prices before they sign up. */
export function plansRoutes(deps: { testMode: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/billing/plans',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: 'The plan offers of the pricing page, in one currency',
          querystring: z.object({ currency: z.enum(CURRENCIES).default('usd') }),
          response: { 200: z.object({ plans: z.array(planOffer), test_mode: z.boolean() }) },
        },
      },
      async (request) => ({ plans: planOffers(request.query.currency), test_mode: deps.testMode }),
    )
  }
}
