// Mounts a component in jsdom inside the providers the app gives it (English messages, a router,
// a query client that never retries, the toaster), for tests that click and type.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, type RenderResult, render } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { afterEach } from 'vitest'
import { ToastProvider } from '../components/toaster'
import { testI18n } from './i18n'

// Testing Library unmounts after each test by itself only when the runner has global hooks.
afterEach(cleanup)

export function renderInApp(element: ReactElement, { path = '/' }: { path?: string } = {}): RenderResult {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={testI18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <ToastProvider>{children}</ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  )
  return render(element, { wrapper })
}
