import type { CompositionPlan, Locale, SongMetadata } from '@timbre/contract'
import { escapeHtml } from '../../lib/html/escape-html.js'
import { PALETTE_CSS, THEME_SCRIPT, THEME_SCRIPT_HASH } from '../../lib/html/public-page-theme.js'
import type { SongRow } from './music.repository.js'
import { type MusicShareMessages, musicShareMessages } from './music-share-page.messages.js'

// The public page behind a song's share link: the song plays without signing in, with its
// title, genres and sections. Plain server-rendered HTML in the app's palette; the CSP allows
// only the theme script.

export const MUSIC_SHARE_PAGE_CSP = `default-src 'none'; script-src 'sha256-${THEME_SCRIPT_HASH}'; media-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const STYLE = `${PALETTE_CSS}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:16px/1.55 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans JP","Noto Sans Devanagari",sans-serif}
header{display:flex;align-items:center;justify-content:space-between;gap:16px;height:64px;padding:0 24px;border-bottom:1px solid var(--line);background:var(--card)}
.logo{color:var(--text);text-decoration:none;font-weight:600;font-size:18px}
.cta{color:var(--accent-text);font-size:14px;font-weight:500;text-decoration:none;padding:6px 10px;border-radius:8px}
main{flex:1;width:100%;max-width:680px;margin:0 auto;padding:40px 20px 56px}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:28px}
h1{font-size:22px;line-height:1.3;margin:0;overflow-wrap:anywhere}
.meta{color:var(--muted);font-size:14px;margin:2px 0 20px}
.tags{display:flex;flex-wrap:wrap;gap:6px;margin:0 0 20px;padding:0;list-style:none}
.tags li{background:var(--accent-soft);color:var(--accent-text);border-radius:999px;padding:2px 10px;font-size:13px}
audio{display:block;width:100%;margin:0 0 20px}
h2{font-size:15px;margin:0 0 8px}
.sections{margin:0 0 22px;padding:0;list-style:none;border:1px solid var(--line);border-radius:12px}
.sections li{display:flex;justify-content:space-between;gap:12px;padding:8px 14px;border-top:1px solid var(--line);font-size:14px}
.sections li:first-child{border-top:0}
.sections span{color:var(--muted);font-variant-numeric:tabular-nums}
.download{display:inline-flex;min-height:40px;align-items:center;padding:8px 16px;border-radius:8px;background:var(--button);color:var(--on-button);text-decoration:none;font-weight:500;font-size:14px}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
footer{padding:0 20px 32px;text-align:center;color:var(--muted);font-size:13px}
@media (max-width:480px){header{padding:0 16px}main{padding:20px 12px 40px}.card{padding:20px}}`

function page(m: MusicShareMessages, locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<script>${THEME_SCRIPT}</script>
<style>${STYLE}</style>
</head>
<body>
<header><a class="logo" href="/">Timbre</a><a class="cta" href="/sign-up">${escapeHtml(m.cta)}</a></header>
<main><div class="card">
${body}
</div></main>
<footer>${escapeHtml(m.footer)}</footer>
</body>
</html>
`
}

/** The public audio behind a share token (root-relative, so the page works under any host name). */
export function sharedSongAudioPath(token: string, download = false): string {
  return `/v1/shared-music/${encodeURIComponent(token)}/audio${download ? '?download=1' : ''}`
}

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

export function renderSongSharePage(input: {
  row: SongRow
  token: string
  sharedBy: string
  locale: Locale
}) {
  const { row, token, sharedBy, locale } = input
  const m = musicShareMessages(locale)
  const metadata = row.song_metadata as SongMetadata
  const plan = row.composition_plan as CompositionPlan | null
  const title = metadata.title || m.song
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    row.created_at,
  )
  const tags = metadata.genres.map((g) => `<li>${escapeHtml(g)}</li>`).join('')
  const sections = (plan?.sections ?? [])
    .map((s) => `<li>${escapeHtml(s.section_name)}<span>${clock(s.duration_ms)}</span></li>`)
    .join('')
  const body = `<h1>${escapeHtml(title)}</h1>
<p class="meta">${escapeHtml(m.sharedBy(sharedBy))} · ${clock(row.length_ms)} · <time datetime="${row.created_at.toISOString()}">${escapeHtml(date)}</time></p>
${tags ? `<ul class="tags">${tags}</ul>` : ''}
<audio controls preload="metadata" src="${escapeHtml(sharedSongAudioPath(token))}">${escapeHtml(m.cannotPlay)} <a href="${escapeHtml(sharedSongAudioPath(token, true))}">${escapeHtml(m.downloadIt)}</a></audio>
${sections ? `<h2>${escapeHtml(m.sections)}</h2><ul class="sections">${sections}</ul>` : ''}
<a class="download" href="${escapeHtml(sharedSongAudioPath(token, true))}" download>${escapeHtml(m.download)}</a>`
  return page(m, locale, `${title} · Timbre`, body)
}

export function renderSongShareNotFound(locale: Locale): string {
  const m = musicShareMessages(locale)
  return page(
    m,
    locale,
    `${m.notFoundTitle} · Timbre`,
    `<h1>${escapeHtml(m.notFoundTitle)}</h1><p class="meta">${escapeHtml(m.notFoundBody)}</p>`,
  )
}
