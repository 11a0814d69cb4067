//! The kinds of change the audit log records. The log stores a kind's code; people read it through
//! the catalog's `staff.audit.action.<code>` text (page, filter and CSV alike), so a kind cannot be
//! written without a name in every language (the catalog test below fails first).

/// The actor of the entries the server's own jobs write (no account has this id): the change
/// log names it as the system.
pub const SYSTEM_ACTOR: super::Id = 0;

macro_rules! actions {
    ($($variant:ident => $code:literal,)*) => {
        /// A kind of staff change, as `audit_log.action` stores it.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum AuditAction {
            $($variant,)*
        }

        impl AuditAction {
            pub const ALL: &'static [Self] = &[$(Self::$variant,)*];

            /// The stable code stored and filtered on (`?action=`).
            pub fn code(self) -> &'static str {
                match self {
                    $(Self::$variant => $code,)*
                }
            }
        }
    };
}

actions! {
    ItemCreate => "item.create",
    ItemUpdate => "item.update",
    ItemHide => "item.hide",
    ItemShow => "item.show",
    ItemPhoto => "item.photo",
    ScheduleCreate => "schedule.create",
    ScheduleUpdate => "schedule.update",
    ScheduleDelete => "schedule.delete",
    ScheduleExtraDay => "schedule.extraDay",
    ClosedDayCreate => "closedDay.create",
    ClosedDayDelete => "closedDay.delete",
    DeliveryScheduleCreate => "deliverySchedule.create",
    DeliveryScheduleUpdate => "deliverySchedule.update",
    DeliveryScheduleDelete => "deliverySchedule.delete",
    DeliveryScheduleExtraDay => "deliverySchedule.extraDay",
    DeliveryScheduleHorizon => "deliverySchedule.horizon",
    StockMove => "stock.move",
    StockImport => "stock.import",
    LimitSet => "limit.set",
    LimitDelete => "limit.delete",
    StaffGrantCreate => "staffGrant.create",
    StaffGrantUpdate => "staffGrant.update",
    StaffGrantRevoke => "staffGrant.revoke",
    CodeCreate => "code.create",
    CodeExpire => "code.expire",
    CardCreate => "card.create",
    CardUpdate => "card.update",
    NoticeCreate => "notice.create",
    NoticeUpdate => "notice.update",
    PantryCreate => "pantry.create",
    PantryUpdate => "pantry.update",
    PantryActivate => "pantry.activate",
    PantryDeactivate => "pantry.deactivate",
    PantryPhoto => "pantry.photo",
    HouseholdCreate => "household.create",
    HouseholdView => "household.view",
    HouseholdEdit => "household.edit",
    HouseholdMerge => "household.merge",
    VisitRecord => "visit.record",
    HouseholdDecide => "household.decide",
    DoorPrepare => "door.prepare",
    FoodBankRules => "foodBank.rules",
    RetentionErase => "retention.erase",
    ShopperView => "shopper.view",
    ExportTefap => "export.tefap",
    ExportAudit => "export.audit",
}

impl AuditAction {
    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|a| a.code() == code)
    }

    /// Its name's key in the message catalog.
    pub fn text_key(self) -> String {
        format!("staff.audit.action.{}", self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn codes_are_distinct_and_round_trip() {
        for a in AuditAction::ALL {
            assert_eq!(AuditAction::from_code(a.code()), Some(*a));
        }
    }

    #[test]
    fn every_kind_has_a_name_in_every_language() {
        for (lang, text) in
            [("en", include_str!("../../app/src/i18n/en.json")), ("es", include_str!("../../app/src/i18n/es.json"))]
        {
            let catalog: Value = serde_json::from_str(text).unwrap();
            for a in AuditAction::ALL {
                let name = catalog[a.text_key()].as_str().unwrap_or_default();
                assert!(!name.trim().is_empty() && name != a.code(), "{lang}: no name for {}", a.code());
            }
        }
    }
}
