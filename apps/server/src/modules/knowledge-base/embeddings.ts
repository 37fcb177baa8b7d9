// The operator's OpenAI-compatible embeddings endpoint (POST {model, input: [...]} answering
// {data: [{index, embedding}]}), used to give passages and questions vectors. The endpoint is
// the operator's own choice (often a model server beside Timbre), so plain http to it is
// accepted; users never name it. Failures are plain errors: an index job that meets one fails
// with its message, and a question asked while the endpoint is down is answered by words alone.

export interface EmbeddingsEndpoint {
  url: string
  model: string
  apiKey: string | null
}

const TIMEOUT_MS = 30_000
/** Passages sent in one request. */
export const EMBEDDING_BATCH = 32

/** What an index records as the source of its vectors: a change of either makes them unusable. */
export const sourceOf = (endpoint: EmbeddingsEndpoint) => `${endpoint.url}#${endpoint.model}`

export async function embed(endpoint: EmbeddingsEndpoint, inputs: string[]): Promise<number[][]> {
  const response = await fetch(endpoint.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
    },
    body: JSON.stringify({ model: endpoint.model, input: inputs }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    redirect: 'error',
  })
  if (!response.ok) throw new Error(`The embeddings endpoint answered HTTP ${response.status}.`)
  const body = (await response.json().catch(() => null)) as {
    data?: Array<{ index?: number; embedding?: unknown }>
  } | null
  const vectors: number[][] = []
  for (const [position, item] of (body?.data ?? []).entries()) {
    const at = typeof item.index === 'number' ? item.index : position
    if (!Array.isArray(item.embedding) || !item.embedding.every((x) => typeof x === 'number'))
      throw new Error('The embeddings endpoint answered something that is not a list of vectors.')
    vectors[at] = item.embedding as number[]
  }
  if (vectors.length !== inputs.length || vectors.some((v) => !v))
    throw new Error('The embeddings endpoint answered a different number of vectors than it was asked for.')
  return vectors
}
