import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import {
  createPaymentMethodsSession,
  createPortalSession,
  getLocalPortal,
  replaceLocalCard,
} from './billing-api'
import { useRefreshBilling } from './billing-queries'

export const localPortalKey = ['billing', 'local-portal'] as const

export function useLocalPortal(enabled: boolean) {
  return useQuery({ queryKey: localPortalKey, queryFn: getLocalPortal, enabled, retry: false })
}

/** Saves a test card; the answer is the portal as it now stands (open invoices paid or not). */
export function useReplaceCard() {
  const client = useQueryClient()
  const refresh = useRefreshBilling()
  return useMutation({
    mutationFn: (cardNumber: string) => replaceLocalCard(cardNumber),
    onSuccess: (portal) => {
      client.setQueryData(localPortalKey, portal)
      refresh(portal.subscription)
    },
  })
}

/**
 * Asks the server for the provider's portal or card page and leaves for it: the built-in
 * provider answers one of our own pages, a hosted one answers its own site.
 */
export function useOpenProviderPage(page: 'portal' | 'paymentMethod') {
  const { t } = useTranslation()
  const toast = useToast()
  const errorText = useErrorText()
  return useMutation({
    mutationFn: () => (page === 'portal' ? createPortalSession() : createPaymentMethodsSession()),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({ title: t('billing.portal.openFailed'), description: errorText(error, ''), tone: 'error' }),
  })
}
