//! `households`: a household a food bank serves, with or without an account (issue 49; see
//! migration 35 for its columns).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "households")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub food_bank_id: i64,
    pub first_name: String,
    pub last_name: String,
    pub first_key: String,
    pub last_key: String,
    pub birth_date: Option<Date>,
    pub phone: Option<String>,
    pub phone_digits: Option<String>,
    pub email: Option<String>,
    pub street: Option<String>,
    pub postal_code: String,
    pub county_id: Option<i64>,
    pub language: Option<String>,
    pub size: i32,
    pub children: Option<i32>,
    pub adults: Option<i32>,
    pub seniors: Option<i32>,
    pub tefap_basis: Option<String>,
    pub tefap_decided_on: Option<Date>,
    pub tefap_decided_by: Option<i64>,
    pub merged_into: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
