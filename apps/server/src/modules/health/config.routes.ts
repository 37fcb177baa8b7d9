import { LOCALES } from '@timbre/contract'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'

export interface PublicConfigInfo {
  smtpConfigured: boolean
  publicUrl: string | null
  /** The premade library's size, so pages shown before sign-in can state it truthfully. */
  catalogue: { voices: number; languages: number }
}

/** What the web app needs to know before sign-in (whether to offer the local mailbox). */
/** `publicUrl` null: no PUBLIC_URL is set, so the site is wherever the request reached it. */
export function configRoutes(info: PublicConfigInfo): FastifyPluginAsyncZod {
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
              catalogue: z.object({
                voices: z.number().int().describe('Premade voices in the library'),
                languages: z.number().int().describe('Languages those voices speak'),
              }),
            }),
          },
        },
      },
      async (request) => ({
        smtp_configured: info.smtpConfigured,
        public_url: info.publicUrl ?? request.siteOrigin,
        locales: [...LOCALES],
        catalogue: info.catalogue,
      }),
    )
  }
}
