// Text of the API documentation that no route schema can carry: the branding of /docs and
// the WebSocket protocol of stream-input (a WebSocket route has no request or response body
// for the OpenAPI document to describe).

import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'

export const API_TITLE = 'Timbre API'

const OVERVIEW = [
  'Timbre is a self-hosted voice platform: text to speech with offline engines (Flite for English',
  'voices, eSpeak NG for the other languages), voices, history, credits and API keys.',
  '',
  'It speaks the ElevenLabs v1 API: change the base URL of an SDK or tool to this server.',
  'Authenticate with `xi-api-key: <API key>` or `Authorization: Bearer <access token>`.',
  '',
  'Errors answer `{"detail": {"type", "code", "status", "message", "request_id", "param"}}`;',
  'invalid fields answer 422 with `{"detail": [{"loc", "msg", "type"}]}`, one entry per field.',
  'Text may not contain NUL characters or lone UTF-16 surrogates in any field.',
].join('\n')

const STREAM_INPUT_PROTOCOL = `
**\`wss://<host>/v1/text-to-speech/{voice_id}/stream-input\`**: stream text in, audio out, for
LLM voice agents. Query parameters: \`model_id\`, \`language_code\`, \`output_format\`
(default \`${DEFAULT_OUTPUT_FORMAT}\`), \`enable_logging\`, \`inactivity_timeout\` (seconds, 1-180,
default 20), \`sync_alignment\`, \`auto_mode\`, \`apply_text_normalization\`
(\`auto\`|\`on\`|\`off\`), \`seed\`. Credentials: the \`xi-api-key\` header (API key with the
\`text-to-speech\` scope) or \`Authorization: Bearer\` on the upgrade request, or
\`xi_api_key\` / \`authorization\` in the first message.

**Client messages** (JSON text frames):

1. First message: opens the session; its text is usually a single space.
   \`{"text": " ", "voice_settings": {"stability": 0.5, "similarity_boost": 0.8, "style": 0,
   "use_speaker_boost": true, "speed": 1}, "generation_config": {"chunk_length_schedule":
   [120, 160, 250, 290]}, "xi_api_key": "<key>"}\`
2. Text messages: \`{"text": "Hello there. ", "try_trigger_generation": true}\`. Text is
   buffered and spoken once the buffer reaches the next size of \`chunk_length_schedule\`
   (or at once with \`try_trigger_generation\` or \`auto_mode\`); \`{"text": "...",
   "flush": true}\` speaks everything buffered now.
3. End of input: \`{"text": ""}\`. What is left is spoken, then the server sends the final
   message and closes the socket normally.

**Server messages**:

- Audio: \`{"audio": "<base64 chunk>", "isFinal": null, "alignment": {"chars": [...],
  "charStartTimesMs": [...], "charDurationsMs": [...]}, "normalizedAlignment": {...}}\`
  (alignment is null on chunks that carry no new characters).
- End: \`{"isFinal": true}\`.
- Error: \`{"error": "<code>", "message": "<text>"}\`, e.g. \`unauthorized\`,
  \`voice_not_found\`, \`quota_exceeded\`, \`validation_error\`, \`invalid_json\`; the socket
  is then closed.

**Close codes**: \`1000\` after the end of input has been spoken; \`1008\` (policy violation)
after an error message, for bad credentials or input, and when no message arrived within
\`inactivity_timeout\` (reason \`inactivity timeout\`). Audio that was delivered is charged
and kept in history; nothing is charged for text that was never spoken.
`.trim()

/** Shown at the top of /docs: what Timbre is, then the WebSocket protocol. */
export const API_DESCRIPTION = `${OVERVIEW}\n\n## WebSocket: text to speech with streamed input\n\n${STREAM_INPUT_PROTOCOL}`

/** A small wordmark for the top bar of /docs. */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="40" viewBox="0 0 150 40">
<rect x="2" y="10" width="4" height="20" rx="2" fill="#ffffff"/><rect x="10" y="4" width="4" height="32" rx="2" fill="#ffffff"/>
<rect x="18" y="13" width="4" height="14" rx="2" fill="#ffffff"/><rect x="26" y="8" width="4" height="24" rx="2" fill="#ffffff"/>
<text x="38" y="28" font-family="system-ui, sans-serif" font-size="22" font-weight="600" fill="#ffffff">Timbre API</text></svg>`

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1f2937"/>
<rect x="6" y="11" width="3" height="10" rx="1.5" fill="#fff"/><rect x="12" y="6" width="3" height="20" rx="1.5" fill="#fff"/>
<rect x="18" y="9" width="3" height="14" rx="1.5" fill="#fff"/><rect x="24" y="12" width="3" height="8" rx="1.5" fill="#fff"/></svg>`
