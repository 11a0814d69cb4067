//! Cache scopes: the parts of the data a public page can show, each with a version in the
//! `cache_scopes` table that triggers bump on every write to the rows behind it, whoever makes
//! it (this host, another host on the same PostgreSQL, an operator's SQL). A loader names the
//! scopes its page shows; the render cache serves the page only while their versions hold.
//!
//! The triggers are in `migration/m20261201_000013_cache_scopes.rs`; each variant says which
//! rows bump it, and [`Scope::key`] is the text they write.
use crate::domain::Id;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    /// The pantry's own row, its address, photos and pickup times (not its stock).
    Pantry(Id),
    /// What the pantry's shop offers: its inventory rows (quantities move with every order,
    /// cancel and location change), their categories and limits, and limits set on the pantry.
    PantryStock(Id),
    /// The food bank's row and address, limits set on it, and its delivery stock that no one
    /// program owns.
    FoodBank(Id),
    /// The delivery program's row, its delivery windows, its stock and limits set on it.
    DeliveryProgram(Id),
    /// What a search can find: pantries and food banks added or removed, a pantry moved,
    /// (de)activated or given to another food bank, a food bank enabled or disabled or moved.
    Directory,
    /// The shared lists pages name things from: products (with their photos and limits),
    /// categories, units, package types, provinces and counties.
    Catalog,
    /// Info cards, their sections and notifications.
    Content,
    /// The pantry's weekly hours and one-off days (`schedules` rows), which only the HSDS export
    /// shows as such: the pages show the pickup times the rows make, under [`Scope::Pantry`].
    PantryHours(Id),
    /// The delivery program's weekly hours and one-off days (`delivery_schedules` rows).
    ProgramHours(Id),
}

impl Scope {
    /// The scope's row in `cache_scopes`, as the triggers write it.
    pub fn key(&self) -> String {
        match self {
            Self::Pantry(id) => format!("pantry:{id}"),
            Self::PantryStock(id) => format!("pantry_stock:{id}"),
            Self::FoodBank(id) => format!("food_bank:{id}"),
            Self::DeliveryProgram(id) => format!("delivery_program:{id}"),
            Self::Directory => "directory".into(),
            Self::Catalog => "catalog".into(),
            Self::Content => "content".into(),
            Self::PantryHours(id) => format!("pantry_hours:{id}"),
            Self::ProgramHours(id) => format!("program_hours:{id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Scope;

    #[test]
    fn keys_are_what_the_triggers_write() {
        assert_eq!(Scope::Pantry(17).key(), "pantry:17");
        assert_eq!(Scope::PantryStock(17).key(), "pantry_stock:17");
        assert_eq!(Scope::FoodBank(3).key(), "food_bank:3");
        assert_eq!(Scope::DeliveryProgram(2).key(), "delivery_program:2");
        assert_eq!(Scope::Directory.key(), "directory");
        assert_eq!(Scope::Catalog.key(), "catalog");
        assert_eq!(Scope::Content.key(), "content");
        assert_eq!(Scope::PantryHours(17).key(), "pantry_hours:17");
        assert_eq!(Scope::ProgramHours(2).key(), "program_hours:2");
    }
}
