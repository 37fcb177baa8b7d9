// Error codes of billing (the checkout and subscription texts are the product's own) and the
// operator API (promo codes and grant offers).
export const BILLING_ERRORS = {
  coupon_expired: {
    status: 400,
    message: "This coupon has expired, please use a different one. We've removed it from your browser.",
  },
  invalid_promocode: { status: 400, message: 'Invalid promocode' },
  promocode_used_up: { status: 400, message: 'This promo code has been redeemed as often as it may be.' },
  promocode_already_redeemed: {
    status: 400,
    message: 'This promo code was already redeemed on this account.',
  },
  invalid_discount_code: { status: 400, message: 'This discount code does not exist.' },
  checkout_failed: { status: 409, message: 'Failed to create checkout session' },
  subscription_change_failed: { status: 409, message: 'Failed to change subscription' },
  no_subscription: { status: 409, message: 'This workspace has no paid subscription.' },
  card_declined: { status: 402, message: 'Your card was declined.' },
  invalid_card_number: { status: 422, message: 'The card number is not valid.' },
  purchase_already_paid: { status: 409, message: 'This has been paid already.' },
  checkout_session_not_found: { status: 404, message: 'This checkout session does not exist.' },
  checkout_session_expired: {
    status: 410,
    message: 'This checkout session has expired. Please start again.',
  },
  idempotency_key_reused: {
    status: 409,
    message: 'This idempotency key was already used for a different request.',
  },
  not_billing_admin: {
    status: 403,
    message: 'Only workspace admins can manage billing.',
  },
  no_payment_method: {
    status: 402,
    message: 'There is no card on file. Add a payment method first.',
  },
  card_verification_failed: { status: 402, message: 'Card verification failed' },
  usage_billing_enable_failed: {
    status: 409,
    message:
      'Failed to enable usage-based billing. Card verification may take up to 1 minute; please try again shortly.',
  },
  usage_billing_not_for_grants: {
    status: 409,
    message: 'Grant recipients cannot enable usage-based billing.',
  },
  unpaid_invoice: {
    status: 402,
    message: 'This workspace has an unpaid invoice. Update the payment method to pay it first.',
  },
  usage_billing_not_in_plan: {
    status: 409,
    message: 'This plan cannot extend its character limit.',
  },
  grant_offer_invalid: { status: 400, message: 'This grant code is not valid.' },
  grant_offer_redeemed: { status: 409, message: 'This grant has already been accepted.' },
  subscription_change_in_progress: {
    status: 409,
    message: 'Another change to this subscription is in progress. Please try again in a moment.',
  },
  invalid_operator_token: { status: 401, message: 'A valid operator token is required.' },
  promo_code_exists: { status: 409, message: 'A promo code with this code already exists.' },
  promo_code_not_found: { status: 404, message: 'No promo code has this code.' },
  grant_offer_exists: { status: 409, message: 'A grant offer with this code already exists.' },
  grant_offer_not_found: { status: 404, message: 'No grant offer has this code.' },
  grant_needs_conversion: {
    status: 409,
    message: 'This workspace pays for a subscription: convert it to the grant instead.',
  },
  not_on_grant: { status: 409, message: 'This workspace is not on a grant.' },
  invalid_webhook_signature: { status: 400, message: 'The webhook signature is not valid.' },
  payment_provider_failed: {
    status: 502,
    message: 'The payment provider could not be reached. Please try again later.',
  },
} as const
