// Error codes of Audio Native.
export const AUDIO_NATIVE_ERRORS = {
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
  audio_native_nothing_to_publish: {
    status: 409,
    message: 'There is no converted audio waiting to be published; convert the article first.',
  },
} as const
