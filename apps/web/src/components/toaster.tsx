import * as Toast from '@radix-ui/react-toast'
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { routes } from '../routes'

// Toasts auto-close after 5555 ms, at most 3 at once.
export const TOAST_DURATION_MS = 5555
export const MAX_TOASTS = 3
// Toasts sit top-centre on sign-in and sign-up, bottom-right elsewhere.
const TOP_CENTRE_PATHS: readonly string[] = [routes.signIn, routes.signUp]

type Tone = 'info' | 'success' | 'error'
export type ToastInput = { title: string; description?: string; tone?: Tone }
type ToastItem = ToastInput & { id: number }

/** The list after a new toast: the newest three stay, the oldest leaves first. */
export function withToast<T>(current: readonly T[], next: T, max = MAX_TOASTS): T[] {
  return [...current, next].slice(-max)
}

const ToastContext = createContext<(toast: ToastInput) => void>(() => {})

export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext)
}

const DOT: Record<Tone, string> = { info: 'bg-neutral-400', success: 'bg-emerald-500', error: 'bg-red-500' }
let nextId = 1

export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const [items, setItems] = useState<ToastItem[]>([])
  const top = TOP_CENTRE_PATHS.includes(pathname)
  // Inside the app, toasts rise above the player bar (and the phone's tab bar).
  const inApp = pathname.startsWith('/app/')

  const show = useCallback((toast: ToastInput) => {
    setItems((current) => withToast(current, { ...toast, id: nextId++ }))
  }, [])
  const remove = (id: number) => setItems((current) => current.filter((item) => item.id !== id))

  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider
        duration={TOAST_DURATION_MS}
        swipeDirection={top ? 'up' : 'right'}
        label={t('common.notifications')}
      >
        {children}
        {items.map((item) => (
          <Toast.Root
            key={item.id}
            type={item.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && remove(item.id)}
            data-position={top ? 'top' : 'bottom'}
            className="toast pointer-events-auto flex w-full items-start gap-3 rounded-xl border border-neutral-200 bg-white p-4 shadow-lg"
          >
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2 shrink-0 rounded-full ${DOT[item.tone ?? 'info']}`}
            />
            <div className="min-w-0 flex-1">
              <Toast.Title className="text-sm font-medium text-neutral-900">{item.title}</Toast.Title>
              {item.description && (
                <Toast.Description className="mt-0.5 text-sm text-neutral-600">
                  {item.description}
                </Toast.Description>
              )}
            </div>
            <Toast.Close
              aria-label={t('common.close')}
              className="-m-1 rounded-md p-1 text-neutral-400 hover:bg-neutral-100 hover:text-neutral-700"
            >
              <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
              </svg>
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport
          className={`fixed z-[60] flex w-full max-w-sm flex-col gap-2 p-4 outline-none ${
            top
              ? 'top-0 left-1/2 -translate-x-1/2'
              : inApp
                ? 'right-0 bottom-36 lg:bottom-20'
                : 'right-0 bottom-0'
          }`}
        />
      </Toast.Provider>
    </ToastContext.Provider>
  )
}
