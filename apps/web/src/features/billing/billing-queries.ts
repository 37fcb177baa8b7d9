import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { ChangeRequest, SubscriptionInfo } from '../../lib/api-types'
import { userQueryKey } from '../auth/use-session'
import {
  applyDiscount,
  cancelDowngrade,
  cancelSubscription,
  changeSubscription,
  getPlanOffers,
  getSubscriptionInfo,
  listInvoices,
  renewSubscription,
  validatePromocode,
} from './billing-api'

export const subscriptionInfoKey = ['billing', 'subscription-info'] as const
export const invoicesKey = ['billing', 'invoices'] as const

export function usePlanOffers(currency: 'usd' | 'eur') {
  return useQuery({
    queryKey: ['billing', 'plans', currency],
    queryFn: () => getPlanOffers(currency),
    staleTime: 10 * 60_000,
  })
}

export function useSubscriptionInfo(enabled = true) {
  return useQuery({ queryKey: subscriptionInfoKey, queryFn: getSubscriptionInfo, enabled })
}

export function useInvoices() {
  return useQuery({ queryKey: invoicesKey, queryFn: listInvoices })
}

/** A promo code's validation, asked once per code for the session (cached for good). */
export function usePromoValidation(code: string | null) {
  return useQuery({
    queryKey: ['billing', 'promo', code],
    queryFn: () => validatePromocode(code ?? ''),
    enabled: !!code,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

/** After any change: the subscription, the invoices and the header's credits are read again. */
export function useRefreshBilling() {
  const client = useQueryClient()
  return useCallback(
    (info?: SubscriptionInfo) => {
      if (info) client.setQueryData(subscriptionInfoKey, info)
      void client.invalidateQueries({ queryKey: subscriptionInfoKey })
      void client.invalidateQueries({ queryKey: invoicesKey })
      void client.invalidateQueries({ queryKey: userQueryKey })
    },
    [client],
  )
}

type Operation =
  | { kind: 'change'; request: ChangeRequest }
  | { kind: 'cancelDowngrade' }
  | { kind: 'cancel' }
  | { kind: 'renew' }
  | { kind: 'discount'; code: string }

function run(op: Operation): Promise<SubscriptionInfo> {
  switch (op.kind) {
    case 'change':
      return changeSubscription(op.request)
    case 'cancelDowngrade':
      return cancelDowngrade()
    case 'cancel':
      return cancelSubscription()
    case 'renew':
      return renewSubscription()
    case 'discount':
      return applyDiscount(op.code)
  }
}

/** One mutation for the subscription operations; each answers the new subscription info. */
export function useSubscriptionOperation() {
  const refresh = useRefreshBilling()
  return useMutation({ mutationFn: run, onSuccess: (info) => refresh(info) })
}
