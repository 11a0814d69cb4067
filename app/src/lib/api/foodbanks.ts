// Food banks, their delivery windows and what they have on hand (host/api/foodbanks.rs).
import { request } from "./typed";

export const loadFoodBank = (id: number) => request("get", "/foodbanks/{id}", { path: { id } });

export const loadDeliveryTimes = (foodBankId: number) => request("get", "/foodbanks/{id}/deliverytimes", { path: { id: foodBankId } });

export const loadInventoryOverview = (foodBankId: number) => request("get", "/foodbanks/{id}/inventoryoverview", { path: { id: foodBankId } });

/** A delivery window's items, with the signed-in shopper's own limits. */
export const loadDeliveryInventory = (deliveryTimeId: number) => request("get", "/deliverytimes/{id}/inventory", { path: { id: deliveryTimeId } });
