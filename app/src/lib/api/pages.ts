// The data each page's loader (host/pages) sends, as the types generated from the host's OpenAPI
// document (schema.gen.ts): the Rust structs are the one definition, so a change to a loader
// shows up in the routes as a type error rather than at run time.
import type { components } from "./schema.gen";

type Schemas = components["schemas"];

/**
 * A page whose data has several shapes (a Rust untagged enum: loaded, or failed) as one object
 * whose fields are each optional, as the screens read it: `data.error` rather than a narrowing
 * test first. Each field keeps the union of its types in the shapes that have it.
 */
type AnyOf<U> = {
  [K in U extends unknown ? keyof U : never]?: U extends unknown ? (K extends keyof U ? U[K] : never) : never;
};

export type AccountPage = Schemas["AccountPage"];
export type CheckoutPage = Schemas["CheckoutPage"];
export type ConfirmationPage = Schemas["ConfirmationPage"];
export type EligibilityPage = Schemas["EligibilityPage"];
export type HomePage = Schemas["HomePage"];
export type InfoSection = Schemas["InfoSection"];
export type HomeCard = Schemas["HomeCard"];
export type HomeFoodBankPage = Schemas["HomeFoodBankPage"];
export type HomeModalPage = Schemas["HomeModalPage"];
export type LoginPage = Schemas["LoginPage"];
export type MessagesPage = AnyOf<Schemas["MessagesPage"]>;
export type OrdersPage = Schemas["OrdersPage"];
export type OrderPage = Schemas["OrderPage"];
export type OrderTimes = Schemas["OrderTimes"];
export type OrderLocationPage = Schemas["OrderLocationPage"];
export type PantriesPage = Schemas["PantriesPage"];
export type PantryCard = Schemas["PantryCard"];
export type PantryPage = Schemas["PantryPage"];
export type ProductPage = Schemas["ProductPage"];
export type ShopPage = Schemas["ShopPage"];
export type ShopSite = Schemas["ShopSite"];
export type OrderLimit = Schemas["OrderLimit"];
export type ReferralPage = AnyOf<Schemas["ReferralPage"]>;
export type RegisterPage = Schemas["RegisterPage"];
export type UpdatePasswordPage = Schemas["UpdatePasswordPage"];
export type ForgotPasswordPage = Schemas["ForgotPasswordPage"];
export type Console = Schemas["Console"];
export type Denied = Schemas["Denied"];
export type StaffTodayPage = Schemas["StaffTodayPage"];
export type StaffFindPage = Schemas["StaffFindPage"];
export type StaffQueuePage = Schemas["StaffQueuePage"];
export type StaffOrderPage = Schemas["StaffOrderPage"];
export type StaffCheckInPage = Schemas["StaffCheckInPage"];
export type StaffPickListPage = Schemas["StaffPickListPage"];
export type StaffTeamPage = Schemas["StaffTeamPage"];
export type StaffDeliverySchedulePage = Schemas["StaffDeliverySchedulePage"];
export type StaffRunsPage = Schemas["StaffRunsPage"];
export type StaffRunPage = Schemas["StaffRunPage"];
export type MyRun = Schemas["MyRun"];
export type StaffSchedulePage = Schemas["StaffSchedulePage"];
export type StaffItemsPage = Schemas["StaffItemsPage"];
export type StaffAuditPage = Schemas["StaffAuditPage"];
export type StaffPantriesAdminPage = Schemas["StaffPantriesAdminPage"];
export type StaffCodesPage = Schemas["StaffCodesPage"];
export type StaffContentPage = Schemas["StaffContentPage"];
export type StaffSettingsPage = Schemas["StaffSettingsPage"];
export type StaffSecondFactorPage = Schemas["StaffSecondFactorPage"];
export type StaffStockPage = Schemas["StaffStockPage"];
export type StaffReportsPage = Schemas["StaffReportsPage"];
export type StaffTefapPage = Schemas["StaffTefapPage"];
export type StaffHouseholdsPage = Schemas["StaffHouseholdsPage"];
export type StaffHouseholdPage = Schemas["StaffHouseholdPage"];
export type StaffPhoneOrderPage = Schemas["StaffPhoneOrderPage"];
export type StaffStockItemPage = Schemas["StaffStockItemPage"];
export type StaffStockImportPage = Schemas["StaffStockImportPage"];
