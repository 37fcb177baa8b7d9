import { LOCALES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** What the web app needs to know before sign-in (whether to offer the local mailbox). */
/** `publicUrl` null: no PUBLIC_URL is set, so the site is wherever the request reached it. */
export function configRoutes(info: {
  smtpConfigured: boolean
  publicUrl: string | null
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/config',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['local'],
          summary: 'Public settings of this Timbre server',
          response: {
            200: z.object({
              smtp_configured: z.boolean(),
              public_url: z.string(),
              locales: z.array(z.string()),
            }),
          },
        },
      },
      async (request) => ({
        smtp_configured: info.smtpConfigured,
        public_url: info.publicUrl ?? request.siteOrigin,
        locales: [...LOCALES],
      }),
    )
  }
}
