//! `GET /api/v1/openapi.json`: the OpenAPI document, derived from the routes themselves. Each
//! module registers its handlers with `utoipa_axum::routes!`, so a route cannot exist without
//! its `#[utoipa::path]` description, and the schemas come from the wire types' `ToSchema`.
//!
//! The handlers' attributes name what the call answers (`body = T` for `ApiResult<T>`); the
//! envelope every answer travels in (`Api<T>` and `ApiError`) is added here, once, for every
//! operation, the way the server adds it to every answer.
use crate::state::AppState;
use axum::{Json, Router, routing::get};
use serde::Serialize;
use serde_json::Value;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{
        Info, OpenApi, Ref, RefOr, Server,
        content::ContentBuilder,
        path::Operation,
        response::ResponseBuilder,
        schema::{AllOfBuilder, ObjectBuilder, Schema, SchemaType, Type},
        security::{HttpAuthScheme, HttpBuilder, SecurityScheme},
    },
};

/// The name of the security scheme authenticated calls list (`security(("bearer" = []))`).
pub const BEARER: &str = "bearer";

/// Serves `document` (made once by [`served`]).
pub fn router(document: &'static Value) -> Router<AppState> {
    Router::new().route("/openapi.json", get(move || async move { Json(document.clone()) }))
}

/// The document as served: keys in a stable (sorted) order, so the committed copy
/// (app/src/lib/api/openapi.json) compares equal and diffs stay small.
pub fn served(pages: Vec<(String, RefOr<Schema>)>) -> Value {
    serde_json::to_value(document(pages)).expect("the OpenAPI document serializes")
}

/// The document of every route `super::routes()` declares, with `pages`' data types
/// (`pages::schemas`) among its components.
pub fn document(pages: Vec<(String, RefOr<Schema>)>) -> OpenApi {
    let mut doc = super::routes().into_openapi();
    doc.info = Info::new("OrderAhead API", env!("CARGO_PKG_VERSION"));
    doc.servers = Some(vec![Server::new("/api/v1")]);
    for item in doc.paths.paths.values_mut() {
        for op in [&mut item.get, &mut item.put, &mut item.post, &mut item.delete].into_iter().flatten() {
            in_envelope(op);
        }
    }
    let components = doc.components.get_or_insert_with(Default::default);
    components.schemas.insert(Envelope::name().into(), Envelope::schema());
    components.schemas.insert(Failure::name().into(), Failure::schema());
    // The pages' data (host/pages) belongs to the same contract: the app's routes take it as
    // types generated from this document, like the API's answers.
    components.schemas.extend(pages);
    super::form_schemas::constrain(&mut components.schemas);
    components.security_schemes.insert(
        BEARER.to_owned(),
        SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
    );
    doc
}

/// The 200 answer's schema becomes `Envelope` with `value` of the declared type, and every
/// call may be refused with a 4xx `Failure`.
fn in_envelope(op: &mut Operation) {
    let responses = &mut op.responses.responses;
    if let Some(RefOr::T(ok)) = responses.get_mut("200") {
        // A plain `body = i64` is declared text/plain by utoipa; in its envelope it is JSON.
        let declared = std::mem::take(&mut ok.content).into_values().next().and_then(|c| c.schema);
        let with_value =
            ObjectBuilder::new().schema_type(Type::Object).property("value", declared.unwrap_or_else(|| any().into()));
        let envelope = AllOfBuilder::new().item(Ref::from_schema_name(Envelope::name())).item(with_value);
        ok.content.insert("application/json".to_owned(), ContentBuilder::new().schema(Some(envelope)).build());
    }
    let failure = ContentBuilder::new().schema(Some(Ref::from_schema_name(Failure::name()))).build();
    responses.insert(
        "4XX".to_owned(),
        ResponseBuilder::new().description("refused").content("application/json", failure).build().into(),
    );
}

/// A schema any JSON value satisfies.
fn any() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::AnyValue)
}

/// Every answer: `{successful, value, failureReason}` (spec §7); `value` is the call's result
/// and `failureReason` null when it succeeded.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // documentation only: Api<T> and ApiError write the envelope
pub struct Envelope {
    successful: bool,
    value: Value,
    #[schema(required)]
    failure_reason: Option<String>,
}

/// A refused call: `successful` false, the reason in `failureReason` and, for some refusals,
/// details in `value` (`{"errors": [...]}` of an invalid form, `{"step": ...}` at checkout). A coded
/// refusal also has `failureCode` and `failureData`, so clients can word it in their own language.
pub struct Failure;

impl PartialSchema for Failure {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Object)
            .property("successful", ObjectBuilder::new().schema_type(Type::Boolean).enum_values(Some([false])))
            .required("successful")
            .property(
                "value",
                any().description(Some(
                    "Details of some refusals: an invalid form's {\"errors\": [{field, code, message}]}, one per \
                     refused field, with the stable `code` of the field's problem (e.g. \"required\", \"tooLong\") \
                     and its English `message`; {\"step\": ...} at checkout.",
                )),
            )
            .property("failureReason", ObjectBuilder::new().schema_type(Type::String))
            .required("failureReason")
            .property(
                "failureCode",
                ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null])).description(Some(
                    "The refusal's stable code (camelCase, e.g. \"orderCannotChange\"); null for a failure \
                         without one. Clients key their own texts by it.",
                )),
            )
            .required("failureCode")
            .property(
                "failureData",
                ObjectBuilder::new()
                    .schema_type(SchemaType::from_iter([Type::Object, Type::Null]))
                    .additional_properties(Some(any()))
                    .description(Some(
                        "The values the refusal's text fills in (e.g. {\"limit\": 5} or {\"pantry\": \"Eastside\"}); \
                         null when it has none.",
                    )),
            )
            .required("failureData")
            .into()
    }
}

impl ToSchema for Failure {}

#[cfg(test)]
mod tests {
    use super::super::account::{ADDRESS_LINE_MAX, FREE_TEXT_MAX};
    use crate::domain::forms::PASSWORD_MAX;
    use crate::model::orders::{MAX_LINE_QUANTITY, MAX_ORDER_LINES};

    /// utoipa takes only literals in `#[schema(max_length = ...)]`; these are the limits the
    /// handlers enforce, so the document and the checks cannot drift apart unnoticed. The forms'
    /// limits come from their tables instead (`form_schemas`).
    #[test]
    fn documented_limits_are_the_enforced_ones() {
        let document = super::served(Vec::new());
        let schemas = &document["components"]["schemas"];
        let limit = |schema: &str, field: &str, key: &str| schemas[schema]["properties"][field][key].clone();
        assert_eq!(limit("NewPasswordBody", "password", "maxLength"), PASSWORD_MAX);
        assert_eq!(limit("SurveyAnswers", "street", "maxLength"), ADDRESS_LINE_MAX);
        assert_eq!(limit("SurveyAnswers", "howDidYouHear", "maxLength"), FREE_TEXT_MAX);
        assert_eq!(limit("OrderSubmission", "pantryOrderItems", "maxItems"), MAX_ORDER_LINES);
        assert_eq!(limit("OrderSubmissionItem", "quantity", "maximum"), MAX_LINE_QUANTITY);
    }
}
