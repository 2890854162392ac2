/** Query keys of the lobby (one prefix per event, so a resync can drop all of it at once). */
export const lobbyKeys = {
  all: (eventId: number) => ['lobby', eventId] as const,
  liveNow: (eventId: number) => ['lobby', eventId, 'liveNow'] as const,
  announcements: (eventId: number) => ['lobby', eventId, 'announcements'] as const,
  announcement: (eventId: number, id: number) => ['lobby', eventId, 'announcement', id] as const,
  polls: (eventId: number) => ['lobby', eventId, 'polls'] as const,
};
