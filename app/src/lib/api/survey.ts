// The food-situation screening and the checkout survey (host/api/account/survey.rs).
import type { components } from "./schema.gen";
import { request } from "./typed";

type Schemas = components["schemas"];

/** Whether the food-situation screening must be answered. */
export const eligibilityStatus = () => request("get", "/account/eligibilitystatus", {});

/** True when the answers find the shopper eligible; refused (422) otherwise. */
export const answerFoodSituation = (body: Schemas["FoodSituationBody"]) => request("post", "/account/eligibilitystatus", { body });

/** The food bank's survey questions still unanswered, and the ones the checkout asks now. */
export const surveyStatus = (foodBankId: number) => request("get", "/account/surveystatus/{foodBankId}", { path: { foodBankId } });

export const answerSurvey = (body: Schemas["SurveyBody"]) => request("post", "/account/survey", { body });
