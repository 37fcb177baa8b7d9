import type { HistoryItemRow } from '../../db/schema.js'
import { readDialogue } from './history.view.js'

// The public page behind a share link (the `share_link` the share dialog hands out): plays
// the audio without signing in. Plain server-rendered HTML, no script; the page's CSP
// forbids any.

export const SHARE_PAGE_CSP =
  "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f6f4;--card:#fff;--text:#1c1c1c;--muted:#6b6b6b;--line:#e4e4e0;--accent:#1c1c1c;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{--bg:#111;--card:#1b1b1b;--text:#f1f1f1;--muted:#a3a3a3;--line:#2c2c2c;--accent:#f1f1f1;--on-accent:#111}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:640px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:28px}
.brand{font-weight:600;letter-spacing:.02em;color:var(--muted);font-size:14px;margin:0 0 20px}
h1{font-size:22px;line-height:1.3;margin:0 0 4px}
.meta{color:var(--muted);font-size:14px;margin:0 0 20px}
audio{width:100%;margin:0 0 16px}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 20px;padding:16px;border-radius:12px;background:var(--bg);max-height:50vh;overflow:auto}
.line{margin:0 0 8px}.line b{font-weight:600}
.download{display:inline-block;padding:10px 18px;border-radius:999px;background:var(--accent);color:var(--on-accent);text-decoration:none;font-weight:600;font-size:14px}
.download:focus-visible{outline:3px solid var(--muted);outline-offset:2px}
`

function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
${head}<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">Timbre</p>
${body}
</main>
</body>
</html>
`
}

const CATEGORY_LABEL: Record<string, string> = {
  premade: 'Default voice',
  cloned: 'Cloned voice',
  generated: 'Designed voice',
  professional: 'Professional voice',
}

/** The public audio behind a share token (root-relative, so the page works under any host name). */
export function sharedAudioPath(token: string, download = false): string {
  return `/v1/shared-history/${encodeURIComponent(token)}/audio${download ? '?download=1' : ''}`
}

export interface SharePageInput {
  item: HistoryItemRow
  token: string
  sharedBy: string
  /** PUBLIC_URL, for the absolute audio URL link previews need. */
  publicUrl: string
}

export function renderSharePage({ item, token, sharedBy, publicUrl }: SharePageInput): string {
  const audioUrl = sharedAudioPath(token)
  const downloadUrl = sharedAudioPath(token, true)
  const dialogue = readDialogue(item.dialogue)
  const transcript =
    dialogue && dialogue.length > 0
      ? dialogue
          .map(
            (l) =>
              `<p class="line"><b>${escapeHtml(l.voice_name || l.voice_id)}:</b> ${escapeHtml(l.text)}</p>`,
          )
          .join('')
      : escapeHtml(item.text)
  const category = CATEGORY_LABEL[item.voice_category] ?? item.voice_category
  const created = item.created_at.toISOString()
  const excerpt = item.text.length > 160 ? `${item.text.slice(0, 157)}...` : item.text
  const head = [
    `<meta property="og:type" content="music.song">`,
    `<meta property="og:title" content="${escapeHtml(`${item.voice_name} on Timbre`)}">`,
    `<meta property="og:description" content="${escapeHtml(excerpt)}">`,
    `<meta property="og:audio" content="${escapeHtml(publicUrl + audioUrl)}">`,
    `<meta property="og:audio:type" content="${escapeHtml(item.content_type)}">`,
    '',
  ].join('\n')
  const body = `<h1>${escapeHtml(item.voice_name)}</h1>
<p class="meta">${escapeHtml(category)} · shared by ${escapeHtml(sharedBy)} · <time datetime="${created}">${created.slice(0, 10)}</time></p>
<audio controls preload="metadata" src="${escapeHtml(audioUrl)}">Your browser cannot play this audio. <a href="${escapeHtml(downloadUrl)}">Download it</a>.</audio>
<div class="text" aria-label="Text">${transcript}</div>
<a class="download" href="${escapeHtml(downloadUrl)}" download>Download audio</a>`
  return page(`${item.voice_name} · Timbre`, body, head)
}

export function renderShareNotFound(): string {
  return page(
    'Share link not found · Timbre',
    `<h1>Share link not found</h1>
<p class="meta">This share link does not exist or was removed. Ask the person who shared it for a new link.</p>`,
  )
}
