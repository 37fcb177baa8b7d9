import { bindUseCases } from '../../../platform/use-cases.js'
import { files, publicAudio, publicImage, publicVersion } from './public-book.js'
import { publish, readImage, setImage, status, unpublish } from './publication.js'
import { run } from './publish-run.js'
import type { PublishingDeps } from './publishing-deps.js'

// Publishing a Studio project to this server's public reader page. A publish is a job: it
// encodes every converted chapter (whole, and its free preview) into a version of its own,
// then swaps it in as the published one. Any change to the project after that (content,
// metadata, cover, publishing image, a new conversion) shows the project as a draft again,
// while the page keeps serving the last published version until it is republished.

export { previewPcm } from './publish-run.js'
export type { PublishingDeps } from './publishing-deps.js'

export function createPublishingService(deps: PublishingDeps) {
  return bindUseCases(deps, {
    status,
    publish,
    unpublish,
    setImage,
    readImage,
    files,
    run,
    publicVersion,
    publicAudio,
    publicImage,
  })
}

export type PublishingService = ReturnType<typeof createPublishingService>
