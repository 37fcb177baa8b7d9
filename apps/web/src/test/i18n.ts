// English messages for tests, loaded synchronously so the first render already has them.
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import enUS from '../i18n/locales/en-US.json'

export const testI18n = i18next.createInstance()
void testI18n.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { translation: enUS } },
  interpolation: { escapeValue: false },
  initImmediate: false,
  showSupportNotice: false,
})
