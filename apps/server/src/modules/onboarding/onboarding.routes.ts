import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  checklist,
  hideBody,
  surveyBody,
  surveyResult,
  surveyState,
  updateBody,
} from './onboarding.schemas.js'
import type { OnboardingService } from './onboarding.service.js'

const tags = ['onboarding']
const config = { scope: 'user' as const }
const reply = { 200: checklist }

export function onboardingRoutes(onboarding: OnboardingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/onboarding/checklist',
      {
        config,
        schema: {
          tags,
          summary: 'The onboarding checklist, with the steps the server has seen done recorded',
          response: reply,
        },
      },
      async (request) => onboarding.load(requirePrincipal(request)),
    )

    app.post(
      '/v1/onboarding/checklist/initiate',
      { config, schema: { tags, summary: 'Start the onboarding checklist (idempotent)', response: reply } },
      async (request) => onboarding.initiate(requirePrincipal(request)),
    )

    app.post(
      '/v1/onboarding/checklist/update',
      {
        config,
        schema: {
          tags,
          summary: 'Report that a checklist step happened (steps the server can see are checked)',
          body: updateBody,
          response: reply,
        },
      },
      async (request) => onboarding.update(requirePrincipal(request), request.body.item_id),
    )

    app.post(
      '/v1/onboarding/checklist/hide',
      {
        config,
        schema: { tags, summary: 'Hide (or show again) the checklist', body: hideBody, response: reply },
      },
      async (request) => onboarding.hide(requirePrincipal(request), request.body.hidden),
    )

    app.post(
      '/v1/onboarding/checklist/mark-complete',
      { config, schema: { tags, summary: 'Mark the checklist complete', response: reply } },
      async (request) => onboarding.markComplete(requirePrincipal(request)),
    )

    app.get(
      '/v1/onboarding/survey',
      { config, schema: { tags, summary: 'The onboarding survey answers', response: { 200: surveyState } } },
      async (request) => onboarding.survey(requirePrincipal(request)),
    )

    app.post(
      '/v1/onboarding/survey/complete',
      {
        config,
        schema: {
          tags,
          summary: 'Answer (or skip, with an empty body) the survey after sign-up',
          body: surveyBody,
          response: { 200: surveyResult },
        },
      },
      async (request) => onboarding.completeSurvey(requirePrincipal(request), request.body),
    )
  }
}
