// The speech package's ffprobe helper, so both test projects read audio files one way.
export { ffprobePath, probeAudio } from '../../../../packages/speech/test/helpers/ffprobe.js'
