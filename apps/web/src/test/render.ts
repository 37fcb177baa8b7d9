// Renders a component to HTML in tests, inside the providers the app gives it (English
// messages, a router), so a test can check what a reader would see.
import { createElement, type ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { testI18n as i18n } from './i18n'

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
