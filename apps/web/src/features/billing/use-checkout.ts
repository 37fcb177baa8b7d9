import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { ApiError } from '../../lib/api-error'
import type { CheckoutRequest } from '../../lib/api-types'
import { createCheckoutSession } from './billing-api'
import { forgetPromocode } from './promo-storage'

/**
 * Starts a checkout and leaves for the page where it is paid. An expired coupon is removed from
 * the browser; other failures show the product's checkout texts.
 */
export function useStartCheckout() {
  const { t } = useTranslation()
  const toast = useToast()
  return useMutation({
    mutationFn: (request: CheckoutRequest) => createCheckoutSession(request),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'coupon_expired') {
        forgetPromocode()
        toast({ title: t('billing.errors.couponExpired'), tone: 'error' })
      } else if (error instanceof ApiError && error.status > 0) {
        toast({ title: t('billing.errors.checkoutFailed'), tone: 'error' })
      } else {
        toast({ title: t('billing.errors.unexpected'), tone: 'error' })
      }
    },
  })
}
