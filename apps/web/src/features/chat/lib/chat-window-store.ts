import { create } from 'zustand';

/** E4.57: the room open in the small floating window (desktop), if any. */
interface ChatWindowState {
  roomId: number | null;
  open(roomId: number): void;
  close(): void;
}

export const useChatWindow = create<ChatWindowState>((set) => ({
  roomId: null,
  open: (roomId) => set({ roomId }),
  close: () => set({ roomId: null }),
}));
