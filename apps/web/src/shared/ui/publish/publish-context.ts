import { createContext, useContext } from 'react';

/** A result image to publish (or whose work to edit), from the studio or the workspace. */
export interface PublishTarget {
  /** The stored result image (an upload id of the user's own). */
  imageId: string;
  thumbUrl: string;
  width: number;
  height: number;
  /** The work already published from this image: the dialog then edits it (or unpublishes). */
  workId?: string | null;
  /** Proposed title, e.g. from the prompt. */
  suggestedTitle?: string;
}

export interface PublishApi {
  /** Opens the publish dialog; resolves with the work id once published, or null when dismissed. */
  publish(target: PublishTarget): Promise<string | null>;
}

/**
 * The app provides the community's publish dialog here, so the studio and the workspace can offer
 * "Publish" without importing the community feature.
 */
export const PublishContext = createContext<PublishApi | null>(null);

export function usePublish(): PublishApi | null {
  return useContext(PublishContext);
}
