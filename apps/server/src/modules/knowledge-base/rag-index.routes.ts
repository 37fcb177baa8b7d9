import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  chunkParams,
  chunkQuery,
  chunkResponse,
  chunksQuery,
  chunksResponse,
  computeBody,
  kbConfig as config,
  documentParams,
  indexesResponse,
  indexParams,
  indexResponse,
  overviewResponse,
  kbTags as tags,
} from './knowledge-base.schemas.js'
import type { KnowledgeBaseService } from './knowledge-base.service.js'

// A document's chunks and its retrieval indexes: compute (a job with a percent done), status,
// delete, and the workspace's index usage against its plan's limit.

export function ragIndexRoutes(service: KnowledgeBaseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/knowledge-base/:documentation_id/chunks',
      {
        config,
        schema: {
          tags,
          summary: 'The passages a document is cut into, in reading order',
          params: documentParams,
          querystring: chunksQuery,
          response: { 200: chunksResponse },
        },
      },
      async (request) =>
        service.documentChunks(requirePrincipal(request), request.params.documentation_id, {
          pageSize: request.query.page_size,
          cursor: request.query.cursor,
        }),
    )

    app.get(
      '/v1/convai/knowledge-base/:documentation_id/chunk/:chunk_id',
      {
        config,
        schema: {
          tags,
          summary: 'One passage of a document',
          params: chunkParams,
          querystring: chunkQuery,
          response: { 200: chunkResponse },
        },
      },
      async (request) =>
        service.documentChunk(
          requirePrincipal(request),
          request.params.documentation_id,
          request.params.chunk_id,
        ),
    )

    app.post(
      '/v1/convai/knowledge-base/:documentation_id/rag-index',
      {
        config,
        schema: {
          tags,
          summary: 'Build the retrieval index of a document for a model (a job; call again for its progress)',
          params: documentParams,
          body: computeBody,
          response: { 200: indexResponse },
        },
      },
      async (request) =>
        service.computeIndex(
          requirePrincipal(request).workspaceId,
          request.params.documentation_id,
          request.body.model,
        ),
    )

    app.get(
      '/v1/convai/knowledge-base/:documentation_id/rag-index',
      {
        config,
        schema: {
          tags,
          summary: 'The retrieval indexes of a document with their status and percent done',
          params: documentParams,
          response: { 200: indexesResponse },
        },
      },
      async (request) =>
        service.documentIndexes(requirePrincipal(request).workspaceId, request.params.documentation_id),
    )

    app.delete(
      '/v1/convai/knowledge-base/:documentation_id/rag-index/:rag_index_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a retrieval index of a document',
          params: indexParams,
          response: { 200: indexResponse },
        },
      },
      async (request) =>
        service.removeIndex(
          requirePrincipal(request).workspaceId,
          request.params.documentation_id,
          request.params.rag_index_id,
        ),
    )

    app.get(
      '/v1/convai/knowledge-base/rag-index',
      {
        config,
        schema: {
          tags,
          summary: 'The bytes the workspace’s retrieval indexes use, against its plan’s limit',
          response: { 200: overviewResponse },
        },
      },
      async (request) => service.indexOverview(requirePrincipal(request).workspaceId),
    )
  }
}
