//! The API's vocabulary: serialisable shapes of spec §3, in its field names.
//! The repository fills them; handlers and the pages' loaders send them.
pub(crate) mod account;
pub(crate) mod content;
pub(crate) mod delivery_schedules;
pub(crate) mod door;
pub(crate) mod households;
pub mod hsds;
pub(crate) mod locations;
pub mod orders;
pub(crate) mod pick_list;
pub(crate) mod reference;
pub(crate) mod referrals;
pub(crate) mod reports;
pub(crate) mod runs;
pub(crate) mod schedules;
pub(crate) mod staff;
pub(crate) mod staff_audit;
pub(crate) mod staff_codes;
pub(crate) mod staff_console;
pub(crate) mod staff_content;
pub(crate) mod staff_items;
pub(crate) mod staff_pantries;
pub(crate) mod staff_rules;
pub(crate) mod staff_team;
pub(crate) mod stock;
pub(crate) mod tefap;
