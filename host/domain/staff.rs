//! Who works at a pantry (`../shared/spec/staff-side.md` "Who works there"): a food bank admin
//! (one food bank and all its pantries), pantry staff (one or more pantries), volunteers (one
//! pantry, check-in only) and drivers (a delivery program's runs given to them, issue 51), as
//! grants on the shoppers' own accounts. Every operation states the
//! [`Access`] it needs, in its handler's or loader's signature (the role marker of its caller
//! extractor), and the places a caller reaches with it are [`reach`]'s answer.
use std::collections::BTreeSet;

use super::Id;

/// A grant's role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StaffRole {
    Driver,
    Volunteer,
    Staff,
    Admin,
}

impl StaffRole {
    pub const ALL: [Self; 4] = [Self::Admin, Self::Staff, Self::Volunteer, Self::Driver];

    /// As stored (`staff_grants.role`) and typed on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Self::Admin => "admin",
            Self::Staff => "staff",
            Self::Volunteer => "volunteer",
            Self::Driver => "driver",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|r| r.code() == code)
    }

    /// An admin's scope is a food bank; the others' a pantry.
    pub fn is_food_bank_wide(self) -> bool {
        self == Self::Admin
    }
}

/// What an operation needs of its caller. Ordered: each level admits everyone above it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Access {
    /// Anyone, signed in or not.
    Anyone,
    /// Any signed-in account (every staff member is also a shopper).
    Shopper,
    /// A driver of a delivery program: the runs given to them (the run's own check says which).
    Driver,
    /// Staff of any role at the place: a volunteer's check-in.
    Volunteer,
    /// Pantry staff or the food bank's admin.
    PantryStaff,
    /// The food bank's admin.
    FoodBankAdmin,
}

impl Access {
    pub const ALL: [Self; 6] =
        [Self::Anyone, Self::Shopper, Self::Driver, Self::Volunteer, Self::PantryStaff, Self::FoodBankAdmin];

    /// The name in the OpenAPI document: the scope of the operation's `bearer` security
    /// requirement (OpenAPI 3.1 lets a bearer requirement list the roles it needs); none for
    /// [`Access::Anyone`], whose requirement is the empty one.
    pub fn name(self) -> &'static str {
        match self {
            Self::Anyone => "anyone",
            Self::Shopper => "shopper",
            Self::Driver => "driver",
            Self::Volunteer => "volunteer",
            Self::PantryStaff => "pantryStaff",
            Self::FoodBankAdmin => "foodBankAdmin",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The least grant role that has this access; None when no grant is needed.
    pub fn least_role(self) -> Option<StaffRole> {
        match self {
            Self::Anyone | Self::Shopper => None,
            Self::Driver => Some(StaffRole::Driver),
            Self::Volunteer => Some(StaffRole::Volunteer),
            Self::PantryStaff => Some(StaffRole::Staff),
            Self::FoodBankAdmin => Some(StaffRole::Admin),
        }
    }
}

/// A role marker: the type parameter of the caller extractor that states an operation's access.
pub trait Needs: Send + Sync + 'static {
    const ACCESS: Access;
}

/// A delivery run: its driver, or the admin of its food bank.
pub struct Driver;
/// Check-in: a volunteer, staff or admin of the place.
pub struct Volunteer;
/// The queue, packing, no-shows, cancels: staff or admin of the place.
pub struct PantryStaff;
/// Staff accounts and everything food-bank wide.
pub struct FoodBankAdmin;

impl Needs for Driver {
    const ACCESS: Access = Access::Driver;
}
impl Needs for Volunteer {
    const ACCESS: Access = Access::Volunteer;
}
impl Needs for PantryStaff {
    const ACCESS: Access = Access::PantryStaff;
}
impl Needs for FoodBankAdmin {
    const ACCESS: Access = Access::FoodBankAdmin;
}

/// One place a user works at, as the store reads it: an admin's grant gives one of these for
/// each pantry of the food bank (and one for the food bank itself, `pantry_id` None); a driver's
/// is their delivery program (`program_id`), which is no place of the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Post {
    pub role: StaffRole,
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub program_id: Option<Id>,
}

/// What a caller reaches with some access: the pantries whose orders and shoppers they may see,
/// the food banks (for an admin) and the delivery programs they drive for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    pub pantries: BTreeSet<Id>,
    pub food_banks: BTreeSet<Id>,
    pub programs: BTreeSet<Id>,
}

impl Reach {
    pub fn is_empty(&self) -> bool {
        self.pantries.is_empty() && self.food_banks.is_empty() && self.programs.is_empty()
    }

    pub fn has_pantry(&self, pantry_id: Id) -> bool {
        self.pantries.contains(&pantry_id)
    }
}

/// The places `posts` give `access` to: those of the posts whose role is at least the access's.
/// A volunteer at A and staff at B reaches A and B for check-in, only B for packing.
pub fn reach(posts: &[Post], access: Access) -> Reach {
    let Some(least) = access.least_role() else { return Reach::default() };
    let mut reach = Reach::default();
    for post in posts.iter().filter(|p| p.role >= least) {
        if post.role == StaffRole::Driver {
            reach.programs.extend(post.program_id);
            continue;
        }
        match post.pantry_id {
            Some(pantry) => {
                reach.pantries.insert(pantry);
            }
            None => {
                reach.food_banks.insert(post.food_bank_id);
            }
        }
    }
    reach
}

/// The staff side's sections: each page its navigation links to, with the access that page's
/// loader states (the role marker of its `Staff` argument). `/staff` (Today) is the home every
/// role opens; the console's navigation links to the sections the caller's strongest grant opens, so no page is reached only
/// by typing its address (tests/it/staff_nav.rs follows the links per role and checks each page
/// against its row).
pub const SECTIONS: [(&str, Access); 17] = [
    ("/staff/orders", Access::PantryStaff),
    ("/staff/check-in", Access::Volunteer),
    ("/staff/households", Access::Volunteer),
    ("/staff/pick-list", Access::PantryStaff),
    ("/staff/items", Access::PantryStaff),
    ("/staff/stock", Access::PantryStaff),
    ("/staff/schedule", Access::PantryStaff),
    ("/staff/reports", Access::PantryStaff),
    ("/staff/tefap", Access::PantryStaff),
    ("/staff/team", Access::FoodBankAdmin),
    ("/staff/audit", Access::FoodBankAdmin),
    ("/staff/pantries-admin", Access::FoodBankAdmin),
    ("/staff/codes", Access::FoodBankAdmin),
    ("/staff/content", Access::FoodBankAdmin),
    ("/staff/delivery-schedule", Access::FoodBankAdmin),
    ("/staff/runs", Access::FoodBankAdmin),
    ("/staff/settings", Access::FoodBankAdmin),
];

/// The strongest access `posts` give anywhere; None without a grant.
pub fn strongest(posts: &[Post]) -> Option<Access> {
    posts.iter().map(|p| p.role).max().map(|role| match role {
        StaffRole::Driver => Access::Driver,
        StaffRole::Volunteer => Access::Volunteer,
        StaffRole::Staff => Access::PantryStaff,
        StaffRole::Admin => Access::FoodBankAdmin,
    })
}

/// The sections `access` opens, in the navigation's order.
pub fn sections(access: Access) -> Vec<&'static str> {
    SECTIONS.iter().filter(|(_, needs)| access >= *needs).map(|(path, _)| *path).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn post(role: StaffRole, food_bank_id: Id, pantry_id: Option<Id>) -> Post {
        Post { role, food_bank_id, pantry_id, program_id: None }
    }

    #[test]
    fn a_driver_reaches_their_program_and_no_place() {
        let driver = Post { role: StaffRole::Driver, food_bank_id: 1, pantry_id: None, program_id: Some(7) };
        let r = reach(&[driver], Access::Driver);
        assert_eq!(r.programs, BTreeSet::from([7]));
        assert!(r.pantries.is_empty() && r.food_banks.is_empty(), "a driver is no admin of the food bank");
        assert!(reach(&[driver], Access::Volunteer).is_empty(), "nor a volunteer at the door");
        assert_eq!(strongest(&[driver]), Some(Access::Driver));
        assert!(sections(Access::Driver).is_empty(), "their runs are on Today");
        let admin = post(StaffRole::Admin, 1, None);
        assert_eq!(reach(&[admin], Access::Driver).food_banks, BTreeSet::from([1]), "an admin opens every run");
    }

    #[test]
    fn each_access_reaches_only_the_places_of_strong_enough_grants() {
        let posts = [post(StaffRole::Volunteer, 1, Some(10)), post(StaffRole::Staff, 1, Some(11))];
        assert_eq!(reach(&posts, Access::Volunteer).pantries, BTreeSet::from([10, 11]));
        assert_eq!(reach(&posts, Access::PantryStaff).pantries, BTreeSet::from([11]));
        assert!(reach(&posts, Access::FoodBankAdmin).is_empty());
        assert!(reach(&posts, Access::Shopper).is_empty(), "shopper access needs no grant");
    }

    #[test]
    fn an_admin_reaches_every_pantry_of_the_food_bank_and_the_food_bank() {
        let posts =
            [post(StaffRole::Admin, 1, None), post(StaffRole::Admin, 1, Some(10)), post(StaffRole::Admin, 1, Some(12))];
        for access in [Access::Volunteer, Access::PantryStaff, Access::FoodBankAdmin] {
            let r = reach(&posts, access);
            assert_eq!(r.pantries, BTreeSet::from([10, 12]), "{access:?}");
            assert_eq!(r.food_banks, BTreeSet::from([1]), "{access:?}");
            assert!(!r.has_pantry(11));
        }
    }

    #[test]
    fn the_strongest_grant_opens_its_sections_and_those_below() {
        assert_eq!(strongest(&[]), None);
        let volunteer = [post(StaffRole::Volunteer, 1, Some(10))];
        assert_eq!(sections(strongest(&volunteer).unwrap()), ["/staff/check-in", "/staff/households"]);
        let mixed = [post(StaffRole::Volunteer, 1, Some(10)), post(StaffRole::Staff, 1, Some(11))];
        let staff = sections(strongest(&mixed).unwrap());
        assert!(staff.contains(&"/staff/schedule") && staff.contains(&"/staff/check-in"));
        assert!(!staff.contains(&"/staff/team"));
        assert_eq!(sections(Access::FoodBankAdmin).len(), SECTIONS.len());
    }

    #[test]
    fn names_round_trip_and_levels_are_ordered() {
        for a in Access::ALL {
            assert_eq!(Access::from_name(a.name()), Some(a));
        }
        for r in StaffRole::ALL {
            assert_eq!(StaffRole::from_code(r.code()), Some(r));
        }
        assert!(Access::FoodBankAdmin > Access::PantryStaff && Access::PantryStaff > Access::Volunteer);
        assert!(StaffRole::Admin > StaffRole::Staff && StaffRole::Staff > StaffRole::Volunteer);
    }
}
