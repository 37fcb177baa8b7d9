import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import { createServer as createTlsServer } from 'node:https'
import type { AddressInfo } from 'node:net'

// A real HTTP server speaking the OpenAI chat-completions protocol with streaming (server-sent
// events) and tool calls, as llama.cpp, Ollama and vLLM do. Each request is answered by the
// test's script from the messages it received; every request body is kept for assertions.

export interface ScriptedReply {
  text?: string
  toolCalls?: Array<{ id: string; name: string; arguments: Record<string, unknown> }>
  /** Wait this long before the first byte (a slow model). */
  delayMs?: number
  /** Answer with this HTTP status and no stream. */
  status?: number
}

export interface ChatRequestBody {
  model: string
  stream?: boolean
  messages: Array<{ role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }>
  tools?: Array<{ type: string; function: { name: string; description: string; parameters: unknown } }>
  temperature?: number
}

export interface OpenAiChatServer {
  url: string
  requests: ChatRequestBody[]
  /** The headers of each request, in the order of `requests`. */
  headers: IncomingHttpHeaders[]
  close(): Promise<void>
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function chunk(delta: object, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`
}

export async function startOpenAiChatServer(
  script: (body: ChatRequestBody) => ScriptedReply,
  /** Serves HTTPS with this key and certificate (an agent's own endpoint must be HTTPS). */
  tls?: { key: string | Buffer; cert: string | Buffer },
): Promise<OpenAiChatServer> {
  const requests: ChatRequestBody[] = []
  const headers: IncomingHttpHeaders[] = []
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.parse(await bodyOf(request)) as ChatRequestBody
    requests.push(body)
    headers.push(request.headers)
    const reply = script(body)
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs))
    if (reply.status) {
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end('{"error":"scripted"}')
      return
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.write(chunk({ role: 'assistant' }))
    // Text arrives a few characters at a time, as a model streams it.
    for (const piece of (reply.text ?? '').match(/.{1,7}/gs) ?? []) response.write(chunk({ content: piece }))
    for (const [index, call] of (reply.toolCalls ?? []).entries()) {
      const args = JSON.stringify(call.arguments)
      response.write(
        chunk({
          tool_calls: [
            { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
      )
      // Arguments split across chunks, as real endpoints send them.
      for (const piece of args.match(/.{1,5}/gs) ?? [])
        response.write(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }))
    }
    response.write(chunk({}, reply.toolCalls?.length ? 'tool_calls' : 'stop'))
    response.write(
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 42, completion_tokens: 7 } })}\n\n`,
    )
    response.end('data: [DONE]\n\n')
  }
  const server: Server = tls ? createTlsServer(tls, handle) : createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/v1/chat/completions`,
    requests,
    headers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
