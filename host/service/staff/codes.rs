//! A food bank admin's referral codes (`/staff/codes`, `/api/v1/staff/codes`): the codes naming
//! their food banks or pantries with how many shoppers hold each, a new code (typed or generated)
//! opening chosen pantries, every pantry of the food bank, or its home delivery, and expiring one
//! now. Judged by `domain::network`; each write with its audit entry (`code.create|expire`).
use crate::service::{Context, Error, Result, staff::Staff, staff::content::food_bank_zone};
use crate::{
    db::repo::{
        audit::AuditEntry,
        staff::codes::{CodeRow, NewCode},
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        network::{CodeFacts, CodeScope, code_errors, generate_code},
        staff::FoodBankAdmin,
        time::place_time,
    },
    model::staff_codes::{AdminCode, AdminCodes, CodeForm, CodePantry},
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use std::collections::HashMap;

fn banks(admin: &Staff<FoodBankAdmin>) -> Vec<Id> {
    admin.reach.food_banks.iter().copied().collect()
}

fn scope_of(r: &CodeRow) -> CodeScope {
    match (r.pantry_ids.is_empty(), r.food_banks.iter().any(|(_, delivery)| *delivery)) {
        (_, true) => CodeScope::Delivery,
        (false, false) if !r.food_banks.is_empty() => CodeScope::FoodBank,
        _ => CodeScope::Pantries,
    }
}

/// What a code's row is shown with: its pantries' names, and the zone its times are read in (the
/// admin's food bank's, as the expiry's day is typed in).
struct Shown {
    names: HashMap<Id, String>,
    tz: Tz,
}

fn admin_code(r: CodeRow, shown: &Shown, now: DateTime<Utc>) -> AdminCode {
    AdminCode {
        scope: scope_of(&r).code().to_owned(),
        pantries: r.pantry_ids.iter().filter_map(|p| shown.names.get(p).cloned()).collect(),
        usable: r.active && r.expires_at.is_none_or(|e| e > now),
        id: r.id,
        code: r.code,
        description: r.description,
        expires_at: r.expires_at.map(|e| place_time(e, shown.tz)),
        claims: r.claims,
        created_at: place_time(r.created_at, shown.tz),
    }
}

async fn pantry_choices(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<Vec<CodePantry>> {
    Ok(state
        .store
        .admin_pantries(banks(admin), None)
        .await?
        .into_iter()
        .map(|p| CodePantry { id: p.id, name: p.label, restricted: p.restricted })
        .collect())
}

/// The admin's codes, newest first, and the pantries a new code can open.
pub async fn codes(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<AdminCodes> {
    let pantries = pantry_choices(state, admin).await?;
    let names: HashMap<Id, String> = pantries.iter().map(|p| (p.id, p.name.clone())).collect();
    let shown = Shown { names, tz: food_bank_zone(state, admin).await? };
    let now = state.clock.now();
    let codes =
        state.store.admin_codes(banks(admin), None).await?.into_iter().map(|r| admin_code(r, &shown, now)).collect();
    Ok(AdminCodes { codes, pantries })
}

fn audit(
    admin: &Staff<FoodBankAdmin>,
    bank: Id,
    action: AuditAction,
    before: Option<&AdminCode>,
    after: &AdminCode,
) -> AuditEntry {
    AuditEntry::change(admin.user_id, (bank, None), action, format!("referralCode:{}", after.id), before, Some(after))
}

/// The code as the transaction sees it; `shown` was read before it began.
async fn reread(
    tx: &crate::db::repo::Write,
    admin: &Staff<FoodBankAdmin>,
    shown: &Shown,
    now: DateTime<Utc>,
    id: Id,
) -> Result<AdminCode> {
    let row = tx.admin_codes(banks(admin), Some(id)).await?.pop().ok_or_else(not_found)?;
    Ok(admin_code(row, shown, now))
}

async fn shown(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<Shown> {
    let names = pantry_choices(state, admin).await?.into_iter().map(|p| (p.id, p.name)).collect();
    Ok(Shown { names, tz: food_bank_zone(state, admin).await? })
}

fn not_found() -> Error {
    Error::not_found(&messages::REFERRAL_CODE_NOT_FOUND)
}

/// Makes a code; its text upper-cased (codes are matched ignoring case), or generated.
pub async fn create(state: &Context, admin: &Staff<FoodBankAdmin>, form: &CodeForm) -> Result<AdminCode> {
    let bank = match form.food_bank_id {
        Some(id) if admin.reach.food_banks.contains(&id) => id,
        Some(_) => return Err(Error::not_found(&messages::FOOD_BANK_NOT_FOUND)),
        None => *admin.reach.food_banks.first().ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?,
    };
    let typed = form.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_uppercase);
    let mut code = typed.clone().unwrap_or_else(generate_code);
    // A generated code that happens to exist is drawn again; a typed one is refused.
    while typed.is_none() && state.store.code_taken(&code).await? {
        code = generate_code();
    }
    let taken = typed.is_some() && state.store.code_taken(&code).await?;
    let scope = CodeScope::from_code(form.scope.trim());
    let mut pantry_ids = form.pantry_ids.clone();
    pantry_ids.sort_unstable();
    pantry_ids.dedup();
    let description = form.description.as_deref().map(str::trim).filter(|d| !d.is_empty());
    let now = state.clock.now();
    let facts = CodeFacts {
        code: &code,
        taken,
        expires: form.expires_at,
        now,
        scope,
        pantries: pantry_ids.len(),
        pantries_ours: pantry_ids.iter().all(|p| admin.reach.has_pantry(*p)),
        description,
    };
    let errors = code_errors(&facts);
    let Some(scope) = scope.filter(|_| errors.is_empty()) else { return Err(Error::fields(errors)) };
    let shown = shown(state, admin).await?;
    let (code, pantry_ids, shown) = (&code, &pantry_ids, &shown);
    state
        .store
        .write(|tx| async move {
            let (pantry_ids, food_bank) = match scope {
                CodeScope::Pantries => (pantry_ids.clone(), None),
                CodeScope::FoodBank => (tx.food_bank_pantry_ids(bank).await?, Some((bank, false))),
                CodeScope::Delivery => (Vec::new(), Some((bank, true))),
            };
            let new = NewCode {
                code: code.clone(),
                description: description.map(str::to_owned),
                expires_at: form.expires_at,
                pantry_ids,
                food_bank,
            };
            let id = match tx.insert_code(&new, now).await {
                Ok(id) => id,
                // Another admin took the text between the check and the insert.
                Err(crate::db::repo::StoreError::Conflict(_)) => {
                    return Err(Error::fields(vec![crate::domain::forms::FieldError::new(
                        "code",
                        crate::domain::forms::FieldCode::Duplicate,
                        "A code with this text already exists.",
                    )]));
                }
                Err(e) => return Err(e.into()),
            };
            let after = reread(&tx, admin, shown, now, id).await?;
            tx.audit(audit(admin, bank, AuditAction::CodeCreate, None, &after), now).await?;
            Ok(after)
        })
        .await
}

/// Ends a code now: shoppers can no longer claim it, and it opens nothing for those holding it.
pub async fn expire(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id) -> Result<AdminCode> {
    let now = state.clock.now();
    let shown = shown(state, admin).await?;
    let shown = &shown;
    state
        .store
        .write(|tx| async move {
            let before = reread(&tx, admin, shown, now, id).await?;
            if !before.usable {
                return Ok(before);
            }
            tx.expire_code(id, now).await?;
            let after = reread(&tx, admin, shown, now, id).await?;
            let bank = *admin.reach.food_banks.first().ok_or_else(not_found)?;
            tx.audit(audit(admin, bank, AuditAction::CodeExpire, Some(&before), &after), now).await?;
            Ok(after)
        })
        .await
}
