use serde::Serialize;
use utoipa::ToSchema;

/// A gender or race choice of the survey.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct IdName {
    pub id: i64,
    pub name: String,
}
