// Limits of the voice edit call: every upload size and count has a limit. The product
// rules give none for these; the values follow the public API's documented instant
// cloning limits (up to 25 samples, about 10 MB each).

import { VOICE_TEXT_LIMITS } from '@timbre/contract'

const MiB = 1024 * 1024

export const VOICE_LIMITS = Object.freeze({
  /** One uploaded sample. */
  sampleBytesMax: 10 * MiB,
  /** Files in one request, and samples a voice may hold. */
  filesPerRequest: 25,
  samplesPerVoice: 25,
  /** All files of one request together; a larger body is refused before it is read. */
  requestBytesMax: 50 * MiB,
  /** Text fields (name, description, labels JSON, flags). */
  fieldBytesMax: 64 * 1024,
  fieldsMax: 10,
  ...VOICE_TEXT_LIMITS,
})
