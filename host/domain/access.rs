//! Who may order at a restricted pantry (spec §5 "Pantry access", §6).

use serde::{Deserialize, Serialize};

use super::Id;
use super::messages;
use super::refusal::Refusal;

/// The facts about a pantry location that the rules read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pantry {
    pub id: Id,
    pub label: String,
    pub food_bank_id: Id,
    pub is_restricted: bool,
    /// Shoppers may book its pickup times (a pantry may run delivery alone).
    pub offers_pickup: bool,
}

/// A referral code the shopper holds (claimed on the account, or kept on the
/// device before login).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReferralCode {
    pub id: Id,
    pub code: String,
    /// Union of `referralCodePantryLocations[].pantryLocation.id` and `referralCodePantryLocationIds`.
    pub pantry_location_ids: Vec<Id>,
    pub food_banks: Vec<ReferralFoodBank>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReferralFoodBank {
    pub food_bank_id: Id,
    pub is_delivery_enabled: bool,
}

/// Everything that grants access to restricted pantries and to delivery.
/// An anonymous visitor has empty profile lists and only the codes on the device.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessGrants {
    /// Profile `explicitlyAuthorizedLocationIDs`.
    pub authorized_location_ids: Vec<Id>,
    /// Profile `foodBankIdsWithDeliveryEnabled`.
    pub food_bank_ids_with_delivery_enabled: Vec<Id>,
    pub referral_codes: Vec<ReferralCode>,
}

impl AccessGrants {
    /// Unrestricted pantries are open; a restricted one needs its id among the
    /// profile's authorised locations or a held referral code's locations.
    pub fn can_access_pantry(&self, pantry_id: Id, is_restricted: bool) -> bool {
        !is_restricted
            || self.authorized_location_ids.contains(&pantry_id)
            || self.referral_codes.iter().any(|c| c.pantry_location_ids.contains(&pantry_id))
    }
}

/// Access to `pantry`, or the refusal "{pantry} requires a referral code".
pub fn check_pantry_access(grants: &AccessGrants, pantry: &Pantry) -> Result<(), Refusal> {
    if grants.can_access_pantry(pantry.id, pantry.is_restricted) {
        Ok(())
    } else {
        Err(messages::requires_referral_code(&pantry.label))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pantry(restricted: bool) -> Pantry {
        Pantry { id: 5, label: "Hope Pantry".into(), food_bank_id: 1, is_restricted: restricted, offers_pickup: true }
    }

    #[test]
    fn unrestricted_is_open_to_anyone() {
        assert_eq!(check_pantry_access(&AccessGrants::default(), &pantry(false)), Ok(()));
    }

    #[test]
    fn restricted_needs_authorisation_or_referral() {
        let none = AccessGrants::default();
        assert_eq!(check_pantry_access(&none, &pantry(true)), Err(messages::requires_referral_code("Hope Pantry")));
        let authorised = AccessGrants { authorized_location_ids: vec![5], ..Default::default() };
        assert!(authorised.can_access_pantry(5, true));
        let code = |ids: Vec<Id>| AccessGrants {
            referral_codes: vec![ReferralCode { pantry_location_ids: ids, ..Default::default() }],
            ..Default::default()
        };
        assert!(code(vec![4, 5]).can_access_pantry(5, true));
        assert!(!code(vec![4]).can_access_pantry(5, true));
        // Delivery rights do not open a pantry.
        let delivery = AccessGrants { food_bank_ids_with_delivery_enabled: vec![1, 5], ..Default::default() };
        assert!(!delivery.can_access_pantry(5, true));
    }
}
