// The speech package's ffprobe helper, so both test projects read audio files one way.
export { probeAudio } from '../../../../packages/speech/test/helpers/ffprobe.js'
