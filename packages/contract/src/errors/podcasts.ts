// Error codes of podcasts.
export const PODCASTS_ERRORS = {
  podcast_llm_not_configured: {
    status: 422,
    message:
      'Writing a podcast conversation needs a language model, and none is configured: the operator must set PODCAST_LLM_URL to an OpenAI-compatible chat-completions URL (and PODCAST_LLM_MODEL, PODCAST_LLM_API_KEY if it needs them). Or choose the turns mode, where the two voices read the document in turns.',
  },
  podcast_llm_failed: { status: 502, message: 'The language model did not return a usable conversation.' },
} as const
