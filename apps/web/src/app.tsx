import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { I18nextProvider } from 'react-i18next'
import { BrowserRouter, useLocation } from 'react-router'
import { CrashScreen } from './components/crash-screen'
import { ErrorBoundary } from './components/error-boundary'
import { ToastProvider } from './components/toaster'
import { ReferralCapture } from './features/referrals/referral-capture'
import { i18n } from './i18n/i18n'
import { AppRoutes } from './router'

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false }, mutations: { retry: false } },
})

function Guarded() {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(retry) => (
        <CrashScreen
          onRetry={() => {
            // Bad data is a common cause: fetch everything again before rendering again.
            void queryClient.resetQueries()
            retry()
          }}
        />
      )}
    >
      <AppRoutes />
    </ErrorBoundary>
  )
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ReferralCapture />
          <ToastProvider>
            <Guarded />
          </ToastProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
