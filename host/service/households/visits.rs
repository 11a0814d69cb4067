//! A walk-in visit at the door (issue 49 item 3), signed where the food bank requires it, and a
//! staff member's TEFAP decision on a household (item 5). Each is one transaction with its audit
//! entry; a visit's stock movements and the decision it implies too.
use super::{MAX_LINE, MAX_POUNDS, Subject, due, own};
use crate::{
    db::repo::{
        audit::AuditEntry,
        households::{Decision, NewVisit},
        stock::StockCause,
    },
    domain::{
        Id,
        audit::AuditAction,
        door::{Once, day_of},
        forms::{FieldCode, FieldError},
        households::TEFAP_BASES,
        messages,
        signature::{MAX_TYPED, SignatureProblem, parse_signature},
        staff::Volunteer,
        stock::StockReason,
        time::local_today,
    },
    service::{Context, Error, Result, staff::Staff, stock::move_and_record},
};
use std::collections::BTreeMap;

/// A walk-in visit as typed: the item lines (stock row id, units), the pounds (when no lines are
/// given, or to record more than they weigh), the TEFAP basis when TEFAP foods were given, and
/// the household's signature (a name typed, or strokes drawn) where the food bank requires one.
#[derive(Debug, Clone, Default)]
pub struct VisitForm {
    pub lines: Vec<(String, String)>,
    pub pounds: String,
    pub tefap: bool,
    pub tefap_basis: String,
    pub signed_name: String,
    pub signed_drawing: String,
}

/// The pantry of the caller's at the household's food bank that `pantry` names.
async fn place_for(
    state: &Context,
    staff: &Staff<Volunteer>,
    pantry: Id,
    food_bank_id: Id,
) -> Result<crate::db::repo::staff::grants::StaffPantryRow> {
    let place = state
        .store
        .staff_pantries(vec![pantry])
        .await?
        .into_iter()
        .find(|p| staff.reach.has_pantry(p.id) && p.food_bank_id == food_bank_id);
    place.ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))
}

fn basis_error(field: &'static str) -> FieldError {
    FieldError::new(field, FieldCode::Choice, "Choose income, programs, emergency or homeless.")
}

/// Records that the household was served at the caller's pantry today: the lines' stock goes
/// down (movements `given_out`), and the visit counts in the month's report. One transaction,
/// which keeps the key of a visit the door sent from a device (`once`).
pub async fn record_visit(
    state: &Context,
    staff: &Staff<Volunteer>,
    household_id: Id,
    pantry: Id,
    form: &VisitForm,
    once: Option<&Once<'_>>,
) -> Result<Id> {
    let h = own(state, &staff.reach, household_id).await?;
    let place = place_for(state, staff, pantry, h.food_bank_id).await?;
    let rules = state.store.tefap_rules(h.food_bank_id).await?;
    let mut errors = Vec::new();
    let mut lines: BTreeMap<Id, i64> = BTreeMap::new();
    for (item, units) in &form.lines {
        let units = units.trim();
        if units.is_empty() || units == "0" {
            continue;
        }
        match (item.trim().parse::<Id>(), units.parse::<i64>()) {
            (Ok(item), Ok(n)) if (1..=MAX_LINE).contains(&n) => *lines.entry(item).or_default() += n,
            _ => errors.push(FieldError::new(
                "units",
                FieldCode::OutOfRange,
                format!("Enter a whole number from 0 to {MAX_LINE}."),
            )),
        }
    }
    let pounds = match form.pounds.trim() {
        "" => 0.0,
        text => match text.parse::<f64>() {
            Ok(p) if p.is_finite() && (0.0..=MAX_POUNDS).contains(&p) => p,
            _ => {
                errors.push(FieldError::new(
                    "pounds",
                    FieldCode::OutOfRange,
                    format!("Enter pounds from 0 to {MAX_POUNDS}."),
                ));
                0.0
            }
        },
    };
    let basis = form.tefap.then(|| form.tefap_basis.trim().to_owned());
    if basis.as_deref().is_some_and(|b| !TEFAP_BASES.contains(&b)) {
        errors.push(basis_error("tefapBasis"));
    }
    if errors.is_empty() && lines.is_empty() && pounds <= 0.0 {
        errors.push(FieldError::new(
            "pounds",
            FieldCode::Required,
            "Give out at least one item, or enter the pounds given.",
        ));
    }
    // Signed only where the food bank asks: elsewhere nothing of it is kept.
    let signature = if rules.visit_signature {
        match parse_signature(&form.signed_name, &form.signed_drawing) {
            Ok(s) => Some(s),
            Err(problem) => {
                errors.push(match problem {
                    SignatureProblem::Missing => FieldError::new(
                        "signature",
                        FieldCode::Required,
                        "The household signs for the visit: type their name or draw their signature.",
                    ),
                    SignatureProblem::TooLong => {
                        FieldError::new("signature", FieldCode::TooLong, format!("Use at most {MAX_TYPED} characters."))
                    }
                    SignatureProblem::BadDrawing => FieldError::new(
                        "signature",
                        FieldCode::Choice,
                        "The signature drawn could not be read: clear it and sign again.",
                    ),
                });
                None
            }
        }
    } else {
        None
    };
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let now = state.clock.now();
    let new = NewVisit {
        household_id: h.id,
        food_bank_id: h.food_bank_id,
        pantry_id: place.id,
        // A visit the door recorded offline counts on the day it happened.
        day: once.map_or_else(|| local_today(now, place.tz), |o| day_of(o.at, now, place.tz)),
        units: lines.values().sum(),
        pounds,
        tefap_basis: basis,
        by: staff.user_id,
        signature,
    };
    let lapsed = due(h.tefap_decided_on, new.day, rules.valid_months);
    let (new, lines) = (&new, &lines);
    state
        .store
        .write(|txn| async move {
            let stocked = txn.pantry_stock_ids(place.id, lines.keys().copied().collect()).await?;
            if stocked.len() != lines.len() {
                return Err(Error::fields(vec![FieldError::new(
                    "units",
                    FieldCode::Choice,
                    "Choose items this pantry has.",
                )]));
            }
            let deltas: BTreeMap<Id, i64> = lines.iter().map(|(id, n)| (*id, -n)).collect();
            let quantities: Vec<(Id, i32)> =
                lines.iter().map(|(id, n)| (*id, i32::try_from(*n).unwrap_or(i32::MAX))).collect();
            let id = txn.insert_visit(new, &quantities, now).await?;
            // TEFAP foods given on a basis when the household's decision has lapsed (or was never
            // made) is the new decision: staff asked at the door (recertification, item 5).
            if let Some(basis) = new.tefap_basis.as_deref().filter(|_| lapsed) {
                let decision = Decision {
                    household_id: new.household_id,
                    basis,
                    day: new.day,
                    by: new.by,
                    pantry_id: Some(new.pantry_id),
                    how: "visit",
                };
                txn.decide_tefap(&decision, now).await?;
            }
            if !deltas.is_empty() {
                let cause = StockCause { reason: StockReason::GivenOut, by: Some(new.by), order_id: None };
                move_and_record(&txn, &deltas, cause, "units", now).await?;
            }
            let entry = AuditEntry::change(
                new.by,
                (new.food_bank_id, Some(new.pantry_id)),
                AuditAction::VisitRecord,
                format!("household:{}", new.household_id),
                None::<&Subject>,
                Some(&Subject { household_id: new.household_id }),
            );
            txn.audit(entry, now).await?;
            if let Some(once) = once {
                txn.keep_door_action(once.key, new.by, once.kind, id, now).await?;
            }
            Ok::<_, Error>(id)
        })
        .await
}

/// Records a staff member's TEFAP decision on the household today, at the caller's pantry
/// `pantry`: its basis (income, programs, emergency or homeless) stands for the food bank's
/// period from today, and joins the household's history. Volunteers decide at the door, as they
/// do when they give TEFAP foods at a visit. The same decision again the same day (a second
/// click, a resent form) records nothing more.
pub async fn decide(
    state: &Context,
    staff: &Staff<Volunteer>,
    household_id: Id,
    pantry: Id,
    basis: &str,
) -> Result<()> {
    let h = own(state, &staff.reach, household_id).await?;
    let place = place_for(state, staff, pantry, h.food_bank_id).await?;
    let basis = basis.trim();
    if !TEFAP_BASES.contains(&basis) {
        return Err(Error::fields(vec![basis_error("decisionBasis")]));
    }
    let now = state.clock.now();
    let decision = Decision {
        household_id: h.id,
        basis,
        day: local_today(now, place.tz),
        by: staff.user_id,
        pantry_id: Some(place.id),
        how: "staff",
    };
    let entry = AuditEntry::change(
        staff.user_id,
        (h.food_bank_id, Some(place.id)),
        AuditAction::HouseholdDecide,
        format!("household:{}", h.id),
        None::<&Subject>,
        Some(&Subject { household_id: h.id }),
    );
    let (decision, entry) = (&decision, &entry);
    state
        .store
        .write(|txn| async move {
            let held = txn.household(decision.household_id).await?;
            let same = held.is_some_and(|h| {
                h.tefap_basis.as_deref() == Some(decision.basis) && h.tefap_decided_on == Some(decision.day)
            });
            if !same {
                txn.decide_tefap(decision, now).await?;
                txn.audit(entry.clone(), now).await?;
            }
            Ok::<_, Error>(())
        })
        .await
}
