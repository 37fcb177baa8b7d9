// The persistent player's rules, shared by the web app and anything that plays history items.

/** Playback speeds offered by the speed selector; 1 is normal. */
export const PLAYER_SPEEDS = [0.8, 1, 1.2, 1.5, 2] as const
export type PlayerSpeed = (typeof PLAYER_SPEEDS)[number]
/** The skip buttons move 10 s; the arrow keys 3 s. */
export const SKIP_BUTTON_SECONDS = 10
export const SKIP_KEY_SECONDS = 3
/** The seek slider runs from 0 to 1 in steps of 0.005. */
export const SEEK_STEP = 0.005
/** How often the elapsed time is read while playing. */
export const TIME_UPDATE_MS = 25
/** Feedback controls appear once playback passes 3 s, or at the end of a shorter item. */
export const FEEDBACK_AFTER_SECONDS = 3
/** Until the audio reports its duration, it is estimated at 140 words per minute. */
export const WORDS_PER_MINUTE = 140
/** After a generated item loads: wait 1 s, then look it up in history up to 10 times, 5 s apart. */
export const HISTORY_POLL_FIRST_DELAY_MS = 1000
export const HISTORY_POLL_TRIES = 10
export const HISTORY_POLL_GAP_MS = 5000
