// Text limits of a voice edit (name, description, labels), shared by the server that checks
// them and the web form that explains them before sending. The product rules give none; the
// values follow what the public API documents for its voice fields.

export const VOICE_TEXT_LIMITS = Object.freeze({
  nameMax: 100,
  descriptionMax: 1000,
  labelsMax: 20,
  labelKeyMax: 50,
  labelValueMax: 200,
})
