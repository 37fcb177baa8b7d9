/**
 * The `data:` payloads of a server-sent-events body, one per event, as they arrive. Comments and
 * other fields are skipped; multi-line data is joined with newlines as the format says.
 */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder()
  let buffer = ''
  let data: string[] = []
  const reader = body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true })
      let newline = buffer.search(/\r?\n/)
      while (newline >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(buffer[newline] === '\r' ? newline + 2 : newline + 1)
        if (line === '') {
          if (data.length) yield data.join('\n')
          data = []
        } else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
        newline = buffer.search(/\r?\n/)
      }
      if (done) break
    }
    if (buffer.startsWith('data:')) data.push(buffer.slice(5).replace(/^ /, ''))
    if (data.length) yield data.join('\n')
  } finally {
    reader.releaseLock()
  }
}
