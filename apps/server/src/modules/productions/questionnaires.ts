import type { ProductionKind } from '@timbre/contract'
import { AppError } from '../../errors.js'

// The questionnaires an applicant answers for the qualifications they apply for: questions on
// our style guide with one right option each. The right options stay on the server; the share
// answered right becomes the application's score, which the reviewer sees beside it.

interface Question {
  id: string
  text: string
  options: readonly string[]
  /** The index of the right option. */
  answer: number
}

interface Questionnaire {
  id: string
  title: string
  bases: readonly ProductionKind[]
  questions: readonly Question[]
}

const QUESTIONNAIRES: readonly Questionnaire[] = [
  {
    id: 'transcription-style',
    title: 'Transcription style',
    bases: ['transcription'],
    questions: [
      {
        id: 'ts-fillers',
        text: 'In a clean (non-verbatim) transcript, what happens to "um" and "uh"?',
        options: ['They are kept', 'They are left out', 'They become [pause]'],
        answer: 1,
      },
      {
        id: 'ts-unclear',
        text: 'A word cannot be made out after listening three times. What do you write?',
        options: ['Your best guess', '[inaudible]', 'Nothing'],
        answer: 1,
      },
      {
        id: 'ts-speakers',
        text: 'When does a new paragraph start?',
        options: ['Every sentence', 'When the speaker changes', 'Every 30 seconds'],
        answer: 1,
      },
    ],
  },
  {
    id: 'subtitle-style',
    title: 'Subtitle and caption style',
    bases: ['captions', 'subtitles', 'dub'],
    questions: [
      {
        id: 'ss-lines',
        text: 'How many lines may one subtitle have?',
        options: ['One', 'Two', 'Four'],
        answer: 1,
      },
      {
        id: 'ss-sdh',
        text: 'In SDH captions, how is laughter shown?',
        options: ['(laughter)', 'Not at all', 'LOL'],
        answer: 0,
      },
      {
        id: 'ss-duration',
        text: 'What is the shortest time a subtitle stays on screen?',
        options: ['A quarter of a second', 'About one second', 'Ten seconds'],
        answer: 1,
      },
    ],
  },
]

/** A questionnaire as an applicant reads it (no right options). */
export function questionnaireView(id: string) {
  const found = QUESTIONNAIRES.find((q) => q.id === id)
  if (!found) throw new AppError('production_not_found', { param: 'questionnaireId' })
  return {
    questionnaire_id: found.id,
    title: found.title,
    qualification_bases: found.bases,
    questions: found.questions.map((q) => ({ question_id: q.id, text: q.text, options: q.options })),
  }
}

/** The questionnaires that go with the qualifications applied for. */
export function questionnairesFor(bases: readonly string[]): string[] {
  return QUESTIONNAIRES.filter((q) => q.bases.some((b) => bases.includes(b))).map((q) => q.id)
}

/**
 * Scores an application's answers against the questionnaires of its qualifications: the share
 * of their questions answered right (an unanswered one counts as wrong); null when none was
 * answered. An answer to a question outside them, or to an option that does not exist, is refused.
 */
export function scoreAnswers(
  bases: readonly string[],
  answers: readonly { question_id: string; option: number }[],
): number | null {
  if (answers.length === 0) return null
  const questions = QUESTIONNAIRES.filter((q) => q.bases.some((b) => bases.includes(b))).flatMap(
    (q) => q.questions,
  )
  let right = 0
  const seen = new Set<string>()
  for (const answer of answers) {
    const question = questions.find((q) => q.id === answer.question_id)
    if (!question || seen.has(question.id) || answer.option >= question.options.length)
      throw new AppError('validation_error', {
        message: `The answer to '${answer.question_id}' does not fit a question of the qualifications applied for.`,
        param: 'questionnaire_answers',
      })
    seen.add(question.id)
    if (question.answer === answer.option) right++
  }
  return Math.round((right / questions.length) * 100)
}
