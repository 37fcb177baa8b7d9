import { createHash } from 'node:crypto'

// What the public pages (a share link, a published book) have in common with the app's look:
// its palette and the colour theme chosen in it.

/**
 * The one script a public page runs: it applies the colour theme chosen in the app (stored in
 * this browser under `xi:theme`), so the page opens in the same theme as the app. Without a
 * stored choice the page follows the system setting through CSS alone.
 */
export const THEME_SCRIPT =
  "try{var t=localStorage.getItem('xi:theme');if(t==='dark'||t==='light')document.documentElement.classList.add(t)}catch(e){}"
/** The script's hash, the only script a public page's CSP allows. */
export const THEME_SCRIPT_HASH = createHash('sha256').update(THEME_SCRIPT).digest('base64')

// The app's palette (one accent colour on a neutral scale, the same oklch values as the web
// app's stylesheet), light and dark.
const LIGHT =
  '--bg:oklch(98.5% 0.002 270);--card:#fff;--text:oklch(21% 0.006 270);--muted:oklch(55% 0.01 270);--line:oklch(92% 0.004 270);--soft:oklch(96.5% 0.003 270);--accent:oklch(0.511 0.262 276.966);--accent-soft:oklch(0.962 0.018 272.314);--accent-text:oklch(0.457 0.24 277.023);--button:oklch(21% 0.006 270);--on-button:#fff'
const DARK =
  '--bg:oklch(16% 0.006 270);--card:oklch(19% 0.006 270);--text:oklch(96% 0.002 270);--muted:oklch(66% 0.006 270);--line:oklch(30% 0.008 270);--soft:oklch(23% 0.006 270);--accent:oklch(70% 0.17 277);--accent-soft:oklch(28% 0.06 277);--accent-text:oklch(82% 0.1 277);--button:oklch(96% 0.002 270);--on-button:oklch(19% 0.006 270)'

/** The palette as CSS custom properties: light, dark when chosen in the app or by the system. */
export const PALETTE_CSS = `
:root{color-scheme:light;${LIGHT}}
:root.dark{color-scheme:dark;${DARK}}
@media (prefers-color-scheme:dark){:root:not(.light){color-scheme:dark;${DARK}}}`
