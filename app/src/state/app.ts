import { createStore, useStore } from "./store";

/** App-wide flags of spec §4 that more than one screen reads. */
interface AppFlags {
  /** Last known connectivity; checkout is disabled while true. */
  offline: boolean;
  /** A new service worker is installed and waiting: offer a reload. */
  updateReady: boolean;
}

export const appStore = createStore<AppFlags>({ offline: false, updateReady: false });

export function setAppFlag<K extends keyof AppFlags>(key: K, value: AppFlags[K]): void {
  const flags = appStore.get();
  if (flags[key] !== value) appStore.set({ ...flags, [key]: value });
}

export const useOffline = () => useStore(appStore, (s) => s.offline);
export const useUpdateReady = () => useStore(appStore, (s) => s.updateReady);
