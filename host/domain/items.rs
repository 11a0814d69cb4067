//! The rules of a pantry's item as staff add and edit it (`/staff/items`): the one place its
//! fields are judged, each refusal coded at its field. A product comes from the food bank's
//! catalog (`product_id`) or is new (its English name required, Spanish optional, size and unit
//! optional); every item has an optional category and stock source.
use super::{
    forms::{FieldCode, FieldError},
    inventory::Source,
    messages,
};

/// A product name's longest, in characters after trimming.
pub const ITEM_NAME_MAX: usize = 200;
/// The largest size: a product's amount is in its unit (pounds, ounces, cans...).
pub const AMOUNT_MAX: f64 = 100_000.0;

/// The sources staff may name, by code.
pub const SOURCES: [Source; 3] = [Source::Tefap, Source::Donated, Source::Purchased];

/// What was filled in, with what the lists it chooses from hold.
#[derive(Debug, Clone, Copy)]
pub struct ItemFacts<'a> {
    /// A product of the catalog was chosen (None: a new product, described by the fields below).
    pub product: Option<Choice>,
    pub name: &'a str,
    pub name_es: Option<&'a str>,
    /// Not finite: the text was no number.
    pub amount: Option<f64>,
    pub unit: Option<Choice>,
    pub category: Option<Choice>,
    pub source: Option<&'a str>,
}

/// A chosen id, and whether it is one of the offered choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    pub known: bool,
}

/// A source code that is none of [`SOURCES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSource;

/// The source's stored code ("" or absent: none).
pub fn source_code(text: Option<&str>) -> Result<Option<&'static str>, UnknownSource> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => {
            SOURCES.iter().find(|s| s.code().eq_ignore_ascii_case(t)).map(|s| Some(s.code())).ok_or(UnknownSource)
        }
    }
}

/// Every field's refusal (empty: the item may be saved).
pub fn item_errors(f: &ItemFacts) -> Vec<FieldError> {
    let mut errors = Vec::new();
    let unknown = |c: Option<Choice>| c.is_some_and(|c| !c.known);
    if unknown(f.product) {
        errors.push(FieldError::choice("productId"));
    }
    if f.product.is_none() {
        let name = f.name.trim();
        if name.is_empty() {
            errors.push(FieldError::required("name"));
        } else if name.chars().count() > ITEM_NAME_MAX {
            errors.push(FieldError::too_long("name", ITEM_NAME_MAX));
        }
        if f.name_es.is_some_and(|n| n.trim().chars().count() > ITEM_NAME_MAX) {
            errors.push(FieldError::too_long("nameEs", ITEM_NAME_MAX));
        }
        if f.amount.is_some_and(|a| !a.is_finite() || a <= 0.0 || a > AMOUNT_MAX) {
            errors.push(FieldError::new("amount", FieldCode::OutOfRange, messages::AMOUNT_OUT_OF_RANGE));
        }
        if unknown(f.unit) {
            errors.push(FieldError::choice("unitId"));
        }
    }
    if unknown(f.category) {
        errors.push(FieldError::choice("categoryId"));
    }
    if source_code(f.source).is_err() {
        errors.push(FieldError::choice("source"));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: Option<Choice> = Some(Choice { known: true });
    const UNKNOWN: Option<Choice> = Some(Choice { known: false });

    fn new_product<'a>(name: &'a str) -> ItemFacts<'a> {
        ItemFacts {
            product: None,
            name,
            name_es: None,
            amount: Some(15.5),
            unit: KNOWN,
            category: KNOWN,
            source: Some("tefap"),
        }
    }

    fn fields(errors: Vec<FieldError>) -> Vec<(&'static str, FieldCode)> {
        errors.into_iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_new_product_needs_an_english_name_and_a_sane_size() {
        assert!(item_errors(&new_product("Canned corn")).is_empty());
        assert_eq!(fields(item_errors(&new_product("  "))), [("name", FieldCode::Required)]);
        let long = "x".repeat(ITEM_NAME_MAX + 1);
        assert_eq!(fields(item_errors(&new_product(&long))), [("name", FieldCode::TooLong)]);
        for amount in [0.0, -1.0, f64::NAN, AMOUNT_MAX * 2.0] {
            let f = ItemFacts { amount: Some(amount), ..new_product("Rice") };
            assert_eq!(fields(item_errors(&f)), [("amount", FieldCode::OutOfRange)], "{amount}");
        }
    }

    #[test]
    fn choices_must_be_offered_ones_and_a_catalog_product_needs_no_name() {
        let f = ItemFacts { product: KNOWN, name: "", unit: UNKNOWN, ..new_product("") };
        assert!(item_errors(&f).is_empty(), "the catalog's product brings its own name and unit");
        let f = ItemFacts { product: UNKNOWN, category: UNKNOWN, source: Some("STOLEN"), ..new_product("") };
        assert_eq!(
            fields(item_errors(&f)),
            [("productId", FieldCode::Choice), ("categoryId", FieldCode::Choice), ("source", FieldCode::Choice)]
        );
        assert_eq!(source_code(Some(" donated ")), Ok(Some("DONATED")));
        assert_eq!(source_code(Some("")), Ok(None));
    }
}
