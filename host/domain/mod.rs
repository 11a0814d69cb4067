//! Pure business rules of OrderAhead (spec §3–§5, §8, §9).
//!
//! Nothing here touches a database, the network, the clock or the file system:
//! callers pass every fact in, including `now` and the IANA time zone of the
//! pantry (or food bank, for delivery). That keeps every rule unit-testable and
//! lets the API server load rows however it likes before asking for a verdict.
//!
//! Module map:
//! - `messages`: every user-facing text of these rules (spec §8 wording), each refusal's kind among them.
//! - `refusal`: a refusal as a value (its kind and data), and a failure's reason.
//! - `time`: local pickup/delivery clock times → instants in a pantry time zone.
//! - `limits`: per-item effective limits and the per-order item-count limit.
//! - `inventory`: the inventory line the rules read, TEFAP visibility of it.
//! - `cart`: cart validation against inventory and limits, Add/stepper rules.
//! - `pickup`: valid pickup times, day grouping, pantry summaries and sorting.
//! - `delivery`: valid delivery windows and who may use delivery.
//! - `access`: restricted pantries and referral codes.
//! - `order_limits`: orders-per-period limits and the next date an order is allowed.
//! - `orders`: order status, change/cancel cutoff, upcoming and nearest orders.
//! - `order_states`: the staff side's state changes (packing, ready, picked up, no-show, cancel), short lines.
//! - `households`: the intake search's folded names, phones and duplicate matching.
//! - `staff`: staff roles and what each may reach.
//! - `audit`: the kinds of change the audit log records.
//! - `order_changes`: whether a placed order may be cancelled or moved, and to which time or pantry.
//! - `schedule`: weekly schedules and one-off days cut into pickup times, closed days.
//! - `seats`: slot capacity, what is left and whether a slot is full.
//! - `submission`: the checks an order must pass before stock is taken.
//! - `tefap`: TEFAP eligibility matching, income maximum, eligibility flow.
//! - `survey`: checkout survey questions and answers.
//! - `forms`: address, profile and small form validations.
//! - `passwords`: the length and common-password rules for new passwords.
//! - `devices`: the browser and system a session is listed under.

pub(crate) mod access;
pub mod audit;
pub(crate) mod cart;
pub(crate) mod checkout_questions;
pub(crate) mod delivery;
pub mod devices;
pub mod door;
pub(crate) mod forms;
pub mod households;
pub(crate) mod inventory;
pub mod items;
pub(crate) mod limits;
pub mod messages;
pub(crate) mod network;
pub(crate) mod order_changes;
pub(crate) mod order_limits;
pub mod order_states;
pub mod orders;
pub(crate) mod passwords;
pub(crate) mod pickup;
pub(crate) mod places;
pub mod refusal;
pub mod reports;
pub mod runs;
pub(crate) mod schedule;
pub(crate) mod seats;
pub mod second_factor;
pub(crate) mod signature;
pub mod staff;
pub mod stock;
pub(crate) mod submission;
pub(crate) mod survey;
pub(crate) mod tefap;
pub(crate) mod time;

/// Database identifier of any entity. One alias so a change of key type is one edit.
pub type Id = i64;
