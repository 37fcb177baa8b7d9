// Error codes of single sign-on and verified domains.
export const SSO_ERRORS = {
  email_password_disallowed: {
    status: 403,
    message: 'Your workspace does not allow signing in with email and password. Continue with SSO.',
  },
  sso_provider_not_found: { status: 404, message: 'No single sign-on is set up for this email address.' },
  identity_provider_not_found: { status: 404, message: 'Identity provider not found.' },
  identity_provider_exists: {
    status: 409,
    message: 'This workspace already has an identity provider. Edit or delete it first.',
  },
  sso_url_invalid: { status: 422, message: 'Please enter a valid HTTPS URL' },
  sso_host_unresolved: {
    status: 422,
    message: 'The host of this URL could not be resolved. Check the address and its DNS records.',
  },
  sso_certificate_invalid: {
    status: 422,
    message: 'Add at least one certificate with BEGIN CERTIFICATE and END CERTIFICATE markers.',
  },
  sso_domain_invalid: { status: 422, message: 'Add at least one domain, each a valid domain name.' },
  sso_address_refused: {
    status: 422,
    message: 'Please enter a valid HTTPS URL: private, loopback and link-local addresses are not allowed.',
  },
  sso_provider_unreachable: {
    status: 502,
    message: 'The identity provider could not be reached or answered with an invalid configuration.',
  },
  sso_sign_in_failed: {
    status: 401,
    message: "Single sign-on failed: the identity provider's answer could not be verified. Try again.",
  },
  sso_sign_in_expired: { status: 401, message: 'This single sign-on attempt has expired. Try again.' },
  sso_domain_not_verified: {
    status: 403,
    message: 'Your email domain is not a verified domain of this workspace. Ask a workspace admin.',
  },
  sso_user_not_provisioned: {
    status: 403,
    message:
      'Your account is not a member of this workspace and auto provisioning is off. Ask a workspace admin for an invite.',
  },
  domain_not_found: { status: 404, message: 'Domain not found.' },
  domain_exists: { status: 409, message: 'This domain is already added to the workspace.' },
  domain_taken: { status: 409, message: 'This domain is already verified by another workspace.' },
  sso_requires_identity_provider: {
    status: 409,
    message: 'Set up an identity provider before requiring single sign-on.',
  },
} as const
