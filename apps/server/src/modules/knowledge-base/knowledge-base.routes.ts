import { KB_FILE_MAX_BYTES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../../errors.js'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  addedResponse,
  agentsBody,
  agentsQuery,
  agentsResponse,
  bulkMoveBody,
  kbConfig as config,
  deleteQuery,
  documentParams,
  documentResponse,
  folderBody,
  listQuerySchema,
  listResponse,
  moveBody,
  moveParams,
  kbTags as tags,
  textBody,
  updateBody,
  urlBody,
} from './knowledge-base.schemas.js'
import type { KnowledgeBaseService } from './knowledge-base.service.js'

// The knowledge base's documents and folders: create from a URL, a file or text, list, get,
// rename or edit, move, delete, content and dependent agents.

const fileForm = multipartForm({
  files: {
    file: {
      description: 'The document: PDF, DOCX, EPUB, HTML, Markdown or text, recognised by its bytes.',
      maxBytes: KB_FILE_MAX_BYTES,
      required: true,
      tooLarge: () => new AppError('kb_file_too_large'),
    },
  },
  fields: {
    name: { description: 'The document name (default: the title or the file name).', maxBytes: 1000 },
    parent_folder_id: { description: 'The folder to put it in.', maxBytes: 100 },
  },
})

export function knowledgeBaseRoutes(service: KnowledgeBaseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/knowledge-base',
      {
        config,
        schema: {
          tags,
          summary: 'List knowledge base documents and folders',
          querystring: listQuerySchema,
          response: { 200: listResponse },
        },
      },
      async (request) => {
        const q = request.query
        return service.listDocuments(requirePrincipal(request), {
          pageSize: q.page_size,
          search: q.search,
          showOnlyOwnedDocuments: q.show_only_owned_documents,
          createdByUserId: q.created_by_user_id,
          types: q.types,
          parentFolderId: q.parent_folder_id,
          ancestorFolderId: q.ancestor_folder_id,
          foldersFirst: q.folders_first,
          sortDirection: q.sort_direction,
          sortBy: q.sort_by,
          cursor: q.cursor,
        })
      },
    )

    app.post(
      '/v1/convai/knowledge-base/url',
      {
        config,
        schema: {
          tags,
          summary: 'Create a document from a web page (HTTPS; private addresses are refused)',
          body: urlBody,
          response: { 200: addedResponse },
        },
      },
      async (request) => {
        const b = request.body
        return service.createFromUrl(requirePrincipal(request), {
          url: b.url,
          name: b.name,
          parentFolderId: b.parent_folder_id,
        })
      },
    )

    app.post(
      '/v1/convai/knowledge-base/file',
      {
        config: { ...config, multipart: fileForm },
        schema: { tags, summary: 'Create a document from a file', response: { 200: addedResponse } },
      },
      async (request) => {
        const body = await readMultipart(request, fileForm)
        const file = body.file('file')
        if (!file)
          throw new AppError('validation_error', { message: "The field 'file' is required.", param: 'file' })
        return service.createFromFile(requirePrincipal(request), {
          data: file.data,
          fileName: file.fileName,
          name: body.text('name'),
          parentFolderId: body.text('parent_folder_id') || undefined,
        })
      },
    )

    app.post(
      '/v1/convai/knowledge-base/text',
      {
        config,
        schema: {
          tags,
          summary: 'Create a document from text',
          body: textBody,
          response: { 200: addedResponse },
        },
      },
      async (request) =>
        service.createFromText(requirePrincipal(request), {
          text: request.body.text,
          name: request.body.name,
          parentFolderId: request.body.parent_folder_id,
        }),
    )

    app.post(
      '/v1/convai/knowledge-base/folder',
      {
        config,
        schema: { tags, summary: 'Create a folder', body: folderBody, response: { 200: addedResponse } },
      },
      async (request) =>
        service.createFolder(requirePrincipal(request), {
          name: request.body.name,
          parentFolderId: request.body.parent_folder_id,
        }),
    )
  }
}

/** A document or folder once made: read, rename or edit, move, delete, its text and users. */
export function documentRoutes(service: KnowledgeBaseService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/convai/knowledge-base/:documentation_id',
      {
        config,
        schema: {
          tags,
          summary: 'A document or folder with its text',
          params: documentParams,
          querystring: z.object({ agent_id: z.string().max(64).optional() }),
          response: { 200: documentResponse },
        },
      },
      async (request) => service.getDocument(requirePrincipal(request), request.params.documentation_id),
    )

    app.patch(
      '/v1/convai/knowledge-base/:documentation_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a document or folder, or replace a document’s text (its index becomes stale)',
          params: documentParams,
          body: updateBody,
          response: { 200: documentResponse },
        },
      },
      async (request) =>
        service.updateDocument(requirePrincipal(request), request.params.documentation_id, request.body),
    )

    app.delete(
      '/v1/convai/knowledge-base/:documentation_id',
      {
        config,
        schema: {
          tags,
          summary:
            'Delete a document or a folder with its contents; refused while agents use it unless forced',
          params: documentParams,
          querystring: deleteQuery,
          response: { 200: z.object({}) },
        },
      },
      async (request) =>
        service.deleteDocument(
          requirePrincipal(request),
          request.params.documentation_id,
          request.query.force ?? false,
        ),
    )

    app.post(
      '/v1/convai/knowledge-base/:document_id/move',
      {
        config,
        schema: { tags, summary: 'Move a document or folder', params: moveParams, body: moveBody },
      },
      async (request, reply) => {
        await service.moveDocuments(
          requirePrincipal(request),
          [request.params.document_id],
          request.body.move_to,
        )
        return reply.status(200).send()
      },
    )

    app.post(
      '/v1/convai/knowledge-base/bulk-move',
      { config, schema: { tags, summary: 'Move documents and folders', body: bulkMoveBody } },
      async (request, reply) => {
        await service.moveDocuments(
          requirePrincipal(request),
          request.body.document_ids,
          request.body.move_to,
        )
        return reply.status(200).send()
      },
    )

    app.get(
      '/v1/convai/knowledge-base/:documentation_id/content',
      {
        config,
        schema: {
          tags,
          summary: 'The whole text of a document (Markdown-like: headings start with #)',
          params: documentParams,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const text = await service.documentContent(requirePrincipal(request), request.params.documentation_id)
        return reply.type('text/plain; charset=utf-8').send(text)
      },
    )

    app.get(
      '/v1/convai/knowledge-base/:documentation_id/dependent-agents',
      {
        config,
        schema: {
          tags,
          summary: 'The agents that use a document',
          params: documentParams,
          querystring: agentsQuery,
          response: { 200: agentsResponse },
        },
      },
      async (request) => service.documentAgents(requirePrincipal(request), [request.params.documentation_id]),
    )

    app.post(
      '/v1/convai/knowledge-base/dependent-agents',
      {
        config,
        schema: {
          tags,
          summary: 'The agents that use any of several documents',
          body: agentsBody,
          response: { 200: agentsResponse },
        },
      },
      async (request) => service.documentAgents(requirePrincipal(request), request.body.document_ids),
    )
  }
}
