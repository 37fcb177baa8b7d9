// Error codes of the Productions marketplace (the spec's task messages where it has them).
export const PRODUCTIONS_ERRORS = {
  production_not_found: { status: 404, message: 'Not found.' },
  production_workspace_mismatch: {
    status: 403,
    message: 'This workspace is not the one you are working in.',
  },
  production_claim_failed: {
    status: 409,
    message: 'This task could not be claimed or was not found or already claimed',
  },
  production_active_task: {
    status: 409,
    message: 'You already have an active production. Submit it before claiming another.',
  },
  production_feedback_reviewed: {
    status: 409,
    message: 'This feedback cannot be changed as it was already reviewed',
  },
  production_empty_deliverable: {
    status: 422,
    message: 'The deliverable is empty. Edit the transcript before submitting.',
  },
  production_wrong_state: { status: 409, message: 'This task cannot do that in its current state.' },
  production_order_not_open: { status: 409, message: 'Only an open order can be changed.' },
  production_order_empty: {
    status: 422,
    message: 'An order needs at least one item before it is submitted.',
  },
  production_not_payable: { status: 409, message: 'This order is not waiting for payment.' },
  production_not_enterprise: {
    status: 403,
    message: 'Quote decisions are for enterprise workspaces; pay the order with credits or by card.',
  },
  production_quote_decided: {
    status: 409,
    message: 'A decision was already taken on this quote.',
  },
  production_team_member: {
    status: 409,
    message: 'You are already in a team. Leave it before making or joining another.',
  },
  production_team_code: { status: 403, message: 'This team does not exist or the join code is wrong.' },
  production_media_url_invalid: { status: 422, message: 'media_url must be an HTTPS URL.' },
  production_media_url_refused: {
    status: 422,
    message: 'media_url points at an address this server may not reach.',
  },
  production_media_url_unresolved: { status: 422, message: 'The host of media_url could not be found.' },
  production_media_url_failed: { status: 422, message: 'The media at media_url could not be downloaded.' },
  production_checkout_open: {
    status: 409,
    message: 'A card payment for this order is under way on the checkout page. Finish or wait for it.',
  },
  production_media_invalid: {
    status: 422,
    message: 'The media file could not be read as audio or video.',
  },
  production_media_too_long: { status: 422, message: 'The media is longer than a production accepts.' },
  production_media_not_found: { status: 404, message: 'The media was not found on this order.' },
  production_transcript_not_found: { status: 404, message: 'The transcript was not found.' },
  production_not_producer: {
    status: 403,
    message: 'Only approved producers with a matching qualification can do this.',
  },
  production_not_admin: { status: 403, message: 'Only Productions administrators can do this.' },
  production_not_qualified: {
    status: 403,
    message: 'You do not have the qualification this task needs.',
  },
  production_applicant_exists: { status: 409, message: 'You have already applied to become a producer.' },
  production_applicant_decided: { status: 409, message: 'This application was already reviewed.' },
  production_qualification_required: {
    status: 422,
    message: 'Choose at least one qualification.',
  },
  production_upload_invalid: {
    status: 422,
    message: 'This file is not a video.',
  },
  production_cv_invalid: {
    status: 422,
    message: 'This file is not a document. Upload your CV as a PDF, DOCX, DOC, ODT, RTF or text file.',
  },
  production_upload_not_found: { status: 404, message: 'The upload was not found.' },
  production_deadline_extended: {
    status: 409,
    message: 'This deadline was already extended as far as it can be.',
  },
  production_feedback_exists: { status: 409, message: 'You already gave feedback on this deliverable.' },
} as const
