// The account's favourite pantry (host/api/favorites.rs).
import { request } from "./typed";

export const loadFavorite = () => request("get", "/account/favorite", {});

export const storeFavorite = (locationId: number) => request("put", "/account/favorite/{locationId}", { path: { locationId } });

export const clearFavorite = () => request("delete", "/account/favorite", {});
