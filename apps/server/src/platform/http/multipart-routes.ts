import type { FastifyInstance, FastifySchema } from 'fastify'
import { AppError } from '../../errors.js'
import { formJsonSchema, type MultipartForm } from './multipart-form.js'

// How routes take multipart bodies: a route declares its form in `config.multipart`, and only
// such a route accepts multipart/form-data (any other answers 415). The body is left unread
// until the handler reads it with the declared form, after the caller is known. The API
// document gets each such route's fields from the same declaration.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form this route reads from a multipart/form-data body (platform/http/multipart.ts). */
    multipart?: MultipartForm<string, string>
  }
}

export interface MultipartRoute {
  method: string
  url: string
  form: MultipartForm<string, string>
}

const routesOf = new WeakMap<FastifyInstance, MultipartRoute[]>()

/** Every route of the app that takes a multipart body, with its form. */
export function multipartRoutes(app: FastifyInstance): MultipartRoute[] {
  return [...(routesOf.get(app) ?? [])]
}

export function registerMultipart(app: FastifyInstance) {
  const routes: MultipartRoute[] = []
  routesOf.set(app, routes)
  app.addHook('onRoute', (route) => {
    const form = route.config?.multipart
    if (!form) return
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, form })
  })
  // The body stays in the request stream: the route's handler reads it with its form.
  app.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    if (request.routeOptions.config.multipart) return done(null)
    done(
      new AppError('unsupported_media_type', {
        message: 'This call does not take multipart/form-data: send JSON.',
      }),
    )
  })
}

interface TransformResult {
  schema: FastifySchema
  url: string
}

/**
 * The API document's request body of a multipart route, from its form: files as binary strings,
 * the other fields with their types. A route that also takes JSON documents both.
 */
export function documentMultipart(
  result: TransformResult,
  route: { config?: { multipart?: MultipartForm<string, string> } },
): TransformResult {
  const form = route.config?.multipart
  if (!form) return result
  const multipart = formJsonSchema(form.spec)
  const consumes = (result.schema as { consumes?: string[] }).consumes ?? []
  if (!consumes.includes('application/json')) {
    return { ...result, schema: { ...result.schema, body: multipart, consumes: ['multipart/form-data'] } }
  }
  const json = formJsonSchema({ files: {}, fields: form.spec.fields })
  return {
    ...result,
    schema: {
      ...result.schema,
      body: {
        content: {
          'multipart/form-data': { schema: multipart },
          'application/json': { schema: json },
        },
      },
    },
  }
}
