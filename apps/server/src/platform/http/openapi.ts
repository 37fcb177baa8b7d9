import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { documentMultipart } from './multipart-routes.js'
import { API_DESCRIPTION, API_TITLE, FAVICON_SVG, LOGO_SVG } from './openapi-docs.js'

// The OpenAPI document is built from the routes' zod schemas and is committed to
// packages/contract/openapi.json, from which the web client is generated; /docs renders it.
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: API_TITLE, description: API_DESCRIPTION, version: '0.1.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'xi-api-key' },
          BearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
    },
    // Multipart routes get their request body from the form they declare.
    transform: (args) => documentMultipart(jsonSchemaTransform(args), args.route),
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    logo: { type: 'image/svg+xml', content: LOGO_SVG, href: '/docs', target: '_self' },
    theme: {
      title: API_TITLE,
      favicon: [
        { filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: FAVICON_SVG },
      ],
    },
  })
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger())
}
