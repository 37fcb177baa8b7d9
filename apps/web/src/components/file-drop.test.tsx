// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { FileDrop } from './file-drop'

function Upload() {
  const [file, setFile] = useState<File | null>(null)
  return (
    <FileDrop
      icon="volume"
      prompt="Choose an audio file"
      fileName={file?.name ?? null}
      hint="Up to 500 MB"
      accept="audio/*"
      onFile={setFile}
    />
  )
}

describe('FileDrop', () => {
  it('is the file input’s label, and shows the chosen file’s name in place of the prompt', async () => {
    renderInApp(<Upload />)
    const input = screen.getByLabelText(/Choose an audio file/) as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('audio/*')
    expect(screen.getByText('Up to 500 MB')).toBeTruthy()
    await userEvent.upload(input, new File(['RIFF'], 'interview.wav', { type: 'audio/wav' }))
    expect(screen.getByText('interview.wav')).toBeTruthy()
    expect(screen.queryByText('Choose an audio file')).toBeNull()
  })
})
