import type { IconName } from '../../components/icon'
import { routes } from '../../routes'

// The app's main navigation: only the pages that work today. Labels are translation keys under
// shell.nav. The phone's bottom bar has room for four labelled items; the account pages
// (usage, subscription) are reached there through the account menu.
export const NAV_ITEMS = [
  { key: 'home', to: routes.home, icon: 'home', phone: true },
  { key: 'speechSynthesis', to: routes.speechSynthesis, icon: 'speech', phone: true },
  { key: 'soundEffects', to: routes.soundEffects, icon: 'sparkles', phone: false },
  { key: 'voiceIsolator', to: routes.voiceIsolator, icon: 'volume', phone: false },
  { key: 'studio', to: routes.studio, icon: 'book', phone: false },
  { key: 'podcasts', to: routes.studioPodcast, icon: 'dialogue', phone: false },
  { key: 'voiceover', to: routes.voiceover, icon: 'volume', phone: false },
  { key: 'voiceChanger', to: routes.voiceChanger, icon: 'speech', phone: false },
  { key: 'voiceDesign', to: routes.voiceDesign, icon: 'sparkles', phone: false },
  { key: 'voices', to: routes.voices, icon: 'voices', phone: true },
  { key: 'voiceLibrary', to: routes.voiceLibrary, icon: 'search', phone: false },
  { key: 'history', to: routes.history, icon: 'history', phone: true },
  { key: 'dictionaries', to: routes.dictionaries, icon: 'dialogue', phone: false },
  { key: 'usage', to: routes.usage, icon: 'chart', phone: false },
  { key: 'subscription', to: routes.subscription, icon: 'card', phone: false },
  { key: 'apiKeys', to: routes.apiKeys, icon: 'key', phone: false },
  { key: 'workspaceSettings', to: routes.workspaceMembers, icon: 'user', phone: false },
  { key: 'twoFactor', to: routes.twoFactor, icon: 'shield', phone: false },
] as const satisfies readonly { key: string; to: string; icon: IconName; phone: boolean }[]

/** The pages the phone's bottom bar has no room for, reached there through the account menu. */
export const ACCOUNT_ITEMS = NAV_ITEMS.filter((item) => !item.phone)
