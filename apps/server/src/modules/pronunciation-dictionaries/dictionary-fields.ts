import { MAX_DICTIONARY_DESCRIPTION_CHARS, MAX_DICTIONARY_NAME_CHARS } from '@timbre/contract'
import { AppError } from '../../errors.js'

// A dictionary's name and description as the forms send them, and the list cursor.

export const CURSOR = /^o(\d{1,9})$/

export function checkName(value: string | undefined): string {
  const name = (value ?? '').trim()
  if (name === '') throw new AppError('validation_error', { message: 'Name required.', param: 'name' })
  if (name.length > MAX_DICTIONARY_NAME_CHARS)
    throw new AppError('validation_error', {
      message: `The name is too long (at most ${MAX_DICTIONARY_NAME_CHARS} characters).`,
      param: 'name',
    })
  return name
}

export function checkDescription(value: string | null | undefined): string | null {
  const description = (value ?? '').trim()
  if (description.length > MAX_DICTIONARY_DESCRIPTION_CHARS)
    throw new AppError('validation_error', {
      message: `The description is too long (at most ${MAX_DICTIONARY_DESCRIPTION_CHARS} characters).`,
      param: 'description',
    })
  return description === '' ? null : description
}
