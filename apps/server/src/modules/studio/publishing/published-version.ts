// What a publication stores of what it serves.

/** An image in file storage, with its type. */
export interface StoredImage {
  key: string
  mime_type: string
}

/** What the public page serves: the metadata and chapter audio of one publish. */
export interface PublishedVersion {
  title: string
  author: string | null
  description: string | null
  language: string | null
  image: StoredImage | null
  full_access: boolean
  chapters: Array<{
    title: string
    duration_seconds: number
    full_key: string
    preview_key: string
    preview_seconds: number
  }>
}
