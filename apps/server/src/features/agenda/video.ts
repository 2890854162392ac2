import { createHmac } from 'node:crypto';
import type { Config } from '../../config';

export type RoomKind = 'session' | 'rehearsal';

/**
 * The video-conference URL of a session (E1.18): VIDEO_URL_TEMPLATE with `{room}` replaced. The
 * room name is stable per session but carries an HMAC, so a public video service's room cannot be
 * guessed from the session id by someone who was never given the link.
 */
export function sessionVideoUrl(
  config: Pick<Config, 'videoUrlTemplate' | 'jwtSecret'>,
  sessionId: number,
  kind: RoomKind,
) {
  const mac = createHmac('sha256', config.jwtSecret)
    .update(`video:${kind}:${sessionId}`)
    .digest('hex')
    .slice(0, 12);
  const room = kind === 'session' ? `session-${sessionId}-${mac}` : `session-${sessionId}-rehearsal-${mac}`;
  return config.videoUrlTemplate.replaceAll('{room}', encodeURIComponent(room));
}
