import { createStore, useStore } from "./store";

/** App-wide flags of spec §4 that more than one screen reads. */
interface AppFlags {
  /** Last known connectivity; checkout is disabled while true. */
  offline: boolean;
  /** A new service worker is installed and waiting: offer a reload. */
  updateReady: boolean;
  /** A message for the shopper that outlives the navigation that caused it, until dismissed. */
  notice: string | null;
}

export const appStore = createStore<AppFlags>({ offline: false, updateReady: false, notice: null });

export function setAppFlag<K extends keyof AppFlags>(key: K, value: AppFlags[K]): void {
  const flags = appStore.get();
  if (flags[key] !== value) appStore.set({ ...flags, [key]: value });
}

export const useOffline = () => useStore(appStore, (s) => s.offline);
export const useUpdateReady = () => useStore(appStore, (s) => s.updateReady);
export const useNotice = () => useStore(appStore, (s) => s.notice);
