import type { FastifyInstance } from 'fastify'

// OpenAI's clients read errors as {"error": {"message", "type", "param", "code"}}; the rest of the
// API answers {"detail": ...}. The server's one error handler decides the status and the words;
// this only reshapes its body on the way out of the OpenAI-compatible routes.

interface Detail {
  type?: string
  code?: string
  message?: string
  param?: string
}

interface ValidationItem {
  loc?: unknown[]
  msg?: string
}

function openAiError(detail: unknown): object | null {
  if (Array.isArray(detail)) {
    const first = detail[0] as ValidationItem | undefined
    const param = first?.loc?.slice(1).join('.') || null
    return {
      error: {
        message: param ? `${param}: ${first?.msg ?? 'Invalid value'}` : (first?.msg ?? 'Invalid request'),
        type: 'invalid_request_error',
        param,
        code: 'invalid_value',
      },
    }
  }
  if (!detail || typeof detail !== 'object') return null
  const d = detail as Detail
  return {
    error: {
      message: d.message ?? 'Request failed',
      type: d.type ?? 'invalid_request_error',
      param: d.param ?? null,
      code: d.code ?? null,
    },
  }
}

/**
 * Reshapes every JSON error these routes answer into OpenAI's error body. OpenAI answers a
 * request it cannot take with 400 where the rest of the API says 422, so its clients raise the
 * error they expect (BadRequestError).
 */
export function openAiErrorBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload
    try {
      const reshaped = openAiError((JSON.parse(payload) as { detail?: unknown }).detail)
      if (!reshaped) return payload
      if (reply.statusCode === 422) reply.code(400)
      return JSON.stringify(reshaped)
    } catch {
      return payload
    }
  })
}
