// The door without a connection (host/api/staff/door.rs): the day a device takes along, and one
// action it recorded, sent once back online.
import { request } from "./typed";
import type { components } from "./schema.gen";

export type DoorDay = components["schemas"]["DoorDay"];
export type DoorOrder = components["schemas"]["DoorOrder"];
export type DoorHousehold = components["schemas"]["DoorHousehold"];
export type DoorSend = components["schemas"]["DoorSend"];
export type DoorOutcome = components["schemas"]["DoorOutcome"];

export const doorDay = (pantryId: number) => request("get", "/staff/pantries/{pantryId}/door", { path: { pantryId } });

export const doorSend = (body: DoorSend) => request("post", "/staff/door", { body });
