// Slot capacity as the server counts it (host/domain/seats.rs): `remaining` is how many more orders
// a pickup time or delivery window takes (absent or null: any number; 0: full). The app decides
// nothing of its own here: a time with room is one the server says it still takes.

/** Whether the time can still be chosen: the server's `remaining` is not 0. */
export const hasRoom = (time: { remaining?: number | null }): boolean => time.remaining !== 0;

/** The times that can still be chosen, in their order. */
export const withRoom = <T extends { remaining?: number | null }>(times: readonly T[]): T[] => times.filter(hasRoom);
