//! Every user-facing text produced by the domain rules, worded exactly as in the
//! spec (§5, §8). The API and the tests import these so a wording change is one edit.
//! Texts the spec does not give are marked "not in spec" and kept to a minimum.

// --- Cart validation (§5, §8 "Cart") ---
pub const NO_AVAILABLE_STOCK: &str = "No Available Stock";
pub const INVENTORY_EXCEEDED: &str = "Inventory Exceeded";
pub const ITEMS_REMOVED_FROM_CART: &str = "Items removed from cart";
pub const OUT_OF_STOCK: &str = "Out of stock";
/// Reason shown in the Products Unavailable modal.
pub const UNAVAILABLE: &str = "Unavailable";
pub const CART_WILL_BE_CLEARED: &str = "Your cart will be cleared.";
pub const CART_WILL_BE_CLEARED_BY_WINDOW: &str = "Your cart will be cleared if you select this window.";

// --- Limits (§5) ---
pub const OVER_TOTAL_ITEM_LIMIT: &str = "Over total item limit";
/// Order Limit Reached modal default (order-limit result with limit 0).
pub const UNABLE_TO_PLACE_ORDER: &str = "Unable to place an order at this time";

/// Stock as a limit: "Limit of N", or "Out of stock" when nothing is on hand.
pub fn stock_limit(quantity: i64) -> String {
    if quantity <= 0 { OUT_OF_STOCK.to_string() } else { format!("Limit of {quantity}") }
}

/// "This item has a limit of N every M <unit>"; `unit` is already singular or plural.
pub fn limit_every(value: i64, amount: i64, unit: &str) -> String {
    format!("This item has a limit of {value} every {amount} {unit}")
}

pub fn limit_per_order(value: i64) -> String {
    format!("This item has a limit of {value} per order")
}

pub fn limit_per_account(value: i64) -> String {
    format!("This item has a limit of {value} per account")
}

pub fn items_per_order(value: i64) -> String {
    format!("There is a limit of {value} items per order")
}

// --- Checkout / submission (§5, §8 "Checkout") ---
pub const INVALID_PICKUP_TIME: &str = "Invalid pickup time";
pub const NO_PRODUCTS_IN_CART: &str = "There are no products in your cart";
pub const PICKUP_TIME_NO_LONGER_AVAILABLE: &str = "The selected pickup time is no longer available.";
pub const NO_AVAILABLE_DELIVERY_TIMES: &str = "Sorry, there are no available delivery times";
/// Not in spec: the delivery twin of the pickup text above (an order moved to a window that has started).
pub const DELIVERY_TIME_NO_LONGER_AVAILABLE: &str = "The selected delivery time is no longer available.";
pub const ERROR_SUBMITTING_ORDER: &str = "There was an error submitting your order";
/// Not in spec: a delivery order without one of the shopper's saved addresses.
pub const DELIVERY_ADDRESS_REQUIRED: &str = "Please choose a delivery address.";
pub const NO_AVAILABLE_PICKUP_TIMES: &str = "There are no available pickup times for this location.";

pub fn requires_referral_code(pantry_label: &str) -> String {
    format!("{pantry_label} requires a referral code")
}

// --- Pantry sort options (§9) ---
pub const SORT_SOONEST_AVAILABLE: &str = "Soonest Available";
pub const SORT_CLOSEST_TO_ME: &str = "Closest to Me";

// --- Forms (§5) ---
pub const FIELD_REQUIRED: &str = "This field is required";
pub const VALID_EMAIL_REQUIRED: &str = "A valid email address is required";
pub const VALID_PHONE_REQUIRED: &str = "A valid phone number is required";
pub const VERIFY_REQUIRED_FIELDS: &str = "Please verify all required fields.";
/// Not in spec: the spec caps address notes at 250 characters but gives no text.
pub fn too_long(max: usize) -> String {
    format!("Must be {max} characters or fewer")
}
/// Not in spec: a value outside its allowed list (the UI's selects prevent it).
pub const INVALID_CHOICE: &str = "Please choose a valid option";
/// Not in spec: a zip that is not 5 digits (the UI's mask prevents it).
pub const INVALID_ZIP: &str = "Please enter a 5-digit zip code";

// --- TEFAP (§8 "Eligibility") ---
pub const TEFAP_NOT_QUALIFIED: &str = "You do not qualify for additional groceries from The Emergency Food Assistance Program at this time. Click OK to begin shopping other free food items available in your area.";
pub const TEFAP_YOUR_AREA: &str = "your area";
pub const FOOD_SITUATION_NOT_ELIGIBLE: &str = "Sorry, you are not currently eligible for this service.";

// --- Order changes (§9) ---
/// Not in spec: cancel or change of an order that is completed, cancelled, timeless or past the cutoff.
pub const ORDER_CANNOT_CHANGE: &str = "This order can no longer be changed or cancelled.";
/// Not in spec: a location change to a pantry of another food bank.
pub const OTHER_FOOD_BANK: &str = "The new pickup site must belong to the same food bank.";
/// Not in spec: location and pickup-time changes apply to pickup orders only.
pub const NOT_A_PICKUP_ORDER: &str = "Only pickup orders can change their pickup site or time.";
/// Not in spec: delivery-window changes apply to delivery orders only.
pub const NOT_A_DELIVERY_ORDER: &str = "Only delivery orders can change their delivery time.";
/// Not in spec: the order's stock belongs to its delivery program, so a new window must be of the same one.
pub const OTHER_DELIVERY_PROGRAM: &str = "The new delivery time must be from the same delivery program.";

// --- Checkout questions Place Order enforces (not in spec: the checkout never lets it happen) ---
pub const ELIGIBILITY_QUESTIONS_DUE: &str = "Please answer the eligibility questions before placing your order.";
pub const SURVEY_QUESTIONS_DUE: &str = "Please answer the survey before placing your order.";

pub fn tefap_eligible(location: &str) -> String {
    format!("Congratulations, you are eligible for additional free food items in {location}")
}
