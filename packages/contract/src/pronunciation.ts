// Pronunciation dictionaries: limits and the rule vocabulary shared by the server and the web app.

/** A speech request (and a workspace's default list) names at most 3 dictionaries. */
export const MAX_PRONUNCIATION_LOCATORS = 3
/** A dictionary name is required and short enough to show in a list. */
export const MAX_DICTIONARY_NAME_CHARS = 255
export const MAX_DICTIONARY_DESCRIPTION_CHARS = 1000
/** Rule input (the text to replace) and output (alias or phonemes) lengths. */
export const MAX_RULE_INPUT_CHARS = 200
export const MAX_RULE_OUTPUT_CHARS = 200
/** Rules in one version of a dictionary. */
export const MAX_RULES_PER_DICTIONARY = 5000
/** An uploaded dictionary file (PLS, XML or TXT). */
export const MAX_DICTIONARY_FILE_BYTES = 1024 * 1024
/** Dictionary files accepted by extension. */
export const DICTIONARY_FILE_EXTENSIONS = ['pls', 'xml', 'txt'] as const
/** Phoneme alphabets of phoneme rules: IPA and CMU Arpabet. */
export const PHONEME_ALPHABETS = ['ipa', 'cmu-arpabet'] as const
export type PhonemeAlphabet = (typeof PHONEME_ALPHABETS)[number]
/** Models that read phoneme rules: the English-only ones. */
export const PHONEME_MODEL_IDS = ['eleven_flash_v2', 'eleven_turbo_v2', 'eleven_monolingual_v1'] as const
/** List paging: default and largest page. */
export const DICTIONARY_PAGE_SIZE_DEFAULT = 30
export const DICTIONARY_PAGE_SIZE_MAX = 100
