// Renders a component to HTML in tests, inside the providers the app gives it (English
// messages, a router), so a test can check what a reader would see.
import i18next from 'i18next'
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import enUS from '../i18n/locales/en-US.json'

const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: 'en-US',
  resources: { 'en-US': { translation: enUS } },
  interpolation: { escapeValue: false },
  initImmediate: false,
  showSupportNotice: false,
})

export function renderHtml(element: ReactElement): string {
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(MemoryRouter, null, element)),
  )
}

/** The visible text of rendered HTML, tags removed and spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}
