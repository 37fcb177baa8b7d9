import { VOICEOVER_ERRORS } from './voiceover.js'

// Stable error codes and the texts users see (the product's own wording where it has one).
// The HTTP status lives with the code so server and clients agree.

export interface ErrorDefinition {
  status: number
  message: string
}

export const ERRORS = {
  // generic
  validation_error: { status: 422, message: 'Invalid request.' },
  invalid_json: { status: 400, message: 'The request body is not valid JSON.' },
  invalid_multipart: { status: 400, message: 'The request body is not valid multipart/form-data.' },
  payload_too_large: { status: 413, message: 'The request body is too large.' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed.' },
  internal_error: { status: 500, message: 'Something went wrong, please try again later.' },
  rate_limited: { status: 429, message: 'Too many requests, try again later.' },
  // auth: sign-in, sessions, keys, verification
  unauthorized: { status: 401, message: 'Authentication required.' },
  invalid_api_key: { status: 401, message: 'Invalid API key.' },
  api_key_disabled: { status: 401, message: 'This API key is disabled.' },
  invalid_credentials: { status: 401, message: 'No user found with these credentials.' },
  too_many_attempts: { status: 429, message: 'Too many attempts, please try again in a few minutes' },
  invalid_refresh_token: { status: 401, message: 'The session has expired. Please sign in again.' },
  missing_permissions: {
    status: 403,
    message: 'This API key does not have the permission needed for this call.',
  },
  email_taken: { status: 409, message: 'An account with this email already exists.' },
  email_not_verified: {
    status: 403,
    message:
      'Please verify your email address first: open the link we sent you, or request a new one from your account.',
  },
  cross_site_request: {
    status: 403,
    message:
      'This request came from another site and was refused. Open Timbre at its own address and try again.',
  },
  wrong_site_address: {
    status: 403,
    message:
      'This page was opened at another address than the one Timbre is configured for (PUBLIC_URL). Open Timbre at that address.',
  },
  invalid_action_code: { status: 400, message: 'This link is invalid or has already been used.' },
  expired_action_code: { status: 400, message: 'This link has expired. Please request a new one.' },
  weak_password: {
    status: 422,
    message: 'The password must be at least 8 characters long and contain a letter and a digit.',
  },
  email_mismatch: { status: 422, message: 'The email you typed does not match your account email.' },
  account_deleted: { status: 401, message: 'This account has been deleted.' },
  owner_must_transfer_workspace: {
    status: 409,
    message:
      'You own a workspace with other members. Transfer its ownership to another member before deleting your account.',
  },
  api_key_not_found: { status: 404, message: 'API key not found.' },
  // text to speech and credits (quota answers as the public API does: 401 quota_exceeded)
  quota_exceeded: {
    status: 401,
    message: 'Insufficient credits remaining. Please upgrade to continue generating.',
  },
  max_character_limit_exceeded: {
    status: 400,
    message: 'The text is longer than your plan allows per request.',
  },
  concurrent_limit_exceeded: {
    status: 429,
    message: 'Concurrency limit exceeded: too many requests are running at once for your plan.',
  },
  model_not_found: { status: 400, message: 'Unknown model.' },
  invalid_output_format: { status: 422, message: 'Unknown output format.' },
  model_cannot_do_text_to_speech: { status: 400, message: 'This model cannot do text to speech.' },
  text_empty: { status: 400, message: 'The text is empty.' },
  text_too_long: { status: 400, message: 'The text is too long.' },
  unsupported_language: { status: 400, message: 'This language is not supported by the model or voice.' },
  invalid_voice: { status: 400, message: 'This voice cannot be used for speech.' },
  invalid_voice_settings: { status: 422, message: 'Invalid voice settings.' },
  invalid_request: { status: 400, message: 'Invalid request.' },
  engine_failed: { status: 500, message: 'Something went wrong, please try again later.' },
  worker_crashed: { status: 503, message: 'The speech engine restarted; please try again.' },
  service_closed: { status: 503, message: 'The server is shutting down; please try again.' },
  /** The client went away; nobody reads this answer, but it is never counted as a server error. */
  request_aborted: { status: 499, message: 'The request was cancelled.' },
  mailbox_unavailable: {
    status: 404,
    message: 'The local mailbox is only available when no SMTP server is configured.',
  },
  // history
  history_item_not_found: { status: 404, message: 'History item not found.' },
  history_audio_missing: { status: 404, message: 'The audio of this history item is no longer stored.' },
  invalid_history_cursor: {
    status: 400,
    message: 'start_after_history_item_id does not name a history item of this workspace.',
  },
  share_link_not_found: { status: 404, message: 'This share link does not exist or was removed.' },
  feedback_too_short: { status: 422, message: 'minimum 20 characters' },
  feedback_too_long: { status: 422, message: 'The feedback text is too long.' },
  feedback_already_reviewed: {
    status: 409,
    message: 'This feedback cannot be changed as it was already reviewed.',
  },
  audio_conversion_failed: { status: 422, message: 'The stored audio could not be converted.' },
  // voices
  voice_not_found: { status: 404, message: 'A voice with this voice_id was not found.' },
  // Studio
  project_not_found: { status: 404, message: 'Project not found or no access.' },
  chapter_not_found: { status: 404, message: 'Chapter not found or no access.' },
  studio_voice_not_found: { status: 400, message: 'Voice not found or deleted.' },
  studio_version_conflict: {
    status: 409,
    message:
      'Conflict detected with server: the project changed since you opened it. Reload it, or save again to overwrite.',
  },
  studio_block_not_found: { status: 404, message: 'Paragraph not found in this chapter.' },
  studio_block_not_generated: {
    status: 400,
    message: 'A paragraph must be generated before it can be locked.',
  },
  studio_block_locked: {
    status: 409,
    message: 'This paragraph is locked; unlock it before regenerating it.',
  },
  studio_not_converted: {
    status: 400,
    message: 'Convert the chapters before exporting or streaming their audio.',
  },
  studio_conversion_running: {
    status: 409,
    message: 'A conversion of this chapter is already queued or running.',
  },
  studio_snapshot_not_found: { status: 404, message: 'Snapshot not found or no access.' },
  studio_export_failed: { status: 422, message: 'The audio could not be exported.' },
  studio_export_not_found: { status: 404, message: 'Export not found or no access.' },
  studio_export_not_ready: {
    status: 409,
    message: 'The export is not finished yet; download it once its status is done.',
  },
  studio_publish_not_converted: {
    status: 409,
    message: 'Convert every chapter before publishing: the reader page plays the converted audio.',
  },
  studio_publish_running: { status: 409, message: 'This project is already being published.' },
  studio_not_published: { status: 404, message: 'This project is not published.' },
  unreadable_document: { status: 400, message: 'The script file is empty or could not be loaded.' },
  voice_sample_not_found: { status: 404, message: 'This voice has no sample with this sample_id.' },
  voice_preview_unavailable: { status: 404, message: 'This voice has no preview in that language.' },
  premade_voice_protected: { status: 403, message: 'Premade voices cannot be edited or deleted.' },
  invalid_page_token: {
    status: 400,
    message: 'The next_page_token is invalid or was changed; start again from the first page.',
  },
  invalid_labels: { status: 422, message: 'labels must be a JSON object of strings.' },
  invalid_audio_file: {
    status: 422,
    message: 'The file is not a supported audio file (WAV, MP3, OGG, FLAC, M4A or WebM).',
  },
  too_many_voice_samples: { status: 422, message: 'A voice can have at most 25 samples.' },
  voice_cloning_not_allowed: {
    status: 403,
    message:
      'Voice cloning is not available on the free plan. Upgrade to Starter or higher to clone a voice.',
  },
  voice_limit_reached: {
    status: 403,
    message: 'You have reached the maximum number of custom voices for your plan. Delete a voice or upgrade.',
  },
  voice_add_edit_limit_reached: {
    status: 403,
    message: 'You have used all voice additions and edits of your plan this month.',
  },
  voice_sample_silent: {
    status: 422,
    message: 'No speech was found in the sample: upload a recording of a voice speaking.',
  },
  voice_sample_too_long: { status: 422, message: 'A voice sample may be at most 5 minutes long.' },
  voice_sample_too_short: {
    status: 422,
    message: 'The samples hold too little speech: upload at least 2 seconds of a voice speaking.',
  },
  // professional voice cloning
  pvc_not_allowed: {
    status: 403,
    message:
      'Professional voice cloning needs the Creator plan or higher. Upgrade to create a professional voice clone.',
  },
  pvc_limit_reached: {
    status: 403,
    message: 'You have used all professional voice clones of your plan. Delete one or upgrade.',
  },
  pvc_voice_not_found: { status: 404, message: 'No professional voice clone with this voice_id.' },
  pvc_sample_too_quiet: {
    status: 422,
    message: 'The sample is too quiet: record at -23 to -18 dB RMS with peaks below -3 dB.',
  },
  pvc_sample_too_loud: {
    status: 422,
    message: 'The sample is too loud: record at -23 to -18 dB RMS with peaks below -3 dB.',
  },
  pvc_sample_clipping: {
    status: 422,
    message: 'The sample peaks above -3 dB: lower the recording level so that peaks stay below -3 dB.',
  },
  pvc_language_mismatch: {
    status: 422,
    message: 'All samples of a professional voice clone must be in one language.',
  },
  pvc_not_enough_audio: {
    status: 422,
    message: 'A professional voice clone needs at least 30 minutes of audio before training.',
  },
  pvc_voice_busy: { status: 409, message: 'The voice is being trained or is already trained.' },
  pvc_verification_required: {
    status: 409,
    message: 'Verify the voice first: read the captcha text aloud and upload the recording.',
  },
  pvc_verification_failed: {
    status: 422,
    message:
      'The recording does not match the voice of the samples. Read the captcha text in your own voice.',
  },
  pvc_verification_attempts_exhausted: {
    status: 403,
    message: 'Maximum verification attempts reached. Delete this voice clone and create it again.',
  },
  pvc_voice_blocked: { status: 403, message: 'This voice is blocked for a terms violation.' },
  pvc_manual_verification_files: {
    status: 422,
    message: 'Manual verification needs at least one supporting document.',
  },
  // sound effects and voice isolation
  invalid_sound_effect_duration: {
    status: 422,
    message: 'Invalid duration: duration_seconds must be between 0.5 and 22 seconds, or null for automatic.',
  },
  audio_file_too_big: {
    status: 413,
    message: 'File too big: voice isolation takes files up to 500 MB and 60 minutes long.',
  },
  audio_silent: { status: 422, message: 'The audio file is silent: there is no sound to isolate.' },
  audio_isolation_item_not_found: {
    status: 404,
    message: 'This audio isolation history item does not exist.',
  },
  // voice design and speech to speech
  voice_description_too_short: {
    status: 422,
    message: 'Describe the voice in at least 20 characters.',
  },
  voice_preview_text_length: {
    status: 422,
    message: 'The preview text must be between 70 and 150 characters.',
  },
  generated_voice_not_found: {
    status: 404,
    message: 'This voice preview does not exist or has expired. Generate new previews.',
  },
  voice_previews_failed: { status: 422, message: 'Failed to generate voice previews.' },
  speech_to_speech_too_long: {
    status: 413,
    message: 'File too big: speech to speech takes files up to 50 MB and 5 minutes long.',
  },
  speech_to_speech_silent: {
    status: 422,
    message: 'No speech was found in the audio: upload a recording of someone speaking.',
  },
  // billing (the checkout and subscription texts are the product's own)
  coupon_expired: {
    status: 400,
    message: "This coupon has expired, please use a different one. We've removed it from your browser.",
  },
  invalid_promocode: { status: 400, message: 'Invalid promocode' },
  invalid_discount_code: { status: 400, message: 'This discount code does not exist.' },
  checkout_failed: { status: 409, message: 'Failed to create checkout session' },
  subscription_change_failed: { status: 409, message: 'Failed to change subscription' },
  no_subscription: { status: 409, message: 'This workspace has no paid subscription.' },
  card_declined: { status: 402, message: 'Your card was declined.' },
  invalid_card_number: { status: 422, message: 'The card number is not valid.' },
  checkout_session_not_found: { status: 404, message: 'This checkout session does not exist.' },
  checkout_session_expired: {
    status: 410,
    message: 'This checkout session has expired. Please start again.',
  },
  idempotency_key_reused: {
    status: 409,
    message: 'This idempotency key was already used for a different request.',
  },
  // pronunciation dictionaries (the product's own texts where it has them)
  pronunciation_dictionary_not_found: {
    status: 404,
    message: 'Failed to fetch pronunciation dictionary: it does not exist or you have no access.',
  },
  pronunciation_dictionary_version_not_found: {
    status: 404,
    message: 'This pronunciation dictionary has no version with this version_id.',
  },
  pronunciation_dictionary_archived: {
    status: 409,
    message: 'This pronunciation dictionary is archived; unarchive it before changing its rules.',
  },
  invalid_pronunciation_rule: { status: 422, message: 'Rule output required.' },
  invalid_dictionary_file: {
    status: 400,
    message: 'Unable to create dictionary: the file is not a valid PLS, XML or TXT dictionary.',
  },
  dictionary_editor_required: { status: 403, message: 'Saving dictionary changes requires the editor role.' },
  phonemes_require_english_model: { status: 400, message: 'Phonemes require an English-only model.' },
  too_many_pronunciation_dictionaries: {
    status: 422,
    message: 'At most 3 pronunciation dictionaries can be used per request.',
  },
  invalid_dictionary_cursor: {
    status: 400,
    message: 'The cursor is invalid; start again from the first page.',
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
  // the operator API (promo codes and grant offers)
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
  // usage statistics
  invalid_usage_window: { status: 422, message: 'end_unix must be after start_unix.' },
  unsupported_breakdown: { status: 422, message: 'This breakdown_type is not supported.' },
  // onboarding and notifications
  onboarding_step_not_done: {
    status: 409,
    message: 'This onboarding step is not done yet: complete it in the product first.',
  },
  invalid_timezone: { status: 422, message: 'timezone must be an IANA time zone name such as Europe/Paris.' },
  notification_not_found: { status: 404, message: 'Notification not found.' },
  // workspaces: members, invites, groups, sharing, service accounts
  does_not_have_required_permissions: {
    status: 401,
    message: 'You do not have the permissions needed for this page. Ask a workspace admin for access.',
  },
  workspace_admin_required: { status: 403, message: 'Only workspace admins can do this.' },
  workspace_owner_required: { status: 403, message: 'Only the workspace owner can do this.' },
  product_access_denied: {
    status: 403,
    message: 'Your workspace groups do not give you access to this product. Ask a workspace admin.',
  },
  workspace_not_found: { status: 404, message: 'You are not a member of this workspace.' },
  member_not_found: { status: 404, message: 'No member of this workspace has this email.' },
  member_locked: { status: 403, message: 'Your account has been locked by a workspace admin.' },
  already_member: { status: 409, message: 'This user is already a member of the workspace.' },
  seat_limit_reached: {
    status: 403,
    message:
      'All seats of this workspace are taken. Remove a member or an invite, or upgrade the plan for more seats.',
  },
  owner_cannot_be_changed: {
    status: 403,
    message: 'The workspace owner cannot be removed, locked or demoted. Transfer the ownership first.',
  },
  member_disabled_by_identity_provider: {
    status: 403,
    message: 'This account was disabled by the identity provider: admins cannot enable or delete it.',
  },
  ownership_confirmation_required: {
    status: 422,
    message: 'Tick the confirmation box and type the confirmation sentence exactly to transfer ownership.',
  },
  bulk_invites_enterprise_only: {
    status: 403,
    message: 'Bulk invites are only available for enterprise workspaces.',
  },
  no_valid_bulk_invite_emails: { status: 422, message: 'No valid email addresses found for bulk invites.' },
  invite_not_found: { status: 404, message: 'This invite does not exist or is no longer valid.' },
  invite_expired: { status: 410, message: 'This invite has expired. Ask a workspace admin for a new one.' },
  invite_email_mismatch: {
    status: 403,
    message: 'This invite was sent to another email address. Sign in with the invited address to accept it.',
  },
  group_not_found: { status: 404, message: 'Group not found.' },
  group_name_empty: { status: 422, message: 'Group name cannot be empty.' },
  group_name_taken: { status: 409, message: 'A group with this name already exists.' },
  everyone_group_protected: {
    status: 403,
    message: 'The Everyone group cannot be renamed or deleted, and its members are all members.',
  },
  disable_in_everyone_group_first: {
    status: 409,
    message: 'Any feature must be disabled in the Everyone group first.',
  },
  resource_not_found: { status: 404, message: 'Resource not found.' },
  secret_not_found: { status: 404, message: 'Secret not found.' },
  secret_name_taken: { status: 409, message: 'A secret with this name already exists in the workspace.' },
  resource_edit_not_allowed: {
    status: 403,
    message: 'You have view access to this resource; changing or deleting it needs editor access.',
  },
  resource_sharing_not_allowed: {
    status: 403,
    message: 'Sharing of this resource is limited to workspace admins and its admins.',
  },
  invalid_share_target: {
    status: 422,
    message: 'Name exactly one of user_email, group_id or workspace_api_key_id.',
  },
  service_accounts_paid_only: { status: 403, message: 'Service accounts need a paid plan.' },
  service_account_limit_reached: {
    status: 409,
    message: 'A workspace can have at most 20 service accounts. Contact sales for more.',
  },
  service_account_not_found: { status: 404, message: 'Service account not found.' },
  service_account_has_keys: {
    status: 409,
    message: 'Delete all API keys of this service account before deleting it.',
  },
  // single sign-on and verified domains
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
  // webhooks
  webhook_url_invalid: { status: 422, message: 'Please enter a valid HTTPS URL' },
  webhook_address_refused: {
    status: 422,
    message: 'Please enter a valid HTTPS URL: private, loopback and link-local addresses are not allowed.',
  },
  webhook_auth_connection_required: {
    status: 422,
    message: 'OAuth2 and mTLS webhooks need an auth connection of the same type (auth_connection_id).',
  },
  webhook_not_found: { status: 404, message: 'Webhook not found.' },
  auth_connection_not_found: { status: 404, message: 'Auth connection not found.' },
  auth_connection_in_use: {
    status: 409,
    message: 'This auth connection is used by a webhook. Remove it from the webhook first.',
  },
  auth_connection_invalid: { status: 422, message: 'Please verify all fields are filled out correctly.' },
  auth_connection_token_failed: { status: 502, message: 'The token URL did not return an access token.' },
  // usage analytics and the audit log
  analytics_range_invalid: {
    status: 422,
    message: 'The time range must run forward and cover from 15 minutes to 2 years, from 2020 on.',
  },
  analytics_bucket_size_invalid: {
    status: 422,
    message: 'This bucket size does not fit the time range.',
  },
  analytics_filter_invalid: { status: 422, message: 'This filter cannot be applied.' },
  audit_cursor_invalid: { status: 422, message: 'The cursor is not one this audit log returned.' },
  // two-factor sign-in, the workspace's security rules and the sign-in refusals
  incorrect_code: { status: 400, message: 'Incorrect code. Please try again.' },
  invalid_backup_code: { status: 400, message: 'Invalid backup code.' },
  mfa_already_enabled: {
    status: 409,
    message: 'Two-factor authentication is already added to this account.',
  },
  mfa_not_enabled: { status: 409, message: 'Two-factor authentication is not turned on for this account.' },
  mfa_setup_not_started: {
    status: 409,
    message: 'Start the two-factor setup first: scan the QR code, then enter a code.',
  },
  mfa_challenge_invalid: {
    status: 401,
    message: 'This sign-in step has expired or was already used. Please sign in again.',
  },
  mfa_enrollment_required: {
    status: 403,
    message: 'This workspace requires two-factor authentication. Set it up to continue.',
  },
  session_inactive: {
    status: 401,
    message: 'You were signed out after a period of inactivity. Please sign in again.',
  },
  account_disabled: { status: 403, message: 'This account has been disabled by a workspace admin.' },
  account_locked: { status: 403, message: 'This account is locked. Please contact your workspace admin.' },
  permission_request_not_found: { status: 404, message: 'This permission request does not exist.' },
  permission_already_granted: { status: 409, message: 'You already have this permission.' },
  permission_request_decided: { status: 409, message: 'This permission request has already been answered.' },
  // shared voice library and collections
  shared_voice_not_found: { status: 404, message: 'This voice is not in the shared voice library.' },
  voice_copy_disabled: {
    status: 403,
    message: 'The owner of this voice has turned copying off: it cannot be added to your voices.',
  },
  voice_not_shareable: {
    status: 403,
    message: 'Only the owner of a voice (or a workspace admin) can change how it is shared.',
  },
  voice_copy_not_shareable: {
    status: 422,
    message: 'A voice added from the library cannot be shared again.',
  },
  voice_collection_not_found: { status: 404, message: 'Voice collection not found.' },
  voice_collection_admin_only: {
    status: 403,
    message: 'Only the admin of this collection (its creator or a workspace admin) can delete it.',
  },
  voice_collection_limit_reached: {
    status: 409,
    message: 'A workspace can have at most 200 voice collections.',
  },
  audio_isolation_failed: {
    status: 500,
    message: 'Voice isolation failed; nothing was charged. Please try again.',
  },
  audio_isolation_job_not_found: { status: 404, message: 'This voice isolation job does not exist.' },
  sound_effect_not_found: { status: 404, message: 'This sound effect was not found.' },
  ...VOICEOVER_ERRORS,
  // audio native
  audio_native_project_not_found: { status: 404, message: 'Audio Native project not found or no access.' },
  audio_native_page_not_allowed: {
    status: 403,
    message: 'This page is not on the URL allowlist of this Audio Native player.',
  },
  audio_native_not_published: { status: 409, message: 'This article has not been published yet.' },
  audio_native_no_content: {
    status: 422,
    message: 'No readable article text was found on this page; check the content selector.',
  },
  audio_native_url_unreachable: { status: 422, message: 'The page could not be fetched.' },
  audio_native_conversion_failed: {
    status: 500,
    message: 'Conversion failed. Nothing was charged; please try again.',
  },
  // podcasts
  podcast_llm_not_configured: {
    status: 422,
    message:
      'Writing a podcast conversation needs a language model, and none is configured: the operator must set PODCAST_LLM_URL to an OpenAI-compatible chat-completions URL (and PODCAST_LLM_MODEL, PODCAST_LLM_API_KEY if it needs them). Or choose the turns mode, where the two voices read the document in turns.',
  },
  podcast_llm_failed: { status: 502, message: 'The language model did not return a usable conversation.' },
  audio_native_nothing_to_publish: {
    status: 409,
    message: 'There is no converted audio waiting to be published; convert the article first.',
  },
} as const satisfies Record<string, ErrorDefinition>

export type ErrorCode = keyof typeof ERRORS
