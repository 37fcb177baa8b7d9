// Error codes of Studio projects, chapters, conversions, exports and publishing.
export const STUDIO_ERRORS = {
  project_not_found: { status: 404, message: 'Project not found or no access.' },
  chapter_not_found: { status: 404, message: 'Chapter not found or no access.' },
  studio_voice_not_found: { status: 400, message: 'Voice not found or deleted.' },
  studio_version_conflict: {
    status: 409,
    message:
      'Conflict detected with server: the project changed since you opened it. Reload it, or save again to overwrite.',
  },
  studio_block_not_found: { status: 404, message: 'Paragraph not found in this chapter.' },
  studio_block_not_generated: {
    status: 400,
    message: 'A paragraph must be generated before it can be locked.',
  },
  studio_block_locked: {
    status: 409,
    message: 'This paragraph is locked; unlock it before regenerating it.',
  },
  studio_sentence_needs_audio: {
    status: 409,
    message: 'Generate this paragraph before regenerating one of its sentences.',
  },
  studio_sentence_not_found: {
    status: 400,
    message: 'No spoken sentence at this place of the paragraph.',
  },
  studio_take_not_found: {
    status: 404,
    message: 'Take not found: it is of other text than the paragraph now has, or was removed.',
  },
  studio_not_converted: {
    status: 400,
    message: 'Convert the chapters before exporting or streaming their audio.',
  },
  studio_conversion_running: {
    status: 409,
    message: 'A conversion of this chapter is already queued or running.',
  },
  studio_snapshot_not_found: { status: 404, message: 'Snapshot not found or no access.' },
  studio_snapshot_not_restorable: {
    status: 409,
    message: 'This snapshot was made before snapshots kept their text: it can be played but not restored.',
  },
  studio_export_failed: { status: 422, message: 'The audio could not be exported.' },
  studio_export_not_found: { status: 404, message: 'Export not found or no access.' },
  studio_export_not_ready: {
    status: 409,
    message: 'The export is not finished yet; download it once its status is done.',
  },
  studio_publish_not_converted: {
    status: 409,
    message: 'Convert every chapter before publishing: the reader page plays the converted audio.',
  },
  studio_publish_running: { status: 409, message: 'This project is already being published.' },
  studio_not_published: { status: 404, message: 'This project is not published.' },
  studio_cast_member_not_found: { status: 404, message: 'This character is not in the cast.' },
  studio_editor_in_use: { status: 409, message: 'Studio does not support multiple editors or tabs.' },
  unreadable_document: { status: 400, message: 'The script file is empty or could not be loaded.' },
} as const
