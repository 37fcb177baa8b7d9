import { routes } from '../../routes'

// The app's main navigation. Labels are translation keys under shell.nav.
export const NAV_ITEMS = [
  { key: 'home', to: routes.home },
  { key: 'speechSynthesis', to: routes.speechSynthesis },
  { key: 'history', to: routes.history },
  { key: 'dubs', to: routes.dubs },
  { key: 'audioNative', to: routes.audioNative },
  { key: 'usage', to: routes.usage },
  { key: 'subscription', to: routes.subscription },
  { key: 'affiliates', to: routes.affiliates },
  { key: 'apiKeys', to: routes.apiKeys },
] as const
