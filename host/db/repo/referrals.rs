//! Referral codes: loading one by its text, claiming codes onto an account, and
//! the codes an account holds. Only active, unexpired codes can be loaded or claimed.
use super::{
    Store, StoreResult,
    geography::{PantryBriefRow, food_bank_refs, pantry_refs},
    locations::FoodBankRow,
};
use crate::db::entity::{referral_code, referral_code_food_bank, referral_code_pantry_location, user_referral_code};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter, QueryOrder, Set, sea_query::Expr,
};
use std::collections::HashSet;

/// A usable referral code with the pantries and food banks it opens.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferralCodeRow {
    pub id: i64,
    pub code: String,
    pub created: DateTime<Utc>,
    /// Whether the reader holds the code; false for visitors.
    pub is_applied: bool,
    /// Its active pantries, by id.
    pub pantries: Vec<PantryBriefRow>,
    /// Its food banks by id, each with whether the code opens delivery there.
    pub food_banks: Vec<(FoodBankRow, bool)>,
}

/// One code of a claim: as sent, and whether it is now held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub code: String,
    pub applied: bool,
}

/// The usable code whose text equals `code` ignoring case (codes are unique by `upper(code)`).
async fn find_usable<C: ConnectionTrait>(
    conn: &C,
    code: &str,
    now: DateTime<Utc>,
) -> StoreResult<Option<referral_code::Model>> {
    Ok(referral_code::Entity::find()
        .filter(Expr::cust("upper(code)").eq(code.to_uppercase()))
        .filter(usable(now))
        .one(conn)
        .await?)
}

fn usable(now: DateTime<Utc>) -> Condition {
    Condition::all().add(referral_code::Column::IsActive.eq(true)).add(
        Condition::any().add(referral_code::Column::ExpiresAt.is_null()).add(referral_code::Column::ExpiresAt.gt(now)),
    )
}

async fn held_ids<C: ConnectionTrait>(conn: &C, user_id: i64) -> StoreResult<HashSet<i64>> {
    Ok(user_referral_code::Entity::find()
        .filter(user_referral_code::Column::UserId.eq(user_id))
        .filter(user_referral_code::Column::IsApplied.eq(true))
        .all(conn)
        .await?
        .into_iter()
        .map(|r| r.referral_code_id)
        .collect())
}

/// `code` with what it opens, `is_applied` from the reader's held codes.
async fn view<C: ConnectionTrait>(
    conn: &C,
    code: referral_code::Model,
    held: &HashSet<i64>,
) -> StoreResult<ReferralCodeRow> {
    let pantry_ids: Vec<i64> = referral_code_pantry_location::Entity::find()
        .filter(referral_code_pantry_location::Column::ReferralCodeId.eq(code.id))
        .order_by_asc(referral_code_pantry_location::Column::PantryLocationId)
        .all(conn)
        .await?
        .into_iter()
        .map(|l| l.pantry_location_id)
        .collect();
    let pantries = pantry_refs(conn, &pantry_ids).await?;
    let links = referral_code_food_bank::Entity::find()
        .filter(referral_code_food_bank::Column::ReferralCodeId.eq(code.id))
        .order_by_asc(referral_code_food_bank::Column::FoodBankId)
        .all(conn)
        .await?;
    let mut banks = food_bank_refs(conn, &links.iter().map(|l| l.food_bank_id).collect::<Vec<_>>()).await?;
    Ok(ReferralCodeRow {
        id: code.id,
        is_applied: held.contains(&code.id),
        code: code.code,
        created: code.created_at,
        pantries,
        food_banks: links
            .into_iter()
            .filter_map(|l| Some((banks.remove(&l.food_bank_id)?, l.is_delivery_enabled)))
            .collect(),
    })
}

impl Store {
    /// A usable code by its text, ignoring case; `isApplied` for `user_id` when given.
    pub async fn referral_code(
        &self,
        code: &str,
        user_id: Option<i64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<ReferralCodeRow>> {
        let Some(row) = find_usable(&self.db, code, now).await? else { return Ok(None) };
        let held = match user_id {
            Some(u) => held_ids(&self.db, u).await?,
            None => HashSet::new(),
        };
        Ok(Some(view(&self.db, row, &held).await?))
    }

    /// The usable codes `user_id` holds, oldest claim first.
    pub async fn held_referral_codes(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<Vec<ReferralCodeRow>> {
        let claims = user_referral_code::Entity::find()
            .filter(user_referral_code::Column::UserId.eq(user_id))
            .filter(user_referral_code::Column::IsApplied.eq(true))
            .order_by_asc(user_referral_code::Column::ClaimedAt)
            .order_by_asc(user_referral_code::Column::ReferralCodeId)
            .all(&self.db)
            .await?;
        let ids: Vec<i64> = claims.iter().map(|c| c.referral_code_id).collect();
        let held: HashSet<i64> = ids.iter().copied().collect();
        let mut codes = referral_code::Entity::find()
            .filter(referral_code::Column::Id.is_in(ids.clone()))
            .filter(usable(now))
            .all(&self.db)
            .await?;
        let mut out = Vec::with_capacity(codes.len());
        for id in ids {
            if let Some(i) = codes.iter().position(|c| c.id == id) {
                out.push(view(&self.db, codes.swap_remove(i), &held).await?);
            }
        }
        Ok(out)
    }
}

impl super::Write {
    /// Claims `codes` for `user_id` in one transaction. Unknown, inactive or expired
    /// codes are not applied; claiming a held code again succeeds without a new row.
    pub async fn claim_referral_codes(
        &self,
        user_id: i64,
        codes: &[String],
        now: DateTime<Utc>,
    ) -> StoreResult<Vec<Claim>> {
        let mut results = Vec::with_capacity(codes.len());
        for text in codes {
            let applied = match find_usable(&self.db, text, now).await? {
                Some(code) => {
                    let claim = user_referral_code::ActiveModel {
                        user_id: Set(user_id),
                        referral_code_id: Set(code.id),
                        is_applied: Set(true),
                        claimed_at: Set(now),
                    };
                    user_referral_code::Entity::insert(claim)
                        .on_conflict_do_nothing()
                        .exec_without_returning(&self.db)
                        .await?;
                    // A claim withdrawn earlier is applied again.
                    user_referral_code::Entity::update_many()
                        .col_expr(user_referral_code::Column::IsApplied, Expr::value(true))
                        .filter(user_referral_code::Column::UserId.eq(user_id))
                        .filter(user_referral_code::Column::ReferralCodeId.eq(code.id))
                        .filter(user_referral_code::Column::IsApplied.eq(false))
                        .exec(&self.db)
                        .await?;
                    true
                }
                None => false,
            };
            results.push(Claim { code: text.clone(), applied });
        }
        Ok(results)
    }
}
