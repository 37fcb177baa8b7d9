import { readKey, storageKeys, writeKey } from '../../lib/storage'

export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
export type Theme = 'light' | 'dark'

/** A stored value that is not a known choice means "follow the system". */
export function parseThemeChoice(raw: string | null): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(raw ?? '') ? (raw as ThemeChoice) : 'system'
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light'
  return choice
}

const darkQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null

export function storedThemeChoice(): ThemeChoice {
  return parseThemeChoice(readKey(storageKeys.theme))
}

/** Sets the `dark` class and the browser chrome colour for a choice. */
export function applyTheme(choice: ThemeChoice): Theme {
  const theme = resolveTheme(choice, darkQuery()?.matches ?? false)
  const root = document.documentElement
  root.classList.toggle('dark', theme === 'dark')
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#17171c' : '#ffffff')
  return theme
}

export function saveThemeChoice(choice: ThemeChoice): void {
  writeKey(storageKeys.theme, choice === 'system' ? null : choice)
  applyTheme(choice)
}

/** Re-applies "system" when the operating system switches between light and dark. */
export function followSystemTheme(): () => void {
  const query = darkQuery()
  if (!query) return () => {}
  const onChange = () => {
    if (storedThemeChoice() === 'system') applyTheme('system')
  }
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}
