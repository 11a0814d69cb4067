//! The API's vocabulary: serialisable shapes of spec §3, in its field names.
//! The repository fills them; handlers and the pages' loaders send them.
pub mod account;
pub mod content;
pub mod locations;
pub mod orders;
pub mod reference;
pub mod referrals;
pub mod tefap;
