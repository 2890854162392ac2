import { REALTIME_PATH } from '@foyer/contract';
import { io } from 'socket.io-client';

/**
 * A raw realtime socket as the benches' client processes open one per simulated person: WebSocket
 * only, a connection of its own (not shared with the process's other clients), no reconnects (a
 * bench counts a lost connection, it does not hide it).
 */
export function benchSocket(url: string, token: string) {
  return io(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    forceNew: true,
    reconnection: false,
  });
}
