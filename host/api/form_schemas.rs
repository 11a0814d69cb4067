//! The form rules of `domain::forms` written into the request schemas of the OpenAPI document, as
//! JSON-Schema constraints: a required text gets `minLength: 1`, a format its `pattern`, a limit
//! its `maxLength` (and `x-field-code`, the code a value refused by the pattern gets), a
//! required checkbox `enum: [true]`. The app reads them from the committed
//! document (app/scripts/gen-api-types.mjs) to check a form before sending it, so each rule is
//! written once, in the table, and the server stays the one that decides.
use crate::domain::{
    forms::{ADDRESS_FIELDS, FieldRule, Format, PROFILE_FIELDS, REGISTRATION_FIELDS},
    survey::US_STATES,
};
use serde_json::Value;
use std::collections::BTreeMap;
use utoipa::openapi::{RefOr, schema::Schema};

/// The extension keyword naming the code of a value its pattern refuses.
const FORMAT_CODE: &str = "x-field-code";
/// The extension keyword listing a choice field's options as `[value, label]` pairs (the states of
/// the state select), so the app's select offers exactly what the pattern accepts.
const CHOICES: &str = "x-choices";
/// The extension keyword naming the code of a required field left empty, where it is not
/// `required` ([`crate::domain::forms::Format::words_empty`]).
const REQUIRED_CODE: &str = "x-required-code";

/// Each form's table and the request schemas that hold its fields (the address's street part is
/// its own schema). The app's generator names the same schemas for the same forms.
pub const FORMS: [(&[FieldRule], &[&str]); 3] = [
    (REGISTRATION_FIELDS, &["RegistrationBody"]),
    (PROFILE_FIELDS, &["ProfileUpdateBody"]),
    (ADDRESS_FIELDS, &["SavedAddressBody", "StreetAddressBody"]),
];

/// Puts every form rule on its property. A rule whose field none of its schemas has is a fault
/// of the table, found by the document's tests, so it panics.
pub fn constrain(schemas: &mut BTreeMap<String, RefOr<Schema>>) {
    for (rules, names) in FORMS {
        for rule in rules {
            let holder = names.iter().find(|name| match schemas.get(**name) {
                Some(RefOr::T(Schema::Object(body))) => body.properties.contains_key(rule.field),
                _ => false,
            });
            let property = holder.and_then(|name| match schemas.get_mut(*name) {
                Some(RefOr::T(Schema::Object(body))) => match body.properties.get_mut(rule.field) {
                    Some(RefOr::T(Schema::Object(property))) => Some(property),
                    _ => None,
                },
                _ => None,
            });
            let property = property.unwrap_or_else(|| panic!("no property {} in {names:?}", rule.field));
            if rule.ticked {
                if rule.required {
                    property.enum_values = Some(vec![Value::Bool(true)]);
                }
                continue;
            }
            if rule.required {
                // A stronger minimum already declared (the password's) stays.
                property.min_length = Some(property.min_length.unwrap_or(0).max(1));
            }
            property.pattern = rule.format.map(|f| f.pattern().to_owned());
            property.max_length = rule.max_chars;
            if let Some(format) = rule.format {
                let code = serde_json::to_value(format.code()).expect("a field code serializes");
                let extensions = property.extensions.get_or_insert_with(Default::default);
                extensions.insert(FORMAT_CODE.to_owned(), code.clone());
                if rule.required && format.words_empty() {
                    extensions.insert(REQUIRED_CODE.to_owned(), code);
                }
                if format == Format::UsState {
                    extensions.insert(CHOICES.to_owned(), serde_json::json!(US_STATES.as_slice()));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FORMS;
    use crate::domain::forms::FieldRule;
    use serde_json::{Value, json};

    /// What the served document says of one field, as a rule of the table would write it.
    fn documented(schemas: &Value, names: &[&str], rule: &FieldRule) -> Value {
        let property = names
            .iter()
            .map(|name| &schemas[*name]["properties"][rule.field])
            .find(|p| !p.is_null())
            .unwrap_or_else(|| panic!("{} documented", rule.field));
        if rule.ticked {
            return json!({ "required": property["enum"] == json!([true]) });
        }
        json!({
            "required": property["minLength"].as_u64().is_some_and(|n| n >= 1),
            "pattern": property["pattern"],
            "maxLength": property["maxLength"],
            "code": property[super::FORMAT_CODE],
            "requiredCode": property[super::REQUIRED_CODE],
        })
    }

    #[test]
    fn the_document_carries_every_form_rule() {
        let document = crate::api::openapi::served(Vec::new());
        let schemas = &document["components"]["schemas"];
        for (rules, names) in FORMS {
            for rule in rules {
                let expected = if rule.ticked {
                    json!({ "required": rule.required })
                } else {
                    json!({
                        "required": rule.required,
                        "pattern": rule.format.map(|f| f.pattern()),
                        "maxLength": rule.max_chars,
                        "code": rule.format.map(|f| f.code()),
                        "requiredCode": rule.format.filter(|f| rule.required && f.words_empty()).map(|f| f.code()),
                    })
                };
                assert_eq!(documented(schemas, names, rule), expected, "{}", rule.field);
            }
        }
        // The state select's options are the states the pattern accepts, with their names.
        let choices = &schemas["StreetAddressBody"]["properties"]["province"][super::CHOICES];
        assert_eq!(choices[0], json!(["AL", "Alabama"]));
        assert_eq!(choices.as_array().map(Vec::len), Some(super::US_STATES.len()));
        // The password keeps its own stronger minimum.
        assert_eq!(schemas["RegistrationBody"]["properties"]["password"]["minLength"], 8);
    }
}
