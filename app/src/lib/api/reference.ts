// The survey's choices (host/api/reference.rs).
import { request } from "./typed";

export const loadGenders = () => request("get", "/genders", {});

export const loadRaces = () => request("get", "/races", {});
