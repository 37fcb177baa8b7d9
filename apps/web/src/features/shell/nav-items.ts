import type { IconName } from '../../components/icon'
import { routes } from '../../routes'

// The app's main navigation: only the pages that work today. Labels are translation keys under
// shell.nav.
export const NAV_ITEMS = [
  { key: 'home', to: routes.home, icon: 'home' },
  { key: 'speechSynthesis', to: routes.speechSynthesis, icon: 'speech' },
  { key: 'soundEffects', to: routes.soundEffects, icon: 'sparkles' },
  { key: 'voiceIsolator', to: routes.voiceIsolator, icon: 'volume' },
  { key: 'history', to: routes.history, icon: 'history' },
  { key: 'apiKeys', to: routes.apiKeys, icon: 'key' },
] as const satisfies readonly { key: string; to: string; icon: IconName }[]
