//! `household_name_keys`: the keys the intake search finds a household's names by (issue 49;
//! migrations 44 and 48, which say what they are).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "household_name_keys")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub food_bank_id: i64,
    /// Found only whole, never by its start: both names together, or a whole name with one
    /// letter left out (migration 45).
    #[sea_orm(primary_key, auto_increment = false)]
    pub typo: bool,
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub household_id: i64,
    /// The household's names folded, as `households` has them: the search ranks by these
    /// (migration 48).
    pub first_key: String,
    pub last_key: String,
}

impl ActiveModelBehavior for ActiveModel {}
