import { BOOTH_VIDEO_TYPE, type BoothDocument, boothDocumentHref, boothVideo } from '@foyer/contract';

/**
 * E2.56: the documents listed as links: only those the link rule accepts (rows saved before it may
 * hold a javascript: or data: link, or a user name), written as the rule writes them, and not the
 * one already playing as the video.
 */
export function documentLinks(documents: BoothDocument[]) {
  const videoIndex = boothVideo(documents) ? documents.findIndex((d) => d.type === BOOTH_VIDEO_TYPE) : -1;
  return documents
    .map((d, i) => ({ ...d, href: boothDocumentHref(d.url), i }))
    .filter((d): d is BoothDocument & { href: string; i: number } => d.href !== null && d.i !== videoIndex);
}
