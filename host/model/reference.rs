use serde::Serialize;

/// A gender or race choice of the survey.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IdName {
    pub id: i64,
    pub name: String,
}
