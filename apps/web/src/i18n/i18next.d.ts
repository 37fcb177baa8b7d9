import 'i18next'
import type enUS from './locales/en-US.json'

// Type-checks every t('key') against the en-US messages.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof enUS }
  }
}
