import { read, write } from "./storage";
import { createStore, useStore } from "./store";

// Only the token for now: sign-in arrives with the account screens. The server cannot see
// localStorage, so it renders signed out and the stored token applies after hydration.
export const sessionStore = createStore<{ token: string | null }>({ token: null });

export function restoreSession(): void {
  sessionStore.set({ token: read("token") });
}

export function setToken(token: string | null): void {
  sessionStore.set({ token });
  write("token", token);
}

export const useLoggedIn = () => useStore(sessionStore, (s) => s.token !== null);
