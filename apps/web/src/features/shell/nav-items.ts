import type { IconName } from '../../components/icon'
import { routes } from '../../routes'

// The app's main navigation: only the pages that work today, in groups (making audio, voices,
// agents, the account). Labels are translation keys under shell.nav, group headings under
// shell.navGroups. The phone's bottom bar has room for four labelled items; the other pages are
// reached there through the account menu.
export const NAV_GROUPS = ['create', 'voices', 'agents', 'account'] as const
export type NavGroup = (typeof NAV_GROUPS)[number]

export const NAV_ITEMS = [
  { key: 'home', to: routes.home, icon: 'home', phone: true, group: 'create' },
  { key: 'speechSynthesis', to: routes.speechSynthesis, icon: 'speech', phone: true, group: 'create' },
  { key: 'soundEffects', to: routes.soundEffects, icon: 'sparkles', phone: false, group: 'create' },
  { key: 'music', to: routes.music, icon: 'volume', phone: false, group: 'create' },
  { key: 'voiceIsolator', to: routes.voiceIsolator, icon: 'volume', phone: false, group: 'create' },
  { key: 'speechToText', to: routes.speechToText, icon: 'dialogue', phone: false, group: 'create' },
  { key: 'dubs', to: routes.dubs, icon: 'speech', phone: false, group: 'create' },
  { key: 'productions', to: routes.productions, icon: 'user', phone: false, group: 'create' },
  { key: 'voiceChanger', to: routes.voiceChanger, icon: 'speech', phone: false, group: 'create' },
  { key: 'studio', to: routes.studio, icon: 'book', phone: false, group: 'create' },
  { key: 'podcasts', to: routes.studioPodcast, icon: 'dialogue', phone: false, group: 'create' },
  { key: 'voiceover', to: routes.voiceover, icon: 'volume', phone: false, group: 'create' },
  { key: 'audioNative', to: routes.audioNative, icon: 'book', phone: false, group: 'create' },
  { key: 'agents', to: routes.agents, icon: 'dialogue', phone: false, group: 'create' },
  { key: 'voices', to: routes.voices, icon: 'voices', phone: true, group: 'voices' },
  { key: 'voiceLibrary', to: routes.voiceLibrary, icon: 'search', phone: false, group: 'voices' },
  { key: 'voiceDesign', to: routes.voiceDesign, icon: 'sparkles', phone: false, group: 'voices' },
  { key: 'dictionaries', to: routes.dictionaries, icon: 'dialogue', phone: false, group: 'voices' },
  { key: 'knowledgeBase', to: routes.knowledgeBase, icon: 'book', phone: false, group: 'agents' },
  { key: 'history', to: routes.history, icon: 'history', phone: true, group: 'account' },
  { key: 'usage', to: routes.usage, icon: 'chart', phone: false, group: 'account' },
  { key: 'subscription', to: routes.subscription, icon: 'card', phone: false, group: 'account' },
  { key: 'affiliates', to: routes.affiliates, icon: 'share', phone: false, group: 'account' },
  { key: 'impactProgram', to: routes.impactProgram, icon: 'sparkles', phone: false, group: 'account' },
  { key: 'apiKeys', to: routes.apiKeys, icon: 'key', phone: false, group: 'account' },
  { key: 'workspaceSettings', to: routes.workspaceMembers, icon: 'user', phone: false, group: 'account' },
  { key: 'twoFactor', to: routes.twoFactor, icon: 'shield', phone: false, group: 'account' },
] as const satisfies readonly { key: string; to: string; icon: IconName; phone: boolean; group: NavGroup }[]

/**
 * The entry a path belongs to: the one whose address is the longest prefix of it, so a page
 * under Studio (a project) lights Studio, while the podcast page, itself under Studio's
 * address, lights Podcasts alone.
 */
export function activeNavKey(pathname: string): string | undefined {
  let best: (typeof NAV_ITEMS)[number] | undefined
  for (const item of NAV_ITEMS) {
    const inside = pathname === item.to || pathname.startsWith(`${item.to}/`)
    if (inside && (!best || item.to.length > best.to.length)) best = item
  }
  return best?.key
}

/** The pages the phone's bottom bar has no room for, reached there through the account menu. */
export const ACCOUNT_ITEMS = NAV_ITEMS.filter((item) => !item.phone)
