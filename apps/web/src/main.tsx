import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { applyTheme, storedThemeChoice } from './features/theme/theme'
import { applyLocale, setupI18n } from './i18n/i18n'
import { initialLocale } from './i18n/locales'
import { ignoreWheelOnNumberInputs } from './lib/number-wheel'
import { readKey, storageKeys } from './lib/storage'
import './index.css'

async function start(): Promise<void> {
  // The theme is set before anything paints, so a dark screen never flashes white.
  applyTheme(storedThemeChoice())
  ignoreWheelOnNumberInputs(document)
  await setupI18n()
  // Waits at most the 3 s locale timeout before the first paint, then shows en-US.
  await applyLocale(initialLocale(readKey(storageKeys.locale), navigator.languages ?? [navigator.language]))
  const root = document.getElementById('root')
  if (!root) throw new Error('#root is missing from index.html')
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}

void start()
