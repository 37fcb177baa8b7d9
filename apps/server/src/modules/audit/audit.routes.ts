import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { auditPage, auditQuery } from './audit.schemas.js'
import type { AuditService } from './audit.service.js'

export function auditRoutes(audit: AuditService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/audit-logs',
      {
        config: { scope: 'workspace' },
        schema: {
          tags: ['workspace audit log'],
          summary: 'The audit log of admin actions, newest first, page by page with next_cursor (admins)',
          querystring: auditQuery,
          response: { 200: auditPage },
        },
      },
      async (request) => audit.list(requirePrincipal(request), request.query),
    )
  }
}
