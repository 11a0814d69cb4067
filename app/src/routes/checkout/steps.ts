// Every step of the flow in one lazily loaded chunk: none of them renders on the server (the flow
// starts after hydration), so they stay out of the page's first-load JavaScript budget.
export { AddressStep } from "./AddressStep";
export { ConfirmStep } from "./ConfirmStep";
export { DeliveryStep } from "./DeliveryStep";
export { EligibilityStep } from "./EligibilityStep";
export { InventoryStep } from "./InventoryStep";
export { LimitsStep } from "./LimitsStep";
export { PickupStep } from "./PickupStep";
export { ReferralStep } from "./ReferralStep";
export { SurveyStep } from "./SurveyStep";
