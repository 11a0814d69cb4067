//! The API's wire shapes (host/model) built from what the repository returns: its row
//! structs and domain values. Each shape has one way in, so the JSON cannot drift from
//! the values the rules read.
use crate::{
    db::repo::{
        PhotoRow,
        accounts::{DefaultFoodBankRow, EligibilityRow, ProfileRow},
        addresses::{SavedAddressRow, StreetRow},
        geography::{CountyRow, PantryBriefRow, PlaceRow, ProvinceRow, ZipRow},
        inventory::{CategoryRow, InventoryRow, OverviewRow},
        locations::{AddressRow, FoodBankRow, PantryRow},
        orders::{OrderLineRow, OrderPantryRow, OrderRow, OrderStatusRow, SnapshotRow},
        referrals::{Claim, ReferralCodeRow},
        shopping::{LimitOrderLine, LimitOrderRow, LimitRow},
        tefap::{GuidelineRow, ResponseRow, ZipAreaRow},
    },
    domain::{delivery::delivery_food_bank_ids, limits::ItemLimits},
    model::{
        account::{
            self, AbbreviationRef, CodeRef, DefaultFoodBank, Profile, SavedAddress, StoredTefapEligibility,
            StreetAddress,
        },
        locations::{
            Address, Attachment, AttachmentEntry, Category, Code, CountyRef, FoodBank, FoodBankAddress, InventoryItem,
            InventoryOverviewEntry, InventorySubcategory, Limit, LimitOrder, LimitOrderItem, Name, PantryItem,
            PantryLocation, PickupTime,
        },
        orders::{
            DeliveryAddress, Order, OrderInventoryItem, OrderItem, OrderPantryItem, OrderPantryLocation,
            OrderStatusType, PostalAddress,
        },
        referrals::{
            self, ClaimResult, FoodBankBrief, FoodBankRef, IdRef, PantryRef, PlaceAddress, ProvinceOnly, ReferralCode,
            ReferralCodeFoodBank, ReferralCodePantryLocation,
        },
        tefap::{
            self as tefap_shapes, Guideline, GuidelineProvince, NameRef, PostalCode, PovertyGuideline, Program,
            Province, ProvinceProgram, TefapResult, ZipArea,
        },
    },
};

impl From<&LimitRow> for Limit {
    fn from(l: &LimitRow) -> Self {
        Self {
            id: l.id,
            value: l.value,
            limit_time_scope_amount: l.time_scope_amount,
            limit_time_scope: Code { code: l.time_scope_code.clone() },
            limit_type: Code { code: l.limit_type_code.clone() },
        }
    }
}

impl From<LimitOrderLine> for LimitOrderItem {
    fn from(l: LimitOrderLine) -> Self {
        Self { pantry_item_id: l.pantry_item_id, pantry_inventory_item_id: l.inventory_item_id, quantity: l.quantity }
    }
}

impl From<LimitOrderRow> for LimitOrder {
    fn from(o: LimitOrderRow) -> Self {
        Self {
            id: o.id,
            created: o.created,
            food_bank_id: o.food_bank_id,
            pantry_location_id: o.pantry_location_id,
            pantry_location_pickup_time_id: o.pickup_time_id,
            food_bank_delivery_time_id: o.delivery_time_id,
            pantry_order_items: o.lines.into_iter().map(LimitOrderItem::from).collect(),
        }
    }
}

impl From<PhotoRow> for AttachmentEntry {
    fn from(p: PhotoRow) -> Self {
        Self { sequence_number: p.sequence_number, attachment: Attachment { id: p.id, storage_path: p.storage_path } }
    }
}

impl From<CategoryRow> for Category {
    fn from(c: CategoryRow) -> Self {
        Self { id: c.id, name: c.name, order: c.sort_order, image_url: c.image_url }
    }
}

impl From<OverviewRow> for InventoryOverviewEntry {
    fn from(o: OverviewRow) -> Self {
        Self { subcategory_id: o.subcategory_id, label: o.label, image_url: o.image_url, source_code: o.source_code }
    }
}

/// A stock row as the shop lists it, with the shopper's effective limits on it.
pub fn inventory_item(row: InventoryRow, limits: ItemLimits) -> InventoryItem {
    let p = row.product;
    InventoryItem {
        id: row.line.id,
        pantry_item_id: row.line.pantry_item_id,
        quantity: row.quantity,
        pantry_item: PantryItem {
            id: p.id,
            name: p.name,
            name_es: p.name_es,
            description: p.description,
            amount: p.amount,
            each_quantity: p.each_quantity,
            unit_of_measure: p.unit_of_measure.map(|name| Name { name }),
            donation_package_type: p.donation_package_type.map(|name| Name { name }),
            limits: p.limits.iter().map(Limit::from).collect(),
        },
        weight_pounds: row.weight_pounds,
        attachment_collection: row.photos.into_iter().map(AttachmentEntry::from).collect(),
        effective_limit: limits.effective_limit,
        all_effective_limits: limits.all_effective_limits,
        limits: row.item_limits.iter().map(Limit::from).collect(),
        pantry_inventory_subcategories: row
            .categories
            .into_iter()
            .map(|c| InventorySubcategory { pantry_subcategory_id: c.id, pantry_subcategory: Name { name: c.name } })
            .collect(),
        pantry_inventory_item_source: row.line.source_code.map(|code| Code { code }),
        created: row.created,
    }
}

impl From<AddressRow> for Address {
    fn from(a: AddressRow) -> Self {
        Self {
            id: a.id,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
            county: a.county.map(|(id, name)| CountyRef { id, name }),
            latitude: a.latitude,
            longitude: a.longitude,
            country_code: a.country_code,
        }
    }
}

impl From<FoodBankRow> for FoodBank {
    fn from(f: FoodBankRow) -> Self {
        Self {
            id: f.id,
            code: f.code,
            name: f.name,
            home_page_url: f.home_page_url,
            is_enabled: f.is_enabled,
            is_tefap_enabled: f.is_tefap_enabled,
            is_delivery_enabled: f.is_delivery_enabled,
            time_zone: f.time_zone,
            address: FoodBankAddress { province: f.province, postal_code: f.postal_code },
        }
    }
}

/// A pantry as the API shows it, with `pickup_times` (the valid ones, chosen by the caller).
pub fn pantry_location(p: PantryRow, pickup_times: Vec<PickupTime>) -> PantryLocation {
    PantryLocation {
        id: p.id,
        label: p.label,
        food_bank_id: p.food_bank.id,
        food_bank: p.food_bank.into(),
        address_id: p.address.id,
        address: p.address.into(),
        distance: p.distance,
        is_restricted: p.is_restricted,
        pickup_instructions: p.pickup_instructions,
        time_zone: p.time_zone,
        attachment_collection: p.photos.into_iter().map(AttachmentEntry::from).collect(),
        pantry_location_pickup_times: pickup_times,
    }
}

impl From<PlaceRow> for PlaceAddress {
    fn from(a: PlaceRow) -> Self {
        Self {
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
            county: a.county_id.map(|id| IdRef { id }),
            latitude: a.latitude,
            longitude: a.longitude,
        }
    }
}

impl From<PantryBriefRow> for PantryRef {
    fn from(p: PantryBriefRow) -> Self {
        Self {
            id: p.id,
            label: p.label,
            food_bank_id: p.food_bank_id,
            food_bank: FoodBankBrief {
                id: p.food_bank_id,
                code: p.food_bank_code,
                address: ProvinceOnly { province: p.food_bank_province },
            },
            address: p.address.into(),
            address_id: p.address_id,
            is_restricted: p.is_restricted,
            pickup_instructions: p.pickup_instructions,
        }
    }
}

/// The compact food bank that referral codes and TEFAP answers embed (no time zone).
impl From<FoodBankRow> for FoodBankRef {
    fn from(f: FoodBankRow) -> Self {
        Self {
            id: f.id,
            code: f.code,
            name: f.name,
            home_page_url: f.home_page_url,
            is_enabled: f.is_enabled,
            is_tefap_enabled: f.is_tefap_enabled,
            is_delivery_enabled: f.is_delivery_enabled,
            address: referrals::FoodBankAddress { province: f.province, postal_code: f.postal_code },
        }
    }
}

impl From<ReferralCodeRow> for ReferralCode {
    fn from(r: ReferralCodeRow) -> Self {
        Self {
            id: r.id,
            code: r.code,
            created: r.created,
            is_applied: r.is_applied,
            referral_code_pantry_location_ids: r.pantries.iter().map(|p| p.id).collect(),
            referral_code_pantry_locations: r
                .pantries
                .into_iter()
                .map(|p| ReferralCodePantryLocation { pantry_location: p.into() })
                .collect(),
            referral_code_food_banks: r
                .food_banks
                .into_iter()
                .map(|(f, is_delivery_enabled)| ReferralCodeFoodBank { food_bank: f.into(), is_delivery_enabled })
                .collect(),
        }
    }
}

impl From<Claim> for ClaimResult {
    fn from(c: Claim) -> Self {
        Self { code: c.code, is_applied_successfully: c.applied }
    }
}

impl From<StreetRow> for StreetAddress {
    fn from(a: StreetRow) -> Self {
        Self {
            id: a.id,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
            country_code: a.country_code,
            latitude: a.latitude,
            longitude: a.longitude,
            located_by: a.located_by,
        }
    }
}

impl From<SavedAddressRow> for SavedAddress {
    fn from(s: SavedAddressRow) -> Self {
        Self { id: s.id, name: s.name, is_primary: s.is_primary, notes: s.notes, address: s.address.into() }
    }
}

impl From<DefaultFoodBankRow> for DefaultFoodBank {
    fn from(b: DefaultFoodBankRow) -> Self {
        Self {
            id: b.id,
            code: b.code,
            name: b.name,
            is_enabled: b.is_enabled,
            is_tefap_enabled: b.is_tefap_enabled,
            is_delivery_enabled: b.is_delivery_enabled,
        }
    }
}

impl From<EligibilityRow> for StoredTefapEligibility {
    fn from(e: EligibilityRow) -> Self {
        Self {
            id: e.id,
            unique_id: e.unique_id,
            province: e.province.map(|abbreviation| AbbreviationRef { abbreviation }),
            food_bank: e.food_bank_id.map(|id| account::IdRef { id }),
            county: e.county_id.map(|id| account::IdRef { id }),
            postal_code: e.postal_code.map(|code| CodeRef { code }),
        }
    }
}

/// The profile with the delivery food banks its grants open, its own and its codes'.
impl From<ProfileRow> for Profile {
    fn from(p: ProfileRow) -> Self {
        Self {
            id: p.id,
            first_name: p.first_name,
            last_name: p.last_name,
            e_mail_address: p.email,
            phone_number: p.phone_number,
            postal_code: p.postal_code,
            is_email_notification_enabled: p.is_email_notification_enabled,
            is_text_message_notification_enabled: p.is_text_message_notification_enabled,
            is_phone_call_notification_enabled: p.is_phone_call_notification_enabled,
            default_food_bank: p.default_food_bank.map(DefaultFoodBank::from),
            food_bank_ids_with_delivery_enabled: delivery_food_bank_ids(&p.grants),
            explicitly_authorized_location_ids: p.grants.authorized_location_ids,
            is_tefap_survey_answered: p.is_tefap_survey_answered,
            tefap_recertification_due_at: p.tefap_recertification_due_at,
            tefap_eligibilities: p.tefap_eligibilities.into_iter().map(StoredTefapEligibility::from).collect(),
            food_insecure_neighbor_addresses: p.addresses.into_iter().map(SavedAddress::from).collect(),
            language: p.language,
            is_staff: p.is_staff,
        }
    }
}

impl From<ProvinceRow> for Province {
    fn from(p: ProvinceRow) -> Self {
        Self { id: p.id, name: p.name, abbreviation: p.abbreviation }
    }
}

impl From<ZipRow> for PostalCode {
    fn from(z: ZipRow) -> Self {
        Self { code: z.code, city: z.city, latitude: z.latitude, longitude: z.longitude }
    }
}

impl From<CountyRow> for tefap_shapes::County {
    fn from(c: CountyRow) -> Self {
        Self { id: c.id, name: c.name, province_id: c.province_id, description: c.description, is_match: c.is_match }
    }
}

impl From<ZipAreaRow> for ZipArea {
    fn from(a: ZipAreaRow) -> Self {
        Self {
            postal_code: a.place.postal_code.into(),
            province: a.place.province.into(),
            county: a.county.map(tefap_shapes::County::from),
            food_bank: a.food_bank.map(FoodBankRef::from),
        }
    }
}

impl From<GuidelineRow> for Guideline {
    fn from(g: GuidelineRow) -> Self {
        Self {
            requires_geographic_residency: g.requires_geographic_residency,
            accepts_cross_eligibility: g.accepts_cross_eligibility,
            requires_income_check: g.requires_income_check,
            requires_income_proof: g.requires_income_proof,
            requires_income_self_declare: g.requires_income_self_declare,
            requires_identification_proof: g.requires_identification_proof,
            accepts_emergency_situation: g.accepts_emergency_situation,
            income_percent_required: g.income_percent_required,
            province: GuidelineProvince {
                id: g.province_id,
                name: g.province_name,
                abbreviation: g.province_abbreviation,
                poverty_guideline: PovertyGuideline {
                    year: g.poverty_guideline_year,
                    base_income_in_dollars: g.poverty_base_income_dollars,
                    per_person_amount_in_dollars: g.poverty_per_person_dollars,
                },
                tefap_province_assistance_programs: g
                    .programs
                    .into_iter()
                    .map(|p| ProvinceProgram {
                        assistance_program_id: p.id,
                        is_cross_eligible: p.is_cross_eligible,
                        assistance_program: Program { id: p.id, name: p.name, abbreviation: p.abbreviation },
                    })
                    .collect(),
            },
            income_maximums: Vec::new(),
        }
        .with_income_maximums()
    }
}

impl From<ResponseRow> for TefapResult {
    fn from(r: ResponseRow) -> Self {
        Self {
            is_eligible: r.is_eligible,
            unique_id: r.unique_id,
            county: r.county.map(|(id, name)| NameRef { id, name }),
            food_bank: r.food_bank.map(|(id, name)| NameRef { id, name }),
            postal_code: r.postal_code.map(|code| tefap_shapes::CodeRef { code }),
            province: r.province.map(Province::from),
        }
    }
}

impl From<OrderPantryRow> for OrderPantryLocation {
    fn from(p: OrderPantryRow) -> Self {
        Self {
            id: p.id,
            label: p.label,
            food_bank_id: p.food_bank_id,
            address_id: p.address.id,
            address: p.address.into(),
            is_restricted: p.is_restricted,
            pickup_instructions: p.pickup_instructions,
        }
    }
}

impl From<SnapshotRow> for DeliveryAddress {
    fn from(s: SnapshotRow) -> Self {
        Self {
            name: s.name,
            address: PostalAddress {
                address_line1: s.address_line1,
                address_line2: s.address_line2,
                city: s.city,
                province: s.province,
                postal_code: s.postal_code,
                country_code: s.country_code,
            },
        }
    }
}

impl From<OrderStatusRow> for OrderStatusType {
    fn from(s: OrderStatusRow) -> Self {
        Self {
            id: s.id,
            code: s.code,
            name: s.name,
            is_successfully_completed_type: s.is_successfully_completed_type,
            is_cancelled_type: s.is_cancelled_type,
            is_in_progress_type: s.is_in_progress_type,
        }
    }
}

impl From<OrderRow> for Order {
    fn from(o: OrderRow) -> Self {
        Self {
            id: o.id,
            created: crate::domain::time::place_time(o.created, o.tz),
            food_bank_id: o.food_bank_id,
            pantry_location_id: o.pantry_location_id,
            pantry_location: o.pantry.map(OrderPantryLocation::from),
            pickup_time_id: o.pickup_time_id,
            pickup_time: o.pickup_time.as_ref().map(Into::into),
            delivery_time_id: o.delivery_time_id,
            delivery_time: o.delivery_time.as_ref().map(Into::into),
            address_id: o.saved_address_id,
            food_insecure_neighbor_address: o.delivery_address.map(DeliveryAddress::from),
            pantry_order_status_type: o.status.into(),
            can_change_or_cancel: o.can_change_or_cancel,
            is_upcoming: o.is_upcoming,
            cancel_reason: o.cancel_reason,
        }
    }
}

impl From<OrderLineRow> for OrderItem {
    fn from(l: OrderLineRow) -> Self {
        Self {
            id: l.id,
            inventory_item_id: l.inventory_item_id,
            quantity: l.quantity,
            is_substitute_ok: l.is_substitute_ok,
            pantry_inventory_item: OrderInventoryItem {
                id: l.inventory_item_id,
                pantry_item_id: l.pantry_item_id,
                pantry_item: OrderPantryItem { name: l.name, description: l.description },
                weight_pounds: l.weight_pounds,
                attachment_collection: l.photos.into_iter().map(AttachmentEntry::from).collect(),
            },
        }
    }
}
