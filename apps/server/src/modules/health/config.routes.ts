import { LOCALES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** What the web app needs to know before sign-in (whether to offer the local mailbox). */
export function configRoutes(info: { smtpConfigured: boolean; publicUrl: string }): FastifyPluginAsyncZod {
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
      async () => ({
        smtp_configured: info.smtpConfigured,
        public_url: info.publicUrl,
        locales: [...LOCALES],
      }),
    )
  }
}
