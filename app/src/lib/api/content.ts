// Messages and info cards (host/api/content.rs).
import { request } from "./typed";

/** The shopper's messages: upcoming orders, then notifications (with the food bank's, when given). */
export const loadMessages = (foodBankCode: string | null | undefined) =>
  request("get", "/messages", { query: foodBankCode ? { foodBankCode } : {} });

export const markMessageRead = (id: number) => request("put", "/messages/{id}/read", { path: { id } });
