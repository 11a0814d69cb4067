// The state select of the checkout survey and the address form (spec §2: 50 states plus District
// Of Columbia): the options the host's state rule accepts (host/domain/survey.rs US_STATES), which the
// API document carries as the province field's x-choices.
import { addressRules } from "./api/form-rules.gen";

export const US_STATES: readonly (readonly [string, string])[] = addressRules.province.choices;
