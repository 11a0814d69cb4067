//! TEFAP: guidelines by province, the food bank serving a place, and stored
//! responses and eligibilities.
use super::{
    Store, StoreResult,
    geography::{CountyRow, ProvinceRow, ZipPlace, food_bank_refs, province_by_id},
    locations::FoodBankRow,
};
use crate::{
    db::entity::{
        address, assistance_program, county, food_bank, province, province_assistance_program, tefap_eligibility,
        tefap_guideline, tefap_response, user,
    },
    domain::tefap::TefapEligibility,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use std::collections::HashMap;

/// A state's TEFAP guideline, with the state's poverty guideline and the assistance
/// programs offered there in display order.
#[derive(Debug, Clone)]
pub struct GuidelineRow {
    pub requires_geographic_residency: bool,
    pub accepts_cross_eligibility: bool,
    pub requires_income_check: bool,
    pub requires_income_proof: bool,
    pub requires_income_self_declare: bool,
    pub requires_identification_proof: bool,
    pub accepts_emergency_situation: bool,
    pub income_percent_required: i32,
    pub province_id: i64,
    pub province_name: String,
    pub province_abbreviation: String,
    pub poverty_guideline_year: i32,
    pub poverty_base_income_dollars: i32,
    pub poverty_per_person_dollars: i32,
    pub programs: Vec<ProgramRow>,
}

/// An assistance program a state offers.
#[derive(Debug, Clone)]
pub struct ProgramRow {
    pub id: i64,
    pub name: String,
    pub abbreviation: String,
    pub is_cross_eligible: bool,
}

/// A stored response, with the names of what it refers to.
#[derive(Debug, Clone)]
pub struct ResponseRow {
    pub is_eligible: bool,
    pub unique_id: String,
    /// `(id, name)`.
    pub county: Option<(i64, String)>,
    /// `(id, name)`.
    pub food_bank: Option<(i64, String)>,
    pub postal_code: Option<String>,
    pub province: Option<ProvinceRow>,
}

/// Where a ZIP code lies and the food bank serving it.
#[derive(Debug, Clone)]
pub struct ZipAreaRow {
    pub place: ZipPlace,
    pub county: Option<CountyRow>,
    pub food_bank: Option<FoodBankRow>,
}

/// A response to store, the verdict already decided by the caller.
#[derive(Debug, Clone)]
pub struct NewTefapResponse {
    pub unique_id: String,
    pub user_id: Option<i64>,
    pub food_bank_id: Option<i64>,
    pub province_id: Option<i64>,
    pub county_id: Option<i64>,
    pub postal_code: Option<String>,
    pub answers: serde_json::Value,
    pub is_eligible: bool,
}

async fn guideline<C: ConnectionTrait>(conn: &C, province_id: i64) -> StoreResult<Option<GuidelineRow>> {
    let Some(g) =
        tefap_guideline::Entity::find().filter(tefap_guideline::Column::ProvinceId.eq(province_id)).one(conn).await?
    else {
        return Ok(None);
    };
    let Some(p) = province::Entity::find_by_id(province_id).one(conn).await? else { return Ok(None) };
    let links = province_assistance_program::Entity::find()
        .filter(province_assistance_program::Column::ProvinceId.eq(province_id))
        .all(conn)
        .await?;
    let programs: HashMap<i64, assistance_program::Model> = assistance_program::Entity::find()
        .filter(assistance_program::Column::Id.is_in(links.iter().map(|l| l.assistance_program_id).collect::<Vec<_>>()))
        .all(conn)
        .await?
        .into_iter()
        .map(|a| (a.id, a))
        .collect();
    let mut offered: Vec<(i32, ProgramRow)> = links
        .into_iter()
        .filter_map(|l| {
            let a = programs.get(&l.assistance_program_id)?;
            let entry = ProgramRow {
                id: a.id,
                name: a.name.clone(),
                abbreviation: a.abbreviation.clone(),
                is_cross_eligible: l.is_cross_eligible,
            };
            Some((a.sort_order, entry))
        })
        .collect();
    offered.sort_by_key(|(order, p)| (*order, p.id));
    Ok(Some(GuidelineRow {
        requires_geographic_residency: g.requires_geographic_residency,
        accepts_cross_eligibility: g.accepts_cross_eligibility,
        requires_income_check: g.requires_income_check,
        requires_income_proof: g.requires_income_proof,
        requires_income_self_declare: g.requires_income_self_declare,
        requires_identification_proof: g.requires_identification_proof,
        accepts_emergency_situation: g.accepts_emergency_situation,
        income_percent_required: g.income_percent_required,
        province_id: p.id,
        province_name: p.name,
        province_abbreviation: p.abbreviation,
        poverty_guideline_year: p.poverty_guideline_year,
        poverty_base_income_dollars: p.poverty_base_income_dollars,
        poverty_per_person_dollars: p.poverty_per_person_dollars,
        programs: offered.into_iter().map(|(_, p)| p).collect(),
    }))
}

async fn result_of<C: ConnectionTrait>(conn: &C, r: &tefap_response::Model) -> StoreResult<ResponseRow> {
    let county = match r.county_id {
        Some(id) => county::Entity::find_by_id(id).one(conn).await?.map(|c| (c.id, c.name)),
        None => None,
    };
    let food_bank = match r.food_bank_id {
        Some(id) => food_bank::Entity::find_by_id(id).one(conn).await?.map(|b| (b.id, b.name)),
        None => None,
    };
    let province = match r.province_id {
        Some(id) => province_by_id(conn, id).await?,
        None => None,
    };
    Ok(ResponseRow {
        is_eligible: r.is_eligible,
        unique_id: r.unique_id.clone(),
        county,
        food_bank,
        postal_code: r.postal_code.clone(),
        province,
    })
}

/// Links a response to `user_id`: the survey counts as answered and, when the
/// response was eligible, the eligibility is stored once. False when the response
/// belongs to someone else (the conditional update also settles concurrent claims).
async fn assign_to<C: ConnectionTrait>(
    conn: &C,
    r: &tefap_response::Model,
    user_id: i64,
    at: DateTime<Utc>,
) -> StoreResult<bool> {
    let taken = tefap_response::Entity::update_many()
        .col_expr(tefap_response::Column::UserId, Expr::value(user_id))
        .filter(tefap_response::Column::Id.eq(r.id))
        .filter(
            Condition::any()
                .add(tefap_response::Column::UserId.is_null())
                .add(tefap_response::Column::UserId.eq(user_id)),
        )
        .exec(conn)
        .await?;
    if taken.rows_affected == 0 {
        return Ok(false);
    }
    tefap_response::Entity::update_many()
        .col_expr(tefap_response::Column::AssignedAt, Expr::value(at))
        .filter(tefap_response::Column::Id.eq(r.id))
        .filter(tefap_response::Column::AssignedAt.is_null())
        .exec(conn)
        .await?;
    user::Entity::update_many()
        .col_expr(user::Column::IsTefapSurveyAnswered, Expr::value(true))
        .col_expr(user::Column::UpdatedAt, Expr::value(at))
        .filter(user::Column::Id.eq(user_id))
        .exec(conn)
        .await?;
    if !r.is_eligible {
        return Ok(true);
    }
    let stored = tefap_eligibility::Entity::find()
        .filter(tefap_eligibility::Column::UserId.eq(user_id))
        .filter(tefap_eligibility::Column::UniqueId.eq(r.unique_id.clone()))
        .one(conn)
        .await?;
    if stored.is_none() {
        let row = tefap_eligibility::ActiveModel {
            id: NotSet,
            user_id: Set(user_id),
            province_id: Set(r.province_id),
            food_bank_id: Set(r.food_bank_id),
            county_id: Set(r.county_id),
            postal_code: Set(r.postal_code.clone()),
            unique_id: Set(Some(r.unique_id.clone())),
            created_at: Set(at),
        };
        tefap_eligibility::Entity::insert(row).exec_without_returning(conn).await?;
    }
    Ok(true)
}

async fn response_by_unique_id(
    txn: &DatabaseTransaction,
    unique_id: &str,
) -> StoreResult<Option<tefap_response::Model>> {
    Ok(tefap_response::Entity::find().filter(tefap_response::Column::UniqueId.eq(unique_id)).one(txn).await?)
}

impl Store {
    pub async fn tefap_guideline(&self, province_id: i64) -> StoreResult<Option<GuidelineRow>> {
        guideline(&self.db, province_id).await
    }

    /// Where `zip` lies and which food bank serves it.
    pub async fn zip_area(&self, zip: &str) -> StoreResult<Option<ZipAreaRow>> {
        let Some(place) = self.zip_place(zip).await? else { return Ok(None) };
        let county = match place.county_id {
            Some(id) => county::Entity::find_by_id(id).one(&self.db).await?.map(|c| CountyRow {
                id: c.id,
                name: c.name,
                province_id: c.province_id,
                description: c.description,
                is_match: true,
            }),
            None => None,
        };
        let food_bank = match self.food_bank_serving(&place).await? {
            Some(id) => food_bank_refs(&self.db, &[id]).await?.remove(&id),
            None => None,
        };
        Ok(Some(ZipAreaRow { place, county, food_bank }))
    }

    /// The food bank nearest to serving the place (see `domain::places`).
    pub async fn food_bank_serving(&self, place: &ZipPlace) -> StoreResult<Option<i64>> {
        Ok(super::locations::serving_near(&self.db, place.point()).await?.first().map(|s| s.food_bank_id))
    }

    /// The postal code of a food bank's head office; `None` for an unknown food bank.
    pub async fn food_bank_postal_code(&self, food_bank_id: i64) -> StoreResult<Option<String>> {
        Ok(food_bank::Entity::find_by_id(food_bank_id)
            .find_also_related(address::Entity)
            .one(&self.db)
            .await?
            .map(|(_, a)| a.map(|a| a.postal_code).unwrap_or_default()))
    }

    /// The county's province, to check an answer's county lies where its ZIP does.
    pub async fn county_province(&self, county_id: i64) -> StoreResult<Option<i64>> {
        Ok(county::Entity::find_by_id(county_id)
            .select_only()
            .column(county::Column::ProvinceId)
            .into_tuple::<i64>()
            .one(&self.db)
            .await?)
    }

    pub async fn assistance_program_ids(&self) -> StoreResult<Vec<i64>> {
        Ok(assistance_program::Entity::find()
            .select_only()
            .column(assistance_program::Column::Id)
            .order_by_asc(assistance_program::Column::Id)
            .into_tuple::<i64>()
            .all(&self.db)
            .await?)
    }

    /// Whether `user_id` answered the TEFAP survey, and their stored eligibilities.
    pub async fn tefap_record(&self, user_id: i64) -> StoreResult<Option<(bool, Vec<TefapEligibility>)>> {
        let Some(answered) = user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::IsTefapSurveyAnswered)
            .into_tuple::<bool>()
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        let rows = tefap_eligibility::Entity::find()
            .filter(tefap_eligibility::Column::UserId.eq(user_id))
            .order_by_asc(tefap_eligibility::Column::Id)
            .all(&self.db)
            .await?;
        let abbreviations: HashMap<i64, String> = province::Entity::find()
            .select_only()
            .column(province::Column::Id)
            .column(province::Column::Abbreviation)
            .into_tuple::<(i64, String)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        let eligibilities = rows
            .into_iter()
            .map(|e| TefapEligibility {
                province_abbreviation: e.province_id.and_then(|p| abbreviations.get(&p).cloned()),
                food_bank_id: e.food_bank_id,
                county_id: e.county_id,
                postal_code: e.postal_code,
            })
            .collect();
        Ok(Some((answered, eligibilities)))
    }
}

impl super::Write {
    /// Stores a response and, for a signed-in caller, assigns it at once.
    pub async fn save_tefap_response(&self, new: &NewTefapResponse, at: DateTime<Utc>) -> StoreResult<ResponseRow> {
        let row = tefap_response::ActiveModel {
            id: NotSet,
            unique_id: Set(new.unique_id.clone()),
            user_id: Set(None),
            food_bank_id: Set(new.food_bank_id),
            province_id: Set(new.province_id),
            county_id: Set(new.county_id),
            postal_code: Set(new.postal_code.clone()),
            answers: Set(new.answers.clone()),
            is_eligible: Set(new.is_eligible),
            created_at: Set(at),
            assigned_at: Set(None),
        };
        tefap_response::Entity::insert(row).exec_without_returning(&self.db).await?;
        let stored = response_by_unique_id(&self.db, &new.unique_id)
            .await?
            .ok_or_else(|| sea_orm::DbErr::RecordNotFound(new.unique_id.clone()))?;
        if let Some(user_id) = new.user_id {
            assign_to(&self.db, &stored, user_id, at).await?;
        }
        let result = result_of(&self.db, &stored).await?;
        Ok(result)
    }

    /// Assigns a stored response to `user_id`. `None` when no response has that id
    /// or it already belongs to someone else; assigning it again to its owner is a no-op.
    pub async fn assign_tefap_response(
        &self,
        user_id: i64,
        unique_id: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<ResponseRow>> {
        let Some(r) = response_by_unique_id(&self.db, unique_id).await? else { return Ok(None) };
        if !assign_to(&self.db, &r, user_id, at).await? {
            return Ok(None);
        }
        let result = result_of(&self.db, &r).await?;
        Ok(Some(result))
    }
}
