//! The shapes of path and query parameters the API validates, as OpenAPI schemas, so that a
//! client (or a fuzzer) generating from the document sends what the server accepts. Handlers
//! take plain `i64`/`String`/`f64`; these types only describe them (`inline(RowId)` in a
//! `#[utoipa::path]`, `#[param(value_type = ...)]` on a query struct), except [`Bounded`], which
//! also refuses a text longer than the document's `maxLength`.
use crate::domain::forms::{Format, ZIP_DIGITS};
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{
        KnownFormat, RefOr, SchemaFormat,
        schema::{ObjectBuilder, Schema, Type},
    },
};

/// A query text of at most `N` characters; a longer one is refused (400), as the document's
/// `maxLength` says, before a service sees it. Describe it as `value_type = String, max_length = N`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bounded<const N: usize>(pub String);

impl<'de, const N: usize> serde::Deserialize<'de> for Bounded<N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        if text.chars().count() > N {
            return Err(serde::de::Error::custom(format!("at most {N} characters")));
        }
        Ok(Self(text))
    }
}

macro_rules! param_schema {
    ($(#[$doc:meta])* $name:ident => $schema:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                $schema.into()
            }
        }

        impl ToSchema for $name {}
    };
}

param_schema!(
    /// A row id: 64-bit, positive.
    RowId => ObjectBuilder::new()
        .schema_type(Type::Integer)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(1))
        .maximum(Some(i64::MAX))
);

param_schema!(
    /// A 5-digit US ZIP code.
    Zip => ObjectBuilder::new().schema_type(Type::String).pattern(Some(Format::Zip.pattern()))
);

param_schema!(
    /// A 5-digit ZIP code or a ZIP+4.
    ZipPlus4 => ObjectBuilder::new()
        .schema_type(Type::String)
        .pattern(Some(format!("^[0-9]{{{ZIP_DIGITS}}}(-[0-9]{{4}})?$")))
);

param_schema!(
    /// Degrees north.
    Latitude => ObjectBuilder::new().schema_type(Type::Number).minimum(Some(-90)).maximum(Some(90))
);

param_schema!(
    /// Degrees east.
    Longitude => ObjectBuilder::new().schema_type(Type::Number).minimum(Some(-180)).maximum(Some(180))
);

param_schema!(
    /// One of the pantry selector's search radii (spec §9).
    RadiusMiles => ObjectBuilder::new()
        .schema_type(Type::Number)
        .enum_values(Some(crate::domain::places::SEARCH_RADII_MILES))
);

param_schema!(
    /// A language the app is translated into.
    Language => ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(crate::catalog::Lang::all().map(crate::catalog::Lang::code)))
);
