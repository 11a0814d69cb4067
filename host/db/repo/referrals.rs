//! Referral codes: loading one by its text, claiming codes onto an account, and
//! the codes an account holds. Only active, unexpired codes can be loaded or claimed.
use super::{
    Store, StoreResult,
    geography::{food_bank_refs, pantry_refs},
    retrying,
};
use crate::{
    db::{
        begin_write,
        entity::{referral_code, referral_code_food_bank, referral_code_pantry_location, user_referral_code},
        now,
    },
    model::referrals::{ClaimResult, ReferralCode, ReferralCodeFoodBank, ReferralCodePantryLocation},
};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter, QueryOrder, Set, sea_query::Expr,
};
use std::collections::HashSet;

/// The usable code whose text equals `code` ignoring case (codes are unique by `upper(code)`).
async fn find_usable<C: ConnectionTrait>(conn: &C, code: &str) -> StoreResult<Option<referral_code::Model>> {
    Ok(referral_code::Entity::find()
        .filter(Expr::cust("upper(code)").eq(code.to_uppercase()))
        .filter(usable())
        .one(conn)
        .await?)
}

fn usable() -> Condition {
    Condition::all().add(referral_code::Column::IsActive.eq(true)).add(
        Condition::any()
            .add(referral_code::Column::ExpiresAt.is_null())
            .add(referral_code::Column::ExpiresAt.gt(now())),
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

/// The §3 shape of `code`, `isApplied` from the caller's held codes.
async fn view<C: ConnectionTrait>(
    conn: &C,
    code: referral_code::Model,
    held: &HashSet<i64>,
) -> StoreResult<ReferralCode> {
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
    Ok(ReferralCode {
        id: code.id,
        is_applied: held.contains(&code.id),
        code: code.code,
        created: code.created_at,
        referral_code_pantry_location_ids: pantries.iter().map(|p| p.id).collect(),
        referral_code_pantry_locations: pantries
            .into_iter()
            .map(|p| ReferralCodePantryLocation { pantry_location: p })
            .collect(),
        referral_code_food_banks: links
            .into_iter()
            .filter_map(|l| {
                let food_bank = banks.remove(&l.food_bank_id)?;
                Some(ReferralCodeFoodBank { food_bank, is_delivery_enabled: l.is_delivery_enabled })
            })
            .collect(),
    })
}

impl Store {
    /// A usable code by its text, ignoring case; `isApplied` for `user_id` when given.
    pub async fn referral_code(&self, code: &str, user_id: Option<i64>) -> StoreResult<Option<ReferralCode>> {
        let Some(row) = find_usable(&self.db, code).await? else { return Ok(None) };
        let held = match user_id {
            Some(u) => held_ids(&self.db, u).await?,
            None => HashSet::new(),
        };
        Ok(Some(view(&self.db, row, &held).await?))
    }

    /// Claims `codes` for `user_id` in one transaction. Unknown, inactive or expired
    /// codes are not applied; claiming a held code again succeeds without a new row.
    pub async fn claim_referral_codes(&self, user_id: i64, codes: &[String]) -> StoreResult<Vec<ClaimResult>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let mut results = Vec::with_capacity(codes.len());
            for text in codes {
                let applied = match find_usable(&txn, text).await? {
                    Some(code) => {
                        let claim = user_referral_code::ActiveModel {
                            user_id: Set(user_id),
                            referral_code_id: Set(code.id),
                            is_applied: Set(true),
                            claimed_at: Set(now()),
                        };
                        user_referral_code::Entity::insert(claim)
                            .on_conflict_do_nothing()
                            .exec_without_returning(&txn)
                            .await?;
                        // A claim withdrawn earlier is applied again.
                        user_referral_code::Entity::update_many()
                            .col_expr(user_referral_code::Column::IsApplied, Expr::value(true))
                            .filter(user_referral_code::Column::UserId.eq(user_id))
                            .filter(user_referral_code::Column::ReferralCodeId.eq(code.id))
                            .filter(user_referral_code::Column::IsApplied.eq(false))
                            .exec(&txn)
                            .await?;
                        true
                    }
                    None => false,
                };
                results.push(ClaimResult { code: text.clone(), is_applied_successfully: applied });
            }
            txn.commit().await?;
            Ok(results)
        })
        .await
    }

    /// The usable codes `user_id` holds, oldest claim first.
    pub async fn held_referral_codes(&self, user_id: i64) -> StoreResult<Vec<ReferralCode>> {
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
            .filter(usable())
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
