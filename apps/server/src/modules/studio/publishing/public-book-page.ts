import type { Locale } from '@timbre/contract'
import { escapeHtml } from '../../../lib/html/escape-html.js'
import { PALETTE_CSS, THEME_SCRIPT, THEME_SCRIPT_HASH } from '../../../lib/html/public-page-theme.js'
import { type BookMessages, bookMessages } from './public-book.messages.js'
import type { PublishedVersion } from './publishing.repository.js'

// The public reader page of a published Studio project: title, author, cover and every chapter
// with a player. Plain server-rendered HTML in the app's look (the share page's palette and
// theme script, so it opens in the theme chosen in the app); its CSP allows only that script.

export const BOOK_PAGE_CSP = `default-src 'none'; script-src 'sha256-${THEME_SCRIPT_HASH}'; media-src 'self'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const STYLE = `
${PALETTE_CSS}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:16px/1.55 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Noto Sans JP","Noto Sans Devanagari",sans-serif;-webkit-font-smoothing:antialiased}
header{display:flex;align-items:center;justify-content:space-between;gap:16px;height:64px;padding:0 24px;border-bottom:1px solid var(--line);background:var(--card)}
.logo{display:inline-flex;align-items:center;gap:8px;color:var(--text);text-decoration:none;font-weight:600;font-size:18px}
.logo svg{width:28px;height:28px}.logo rect.mark{fill:var(--accent)}
.cta{color:var(--accent-text);font-size:14px;font-weight:500;text-decoration:none;padding:6px 10px;border-radius:8px}
.cta:hover{background:var(--accent-soft)}
main{flex:1;width:100%;max-width:760px;margin:0 auto;padding:40px 20px 56px}
.card{background:var(--card);border:1px solid var(--line);border-radius:16px;padding:28px;box-shadow:0 1px 2px rgb(0 0 0/.04)}
.book{display:flex;gap:24px;align-items:flex-start;margin:0 0 24px}
.cover{flex:none;width:172px;height:172px;border-radius:12px;object-fit:cover;background:var(--soft);border:1px solid var(--line)}
.cover.blank{display:flex;align-items:center;justify-content:center;font-size:56px;font-weight:600;color:var(--accent-text);background:var(--accent-soft)}
h1{font-size:26px;line-height:1.25;margin:0;letter-spacing:-.01em;overflow-wrap:anywhere}
.author{color:var(--muted);margin:4px 0 0}
.description{margin:12px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.note{margin:0 0 20px;padding:10px 14px;border-radius:10px;background:var(--accent-soft);color:var(--accent-text);font-size:14px}
h2{font-size:15px;margin:0 0 10px;color:var(--muted);font-weight:600}
ol{list-style:none;margin:0;padding:0}
li{padding:14px 0;border-top:1px solid var(--line)}
.chapter{display:flex;justify-content:space-between;gap:12px;margin:0 0 8px;font-weight:500}
.chapter span{color:var(--muted);font-weight:400;font-variant-numeric:tabular-nums}
audio{display:block;width:100%}
footer{padding:0 20px 32px;text-align:center;color:var(--muted);font-size:13px}
a:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
@media (max-width:560px){header{padding:0 16px}main{padding:20px 12px 40px}.card{padding:20px}.book{flex-direction:column;gap:16px}}
`

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true"><rect class="mark" width="32" height="32" rx="8"/><g fill="#fff"><rect x="7" y="13" width="3" height="6" rx="1.5"/><rect x="12" y="9" width="3" height="14" rx="1.5"/><rect x="17" y="6" width="3" height="20" rx="1.5"/><rect x="22" y="11" width="3" height="10" rx="1.5"/></g></svg>`

function page(m: BookMessages, locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<script>${THEME_SCRIPT}</script>
<style>${STYLE}</style>
</head>
<body>
<header>
<a class="logo" href="/" aria-label="Timbre">${LOGO}<span>Timbre</span></a>
<a class="cta" href="/sign-up">${escapeHtml(m.cta)}</a>
</header>
<main><div class="card">
${body}
</div></main>
<footer>${escapeHtml(m.footer)}</footer>
</body>
</html>
`
}

/** m:ss or h:mm:ss, whole seconds as audio players count them. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds)
  const hh = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`
}

/** Where a published chapter's audio is (1-based, root-relative). */
export const publicAudioPath = (slug: string, index: number) =>
  `/v1/studio/published/${encodeURIComponent(slug)}/chapters/${index}/audio`

export function renderBookPage(input: {
  slug: string
  version: PublishedVersion
  previewSeconds: number
  locale: Locale
}): string {
  const { slug, version, locale } = input
  const m = bookMessages(locale)
  const cover = version.image
    ? `<img class="cover" src="/v1/studio/published/${encodeURIComponent(slug)}/image" alt="">`
    : `<div class="cover blank" aria-hidden="true">${escapeHtml(version.title.trim().slice(0, 1))}</div>`
  const note = version.full_access ? m.fullAccess : m.preview(Math.round(input.previewSeconds / 60))
  const chapters = version.chapters
    .map((chapter, i) => {
      // Listeners of the free preview get (and see the length of) the preview only.
      const seconds = version.full_access ? chapter.duration_seconds : chapter.preview_seconds
      return `<li><p class="chapter">${escapeHtml(chapter.title)} <span>${clock(seconds)}</span></p>
<audio controls preload="none" src="${escapeHtml(publicAudioPath(slug, i + 1))}" aria-label="${escapeHtml(chapter.title)}">${escapeHtml(m.cannotPlay)}</audio></li>`
    })
    .join('\n')
  const body = `<div class="book">${cover}<div>
<h1>${escapeHtml(version.title)}</h1>
${version.author ? `<p class="author">${escapeHtml(m.by(version.author))}</p>` : ''}
${version.description ? `<p class="description">${escapeHtml(version.description)}</p>` : ''}
</div></div>
<p class="note">${escapeHtml(note)}</p>
<h2>${escapeHtml(m.chapters)}</h2>
<ol>
${chapters}
</ol>`
  return page(m, locale, `${version.title} · Timbre`, body)
}

export function renderBookNotFound(locale: Locale): string {
  const m = bookMessages(locale)
  return page(
    m,
    locale,
    `${m.notFoundTitle} · Timbre`,
    `<h1>${escapeHtml(m.notFoundTitle)}</h1>\n<p class="author">${escapeHtml(m.notFoundBody)}</p>`,
  )
}
