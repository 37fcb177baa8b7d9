import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { folderParams, json, listQuery, testBody, testParams, testSummary } from './agent-testing.schemas.js'
import type { AgentTestingService } from './agent-testing.service.js'

const tags = ['agent-testing']
const config = { scope: 'convai' as const }
const folderBody = z.object({
  name: z.string().trim().min(1).max(200),
  parent_folder_id: z.string().max(64).nullish(),
})
const folderView = z.object({
  id: z.string(),
  name: z.string(),
  folder_path: z.array(z.object({ id: z.string(), name: z.string() })),
  children_count: z.number(),
})

// Tests and folders under /v1/convai/agent-testing.
export function agentTestingRoutes(service: AgentTestingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/agent-testing/create',
      {
        config,
        schema: {
          tags,
          summary: 'Create a test',
          body: testBody,
          response: { 200: z.object({ id: z.string() }) },
        },
      },
      async (request) => service.createTest(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/convai/agent-testing',
      {
        config,
        schema: {
          tags,
          summary: 'Tests (and folders) in a folder',
          querystring: listQuery,
          response: {
            200: z.object({
              tests: z.array(testSummary),
              next_cursor: z.string().nullable(),
              has_more: z.boolean(),
            }),
          },
        },
      },
      async (request) => {
        const { types, ...rest } = request.query
        return service.listTests(requirePrincipal(request), {
          ...rest,
          types: types === undefined ? undefined : Array.isArray(types) ? types : [types],
        })
      },
    )
    app.post(
      '/v1/convai/agent-testing/summaries',
      {
        config,
        schema: {
          tags,
          summary: 'Summaries of tests by id',
          body: z.object({ test_ids: z.array(z.string().min(1).max(64)).min(1).max(100) }),
          response: { 200: z.object({ tests: z.record(z.string(), testSummary) }) },
        },
      },
      async (request) => service.testSummaries(requirePrincipal(request), request.body.test_ids),
    )
    app.post(
      '/v1/convai/agent-testing/bulk-move',
      {
        config,
        schema: {
          tags,
          summary: 'Move tests into a folder (or to the top)',
          body: z.object({
            entity_ids: z.array(z.string().min(1).max(64)).min(1).max(100),
            move_to: z.string().max(64).nullish(),
          }),
          response: { 200: json },
        },
      },
      async (request) => service.moveTests(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/convai/agent-testing/:test_id',
      { config, schema: { tags, summary: 'A test', params: testParams, response: { 200: json } } },
      async (request) => service.getTest(requirePrincipal(request), request.params.test_id),
    )
    app.put(
      '/v1/convai/agent-testing/:test_id',
      {
        config,
        schema: {
          tags,
          summary: 'Change a test',
          params: testParams,
          body: testBody,
          response: { 200: json },
        },
      },
      async (request) => service.updateTest(requirePrincipal(request), request.params.test_id, request.body),
    )
    app.delete(
      '/v1/convai/agent-testing/:test_id',
      { config, schema: { tags, summary: 'Delete a test', params: testParams, response: { 200: json } } },
      async (request) => service.deleteTest(requirePrincipal(request), request.params.test_id),
    )
  }
}

// Test folders under /v1/convai/agent-testing/folders.
export function testFoldersRoutes(service: AgentTestingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/v1/convai/agent-testing/folders',
      {
        config,
        schema: {
          tags,
          summary: 'Create a test folder',
          body: folderBody,
          response: { 200: z.object({ id: z.string(), name: z.string() }) },
        },
      },
      async (request) => service.createFolder(requirePrincipal(request), request.body),
    )
    app.get(
      '/v1/convai/agent-testing/folders/:folder_id',
      {
        config,
        schema: { tags, summary: 'A test folder', params: folderParams, response: { 200: folderView } },
      },
      async (request) => service.getFolder(requirePrincipal(request), request.params.folder_id),
    )
    app.patch(
      '/v1/convai/agent-testing/folders/:folder_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a test folder',
          params: folderParams,
          body: z.object({ name: z.string().trim().min(1).max(200) }),
          response: { 200: folderView },
        },
      },
      async (request) =>
        service.renameFolder(requirePrincipal(request), request.params.folder_id, request.body.name),
    )
    app.delete(
      '/v1/convai/agent-testing/folders/:folder_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a test folder (with force, what it holds too)',
          params: folderParams,
          querystring: z.object({ force: z.enum(['true', 'false']).optional() }),
          response: { 200: json },
        },
      },
      async (request) => {
        await service.deleteFolder(
          requirePrincipal(request),
          request.params.folder_id,
          request.query.force === 'true',
        )
        return {}
      },
    )
  }
}
