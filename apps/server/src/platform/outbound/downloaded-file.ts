/**
 * A file fetched for a request (a cloud URL, a source or media URL): its bytes, refused by
 * `tooBig` as soon as the declared or the streamed length passes `maxBytes` (nothing more is
 * read), and its name from the URL's last path segment.
 */
export async function downloadedFile(
  response: Response,
  url: string,
  options: { maxBytes: number; tooBig: () => Error; fallbackName: string },
): Promise<{ data: Buffer; fileName: string }> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > options.maxBytes) throw options.tooBig()
  const parts: Buffer[] = []
  let total = 0
  for await (const chunk of (response.body ?? []) as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length
    if (total > options.maxBytes) throw options.tooBig()
    parts.push(Buffer.from(chunk))
  }
  const fileName = decodeURIComponent(new URL(url).pathname.split('/').pop() || options.fallbackName).slice(
    0,
    255,
  )
  return { data: Buffer.concat(parts), fileName }
}
