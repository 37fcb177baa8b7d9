import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  agentParams,
  invocationListQuery,
  invocationParams,
  json,
  resubmitBody,
  runTestsBody,
} from './agent-testing.schemas.js'
import type { AgentTestingService } from './agent-testing.service.js'

const tags = ['agent-testing']
const config = { scope: 'convai' as const }

// Running tests on an agent, and the invocations they make under /v1/convai/test-invocations.
export function testInvocationsRoutes(service: AgentTestingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/agents/:agent_id/run-tests',
      {
        config,
        schema: {
          tags,
          summary: 'Run tests on an agent (a job; poll the invocation)',
          params: agentParams,
          body: runTestsBody,
          response: { 200: json },
        },
      },
      async (request) => service.runTests(requirePrincipal(request), request.params.agent_id, request.body),
    )
    app.get(
      '/v1/convai/test-invocations',
      {
        config,
        schema: {
          tags,
          summary: 'Test invocations, newest first',
          querystring: invocationListQuery,
          response: {
            200: z.object({
              results: z.array(json),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => service.listInvocations(requirePrincipal(request), request.query),
    )
    app.get(
      '/v1/convai/test-invocations/:test_invocation_id',
      {
        config,
        schema: {
          tags,
          summary: 'A test invocation with its runs',
          params: invocationParams,
          response: { 200: json },
        },
      },
      async (request) => service.getInvocation(requirePrincipal(request), request.params.test_invocation_id),
    )
    app.post(
      '/v1/convai/test-invocations/:test_invocation_id/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'Cancel the runs still to come',
          params: invocationParams,
          response: { 200: json },
        },
      },
      async (request) => {
        await service.cancelInvocation(requirePrincipal(request), request.params.test_invocation_id)
        return {}
      },
    )
    app.post(
      '/v1/convai/test-invocations/:test_invocation_id/resubmit',
      {
        config,
        schema: {
          tags,
          summary: 'Run some of its tests again',
          params: invocationParams,
          body: resubmitBody,
          response: { 200: json },
        },
      },
      async (request) =>
        service.resubmitInvocation(
          requirePrincipal(request),
          request.params.test_invocation_id,
          request.body,
        ),
    )
  }
}
