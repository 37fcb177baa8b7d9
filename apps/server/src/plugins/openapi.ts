import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'

// The OpenAPI document is built from the routes' zod schemas (DESIGN.md section 2) and is
// committed to packages/contract/openapi.json, from which the web client is generated.
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Timbre API',
        description:
          'Self-hosted voice and audio platform. Compatible with the ElevenLabs v1 API: authenticate with `xi-api-key` or `Authorization: Bearer <access token>`.',
        version: '0.1.0',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'xi-api-key' },
          BearerAuth: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ ApiKeyAuth: [] }, { BearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  })
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  })
  app.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger())
}
