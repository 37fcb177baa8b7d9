import type { Locale } from '@timbre/contract'
import { escapeHtml } from '../../lib/html/escape-html.js'
import { PALETTE_CSS, THEME_SCRIPT, THEME_SCRIPT_HASH } from '../../lib/html/public-page-theme.js'
import type { HistoryItemRow } from './history.tables.js'
import { readDialogue } from './history.view.js'
import { type ShareMessages, shareMessages } from './share-page.messages.js'

// The public page behind a share link (the `share_link` the share dialog hands out): plays
// the audio without signing in. Plain server-rendered HTML in the app's look; its CSP
// allows only the app's theme script (lib/html/public-page-theme).

export const SHARE_PAGE_CSP = `default-src 'none'; script-src 'sha256-${THEME_SCRIPT_HASH}'; media-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const STYLE = `
${PALETTE_CSS}
*{box-sizing:border-box}
html{-webkit-font-smoothing:antialiased}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:16px/1.55 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Noto Sans JP","Noto Sans Devanagari",sans-serif}
header{display:flex;align-items:center;justify-content:space-between;gap:16px;height:64px;padding:0 24px;border-bottom:1px solid var(--line);background:var(--card)}
.logo{display:inline-flex;align-items:center;gap:8px;color:var(--text);text-decoration:none;font-weight:600;font-size:18px;letter-spacing:-.01em;border-radius:6px}
.logo svg{width:28px;height:28px}
.logo rect.mark{fill:var(--accent)}
.cta{color:var(--accent-text);font-size:14px;font-weight:500;text-decoration:none;padding:6px 10px;border-radius:8px}
.cta:hover{background:var(--accent-soft)}
main{flex:1;width:100%;max-width:680px;margin:0 auto;padding:40px 20px 56px}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:28px;box-shadow:0 1px 2px rgb(0 0 0/.04)}
.who{display:flex;align-items:center;gap:14px;margin:0 0 22px}
.avatar{flex:none;width:48px;height:48px;border-radius:999px;display:flex;align-items:center;justify-content:center;color:#fff;font-weight:600;font-size:18px;text-transform:uppercase;background:linear-gradient(135deg,oklch(.68 .16 var(--hue)),oklch(.5 .2 calc(var(--hue) + 40)))}
h1{font-size:22px;line-height:1.3;margin:0;letter-spacing:-.01em;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:14px;margin:2px 0 0}
audio{display:block;width:100%;margin:0 0 20px;border-radius:999px}
.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0 0 22px;padding:16px 18px;border-radius:12px;background:var(--soft);max-height:50vh;overflow:auto;font-size:15px}
.line{margin:0 0 8px}.line:last-child{margin:0}.line b{font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:10px;align-items:center}
.download{display:inline-flex;align-items:center;gap:8px;min-height:40px;padding:8px 16px;border-radius:8px;background:var(--button);color:var(--on-button);text-decoration:none;font-weight:500;font-size:14px}
.download svg{width:16px;height:16px}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
footer{padding:0 20px 32px;text-align:center;color:var(--muted);font-size:13px}
footer a{color:inherit}
@media (max-width:480px){header{padding:0 16px}main{padding:20px 12px 40px}.card{padding:20px}}
`

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect class="mark" width="32" height="32" rx="8"/><g fill="#fff"><rect x="7" y="13" width="3" height="6" rx="1.5"/><rect x="12" y="9" width="3" height="14" rx="1.5"/><rect x="17" y="6" width="3" height="20" rx="1.5"/><rect x="22" y="11" width="3" height="10" rx="1.5"/></g></svg>`
const DOWNLOAD_ICON = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M12 4v11M7 10.5l5 5 5-5M5 20h14"/></svg>`

function page(m: ShareMessages, locale: Locale, title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script>${THEME_SCRIPT}</script>
${head}<style>${STYLE}</style>
</head>
<body>
<header>
<a class="logo" href="/" aria-label="Timbre">${LOGO}<span>Timbre</span></a>
<a class="cta" href="/sign-up">${escapeHtml(m.cta)}</a>
</header>
<main>
<div class="card">
${body}
</div>
</main>
<footer>${escapeHtml(m.footer)}</footer>
</body>
</html>
`
}

/** The avatar colour of a voice, picked from its id like the app's voice avatars. */
const HUES = [277, 200, 160, 25, 330, 50, 240, 300]
function hueOf(key: string): number {
  let hash = 0
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  return HUES[hash % HUES.length] ?? 277
}

/** "Emma", "Emma and Noah", "Emma, Noah and Lena": every voice that speaks, in order of appearance. */
export function speakerNames(names: readonly string[], and = 'and'): string {
  const unique = [...new Set(names.map((n) => n.trim()).filter(Boolean))]
  if (unique.length <= 1) return unique[0] ?? ''
  return `${unique.slice(0, -1).join(', ')} ${and} ${unique.at(-1)}`
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
  /** The visitor's language (from Accept-Language). */
  locale: Locale
}

export function renderSharePage({ item, token, sharedBy, publicUrl, locale }: SharePageInput): string {
  const m = shareMessages(locale)
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
  const category =
    m.categories[item.voice_category as keyof ShareMessages['categories']] ?? item.voice_category
  const created = item.created_at.toISOString()
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    item.created_at,
  )
  const excerpt = item.text.length > 160 ? `${item.text.slice(0, 157)}...` : item.text
  // A dialogue is spoken by all its voices; the item's own voice is only the first of them.
  const speakers =
    (dialogue &&
      speakerNames(
        dialogue.map((l) => l.voice_name),
        m.and,
      )) ||
    item.voice_name
  const head = [
    `<meta property="og:type" content="music.song">`,
    `<meta property="og:title" content="${escapeHtml(m.onTimbre(speakers))}">`,
    `<meta property="og:description" content="${escapeHtml(excerpt)}">`,
    `<meta property="og:audio" content="${escapeHtml(publicUrl + audioUrl)}">`,
    `<meta property="og:audio:type" content="${escapeHtml(item.content_type)}">`,
    '',
  ].join('\n')
  const body = `<div class="who">
<span class="avatar" style="--hue:${hueOf(item.voice_id || speakers)}" aria-hidden="true">${escapeHtml(speakers.trim().slice(0, 1))}</span>
<div><h1>${escapeHtml(speakers)}</h1>
<p class="meta">${escapeHtml(category)} · ${escapeHtml(m.sharedBy(sharedBy))} · <time datetime="${created}">${escapeHtml(date)}</time></p></div>
</div>
<audio controls preload="metadata" src="${escapeHtml(audioUrl)}">${escapeHtml(m.cannotPlay)} <a href="${escapeHtml(downloadUrl)}">${escapeHtml(m.downloadIt)}</a></audio>
<div class="text" aria-label="${escapeHtml(m.text)}">${transcript}</div>
<div class="actions"><a class="download" href="${escapeHtml(downloadUrl)}" download>${DOWNLOAD_ICON}${escapeHtml(m.download)}</a></div>`
  return page(m, locale, `${speakers} · Timbre`, body, head)
}

export function renderShareNotFound(locale: Locale): string {
  const m = shareMessages(locale)
  return page(
    m,
    locale,
    `${m.notFoundTitle} · Timbre`,
    `<h1>${escapeHtml(m.notFoundTitle)}</h1>
<p class="meta">${escapeHtml(m.notFoundBody)}</p>`,
  )
}
