//! Every user-facing text produced by the domain rules, worded exactly as in the
//! spec (§5, §8). The API and the tests import these so a wording change is one edit.
//! Texts the spec does not give are marked "not in spec" and kept to a minimum.
//!
//! A refusal is a [`RefusalKind`] constant (its stable code and English wording, listed in
//! [`REFUSALS`]) or, when its wording has placeholders, a [`Refusal`] made by the function of
//! that name below. Plain `&str` constants are texts that are not refusals.
use super::refusal::{Refusal, RefusalKind, RefusalValue, Slot, fixed};

// --- Cart validation (§5, §8 "Cart") ---
pub const NO_AVAILABLE_STOCK: RefusalKind = fixed("noAvailableStock", "No Available Stock");
pub const INVENTORY_EXCEEDED: RefusalKind = fixed("inventoryExceeded", "Inventory Exceeded");
pub const ITEMS_REMOVED_FROM_CART: &str = "Items removed from cart";
pub const OUT_OF_STOCK: RefusalKind = fixed("outOfStock", "Out of stock");
/// Reason shown in the Products Unavailable modal.
pub const UNAVAILABLE: &str = "Unavailable";
pub const CART_WILL_BE_CLEARED: &str = "Your cart will be cleared.";
pub const CART_WILL_BE_CLEARED_BY_WINDOW: &str = "Your cart will be cleared if you select this window.";

// --- Limits (§5) ---
pub const OVER_TOTAL_ITEM_LIMIT: RefusalKind = fixed("overTotalItemLimit", "Over total item limit");
/// Order Limit Reached modal default (order-limit result with limit 0).
pub const UNABLE_TO_PLACE_ORDER: RefusalKind = fixed("unableToPlaceOrder", "Unable to place an order at this time");

const ITEM_UNITS: &[&str] = &["day", "days", "week", "weeks", "month", "months", "orders"];
const ORDER_UNITS: &[&str] = &["day", "days", "week", "weeks", "month", "months"];
const ORDER_WORDS: &[&str] = &["order", "orders"];

pub const STOCK_LIMIT: RefusalKind =
    RefusalKind { code: "stockLimit", english: "Limit of {limit}", slots: &[("limit", Slot::Number)] };
pub const ITEM_LIMIT_EVERY: RefusalKind = RefusalKind {
    code: "itemLimitEvery",
    english: "This item has a limit of {limit} every {amount} {unit}",
    slots: &[("limit", Slot::Number), ("amount", Slot::Number), ("unit", Slot::Word(ITEM_UNITS))],
};
pub const ITEM_LIMIT_PER_ORDER: RefusalKind = RefusalKind {
    code: "itemLimitPerOrder",
    english: "This item has a limit of {limit} per order",
    slots: &[("limit", Slot::Number)],
};
pub const ITEM_LIMIT_PER_ACCOUNT: RefusalKind = RefusalKind {
    code: "itemLimitPerAccount",
    english: "This item has a limit of {limit} per account",
    slots: &[("limit", Slot::Number)],
};
pub const ITEMS_PER_ORDER: RefusalKind = RefusalKind {
    code: "itemsPerOrder",
    english: "There is a limit of {limit} items per order",
    slots: &[("limit", Slot::Number)],
};
/// Not in spec (nor the two below): the spec only gives the default [`UNABLE_TO_PLACE_ORDER`].
pub const ORDER_LIMIT_EVERY: RefusalKind = RefusalKind {
    code: "orderLimitEvery",
    english: "There is a limit of {limit} {orders} every {amount} {unit}",
    slots: &[
        ("limit", Slot::Number),
        ("orders", Slot::Word(ORDER_WORDS)),
        ("amount", Slot::Number),
        ("unit", Slot::Word(ORDER_UNITS)),
    ],
};
pub const ORDER_LIMIT_PER_ORDER: RefusalKind = RefusalKind {
    code: "orderLimitPerOrder",
    english: "There is a limit of {limit} {orders} per order",
    slots: &[("limit", Slot::Number), ("orders", Slot::Word(ORDER_WORDS))],
};
pub const ORDER_LIMIT_PER_ACCOUNT: RefusalKind = RefusalKind {
    code: "orderLimitPerAccount",
    english: "There is a limit of {limit} {orders} per account",
    slots: &[("limit", Slot::Number), ("orders", Slot::Word(ORDER_WORDS))],
};

fn number(name: &'static str, n: i64) -> (&'static str, RefusalValue) {
    (name, RefusalValue::Number(n))
}

fn text(name: &'static str, s: &str) -> (&'static str, RefusalValue) {
    (name, RefusalValue::Text(s.to_owned()))
}

/// Stock as a limit: "Limit of N", or "Out of stock" when nothing is on hand.
pub fn stock_limit(quantity: i64) -> Refusal {
    if quantity <= 0 { (&OUT_OF_STOCK).into() } else { Refusal::new(&STOCK_LIMIT, vec![number("limit", quantity)]) }
}

/// "This item has a limit of N every M <unit>"; `unit` is already singular or plural.
pub fn limit_every(value: i64, amount: i64, unit: &str) -> Refusal {
    Refusal::new(&ITEM_LIMIT_EVERY, vec![number("limit", value), number("amount", amount), text("unit", unit)])
}

pub fn limit_per_order(value: i64) -> Refusal {
    Refusal::new(&ITEM_LIMIT_PER_ORDER, vec![number("limit", value)])
}

pub fn limit_per_account(value: i64) -> Refusal {
    Refusal::new(&ITEM_LIMIT_PER_ACCOUNT, vec![number("limit", value)])
}

pub fn items_per_order(value: i64) -> Refusal {
    Refusal::new(&ITEMS_PER_ORDER, vec![number("limit", value)])
}

/// "order" for a limit of 1, else "orders".
fn orders_word(value: i64) -> (&'static str, RefusalValue) {
    text("orders", if value == 1 { "order" } else { "orders" })
}

/// "There is a limit of N order(s) every M <unit>"; `unit` is already singular or plural.
pub fn order_limit_every(value: i64, amount: i64, unit: &str) -> Refusal {
    Refusal::new(
        &ORDER_LIMIT_EVERY,
        vec![number("limit", value), orders_word(value), number("amount", amount), text("unit", unit)],
    )
}

pub fn order_limit_per_order(value: i64) -> Refusal {
    Refusal::new(&ORDER_LIMIT_PER_ORDER, vec![number("limit", value), orders_word(value)])
}

pub fn order_limit_per_account(value: i64) -> Refusal {
    Refusal::new(&ORDER_LIMIT_PER_ACCOUNT, vec![number("limit", value), orders_word(value)])
}

// --- Checkout / submission (§5, §8 "Checkout") ---
pub const INVALID_PICKUP_TIME: RefusalKind = fixed("invalidPickupTime", "Invalid pickup time");
pub const NO_PRODUCTS_IN_CART: RefusalKind = fixed("noProductsInCart", "There are no products in your cart");
pub const PICKUP_TIME_NO_LONGER_AVAILABLE: RefusalKind =
    fixed("pickupTimeNoLongerAvailable", "The selected pickup time is no longer available.");
pub const NO_AVAILABLE_DELIVERY_TIMES: RefusalKind =
    fixed("noAvailableDeliveryTimes", "Sorry, there are no available delivery times");
/// Not in spec: the delivery twin of the pickup text above (an order moved to a window that has started).
pub const DELIVERY_TIME_NO_LONGER_AVAILABLE: RefusalKind =
    fixed("deliveryTimeNoLongerAvailable", "The selected delivery time is no longer available.");
/// Not in spec: a pickup time or delivery window whose capacity is booked (slot capacity).
pub const PICKUP_TIME_FULL: RefusalKind =
    fixed("pickupTimeFull", "This pickup time is full. Please choose another time.");
/// Not in spec: a pickup time on a day the pantry closed (issue 24, closed days).
pub const PICKUP_TIME_CLOSED: RefusalKind =
    fixed("pickupTimeClosed", "The pantry is closed on this day. Please choose another time.");
pub const DELIVERY_TIME_FULL: RefusalKind =
    fixed("deliveryTimeFull", "This delivery time is full. Please choose another time.");
pub const ERROR_SUBMITTING_ORDER: RefusalKind =
    fixed("errorSubmittingOrder", "There was an error submitting your order");
/// Not in spec: a delivery order without one of the shopper's saved addresses.
pub const DELIVERY_ADDRESS_REQUIRED: RefusalKind =
    fixed("deliveryAddressRequired", "Please choose a delivery address.");
pub const NO_AVAILABLE_PICKUP_TIMES: RefusalKind =
    fixed("noAvailablePickupTimes", "There are no available pickup times for this location.");

pub const REFERRAL_CODE_REQUIRED: RefusalKind = RefusalKind {
    code: "referralCodeRequired",
    english: "{pantry} requires a referral code",
    slots: &[("pantry", Slot::Name)],
};

pub fn requires_referral_code(pantry_label: &str) -> Refusal {
    Refusal::new(&REFERRAL_CODE_REQUIRED, vec![text("pantry", pantry_label)])
}

/// Not in spec: a retried order whose `Idempotency-Key` came with a different request.
pub const IDEMPOTENCY_KEY_REUSED: RefusalKind = fixed(
    "idempotencyKeyReused",
    "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
);

// --- Pantry sort options (§9) ---
pub const SORT_SOONEST_AVAILABLE: &str = "Soonest Available";
pub const SORT_CLOSEST_TO_ME: &str = "Closest to Me";

// --- Forms (§5) ---
pub const FIELD_REQUIRED: &str = "This field is required";
pub const WRONG_PASSWORD: &str = "That is not your password";
pub const WRONG_CODE: &str = "That code is not right, or was used already: enter the code your app shows now";
pub const VALID_EMAIL_REQUIRED: &str = "A valid email address is required";
pub const VALID_PHONE_REQUIRED: &str = "A valid phone number is required";
/// The refusal of a form with field errors (which travel beside it, in the answer's value).
pub const VERIFY_REQUIRED_FIELDS: RefusalKind = fixed("verifyRequiredFields", "Please verify all required fields.");
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
pub const FOOD_SITUATION_NOT_ELIGIBLE: RefusalKind =
    fixed("notEligible", "Sorry, you are not currently eligible for this service.");

// --- Order changes (§9) ---
/// Not in spec: cancel or change of an order that is completed, cancelled, timeless or past the cutoff.
pub const ORDER_CANNOT_CHANGE: RefusalKind =
    fixed("orderCannotChange", "This order can no longer be changed or cancelled.");
/// Not in spec: a location change to a pantry of another food bank.
pub const OTHER_FOOD_BANK: RefusalKind =
    fixed("otherFoodBank", "The new pickup site must belong to the same food bank.");
/// Not in spec: location and pickup-time changes apply to pickup orders only.
pub const NOT_A_PICKUP_ORDER: RefusalKind =
    fixed("notAPickupOrder", "Only pickup orders can change their pickup site or time.");
/// Not in spec: delivery-window changes apply to delivery orders only.
pub const NOT_A_DELIVERY_ORDER: RefusalKind =
    fixed("notADeliveryOrder", "Only delivery orders can change their delivery time.");
/// Not in spec: the order's stock belongs to its delivery program, so a new window must be of the same one.
pub const OTHER_DELIVERY_PROGRAM: RefusalKind =
    fixed("otherDeliveryProgram", "The new delivery time must be from the same delivery program.");

// --- Checkout questions Place Order enforces (not in spec: the checkout never lets it happen) ---
pub const ELIGIBILITY_QUESTIONS_DUE: RefusalKind =
    fixed("eligibilityQuestionsDue", "Please answer the eligibility questions before placing your order.");
pub const SURVEY_QUESTIONS_DUE: RefusalKind =
    fixed("surveyQuestionsDue", "Please answer the survey before placing your order.");

pub fn tefap_eligible(location: &str) -> String {
    format!("Congratulations, you are eligible for additional free food items in {location}")
}

// --- Accounts and sessions (not in spec) ---
pub const LOGIN_REQUIRED: RefusalKind = fixed("loginRequired", "Please log in to continue.");
/// One answer for a wrong password and an unknown e-mail, so accounts cannot be probed.
pub const LOGIN_FAILED: RefusalKind =
    fixed("loginFailed", "There was an error authenticating: the email address or password is incorrect.");
pub const TOO_MANY_LOGINS: RefusalKind =
    fixed("tooManyLogins", "Too many failed login attempts. Please wait a few minutes and try again.");
pub const TOO_MANY_REGISTRATIONS: RefusalKind =
    fixed("tooManyRegistrations", "Too many new accounts from this network. Please try again later.");
pub const RESET_EXPIRED: RefusalKind =
    fixed("resetExpired", "This reset token has expired. Please try resetting your password again.");
pub const TOO_MANY_RESETS: RefusalKind =
    fixed("tooManyResets", "Too many password reset requests. Please wait an hour and try again.");
/// A form posted to a page from another site (not in spec: forms post without JavaScript, issue 20).
pub const CROSS_SITE_FORM: RefusalKind =
    fixed("crossSiteForm", "This form was sent from another website, so it was not accepted.");
/// A form whose token does not match the browser's (an old page, cleared cookies).
pub const FORM_EXPIRED: RefusalKind = fixed("formExpired", "This form has expired. Please check it and send it again.");
pub const TOO_MANY_CODES_FOR_LINK: RefusalKind = fixed(
    "tooManyResetCodes",
    "Too many wrong codes were tried for this reset link. Please wait an hour and try again.",
);
pub const TOO_MANY_CODES: RefusalKind = fixed(
    "tooManyCodes",
    "Too many referral codes that do not exist were tried. Please wait a few minutes and try again.",
);
/// A write that a unique index refused.
pub const ALREADY_EXISTS: RefusalKind = fixed("alreadyExists", "This already exists.");

// --- Lookups the screens show the reason of (§8's texts where it gives one) ---
pub const ADDRESS_NOT_FOUND: RefusalKind = fixed("addressNotFound", "Address not found");
pub const DELIVERY_TIME_NOT_FOUND: RefusalKind = fixed("deliveryTimeNotFound", "Delivery time not found");
pub const FOOD_BANK_NOT_FOUND: RefusalKind = fixed("foodBankNotFound", "Food bank not found");
pub const MESSAGE_NOT_FOUND: RefusalKind = fixed("messageNotFound", "Message not found");
pub const SECOND_FACTOR_NEEDED: RefusalKind = fixed(
    "secondFactorNeeded",
    "Your food bank requires a second factor: set up a code app, or enter its code, at /staff/second-factor",
);
pub const STAFF_ACCOUNT_KEPT: RefusalKind = fixed(
    "staffAccountKept",
    "A staff member's account is closed by the food bank's admin: ask them to end your staff access first",
);
pub const SESSION_NOT_FOUND: RefusalKind =
    fixed("sessionNotFound", "That device is no longer signed in to your account");
pub const ORDER_NOT_FOUND: RefusalKind = fixed("orderNotFound", "Order not found");
pub const PANTRY_LOCATION_NOT_FOUND: RefusalKind = fixed("pantryLocationNotFound", "Pantry location not found");
pub const PANTRY_NOT_FOUND: RefusalKind = fixed("pantryNotFound", "Pantry not found");
/// Not in spec: a delivery program that is not one of the caller's food banks'.
pub const DELIVERY_PROGRAM_NOT_FOUND: RefusalKind = fixed("deliveryProgramNotFound", "Delivery program not found");
/// Not in spec: a schedule row or closed day that is not one of the caller's pantries'.
pub const SCHEDULE_NOT_FOUND: RefusalKind = fixed("scheduleNotFound", "Schedule not found");
/// Not in spec: a household that is not one of the caller's food banks'.
pub const HOUSEHOLD_NOT_FOUND: RefusalKind = fixed("householdNotFound", "Household not found");
/// Not in spec: an id the published HSDS directory (`/api/hsds`) does not hold.
pub const DIRECTORY_RECORD_NOT_FOUND: RefusalKind = fixed("directoryRecordNotFound", "Directory record not found");
/// Not in spec: a staff grant that is not at one of the admin's food banks or pantries.
pub const GRANT_NOT_FOUND: RefusalKind = fixed("grantNotFound", "Staff grant not found");
pub const PROFILE_NOT_FOUND: RefusalKind = fixed("profileNotFound", "Profile not found");
pub const USER_NOT_FOUND: RefusalKind = fixed("userNotFound", "User not found");
pub const UNABLE_TO_VERIFY_CODE: RefusalKind = fixed("unableToVerifyCode", "Unable to verify code");
/// §8: "county failure: message or An error occurred loading counties".
pub const COUNTIES_NOT_LOADED: RefusalKind = fixed("countiesNotLoaded", "An error occurred loading counties");
pub const UNABLE_TO_LOAD_DATA: RefusalKind = fixed("unableToLoadData", "Unable to load data");
pub const ERROR_ASSIGNING_TEFAP: RefusalKind = fixed("errorAssigningTefap", "Error assigning TEFAP response");
pub const UNKNOWN_ZIP: RefusalKind =
    RefusalKind { code: "unknownZip", english: "Unable to load zip code {zip}", slots: &[("zip", Slot::Name)] };

pub fn unknown_zip(zip: &str) -> Refusal {
    Refusal::new(&UNKNOWN_ZIP, vec![text("zip", zip)])
}

// --- The staff side ---
pub const ORDER_CLOSED: RefusalKind = fixed("orderClosed", "This order is already closed.");
pub const ORDER_STATE_CHANGE_NOT_ALLOWED: RefusalKind =
    fixed("orderStateChangeNotAllowed", "This change is not possible in the order's current state.");
pub const NO_SHOW_TOO_EARLY: RefusalKind =
    fixed("noShowTooEarly", "An order can be marked as not picked up only once its pickup time has started.");
pub const SHORT_NOT_PACKING: RefusalKind =
    fixed("shortNotPacking", "A line can be marked short only while the order is being packed or ready.");
pub const SHORT_NOT_SHORTER: RefusalKind =
    fixed("shortNotShorter", "The packed quantity must be less than the quantity packed now.");
pub const ORDER_ALREADY_PACKED: RefusalKind =
    fixed("orderAlreadyPacked", "The pantry has started packing this order, so it can no longer be moved.");
pub const CANCEL_REASON_REQUIRED: RefusalKind =
    fixed("cancelReasonRequired", "Please tell the shopper why the order is cancelled.");
pub const STAFF_ONLY: RefusalKind = fixed("staffOnly", "This page is for pantry staff only.");
pub const NOTHING_CHOSEN: RefusalKind = fixed("nothingChosen", "Choose at least one order.");
pub const NOTHING_TO_RECEIVE: RefusalKind = fixed("nothingToReceive", "Type the units of at least one item.");
pub const LOW_AT_NOT_A_COUNT: RefusalKind =
    fixed("lowAtNotACount", "The low-stock level must be a whole number, 0 or more.");
pub const ORDER_LINE_NOT_FOUND: RefusalKind = fixed("orderLineNotFound", "Order line not found");

// --- Items and photos (not in spec) ---
pub const AMOUNT_OUT_OF_RANGE: &str = "Enter a size above 0 and up to 100000.";
pub const ITEM_NOT_FOUND: RefusalKind = fixed("itemNotFound", "Item not found");
/// Not in spec: a referral code that is not one of the admin's food banks'.
pub const REFERRAL_CODE_NOT_FOUND: RefusalKind = fixed("referralCodeNotFound", "Referral code not found");
/// Not in spec: an info card that is not the admin's food bank's.
pub const INFO_CARD_NOT_FOUND: RefusalKind = fixed("infoCardNotFound", "Info card not found");
pub const SHARED_PRODUCT: RefusalKind =
    fixed("sharedProduct", "This product is in the shared catalog: its name, size and photo cannot be changed here.");
/// A product other pantries stock too: pantry staff change their pantry's item, its admin the product.
pub const PRODUCT_OF_THE_FOOD_BANK: RefusalKind = fixed(
    "productOfTheFoodBank",
    "Other pantries stock this product too: its name, size and photo are changed by the food bank's admin.",
);
pub const PHOTO_TOO_LARGE: RefusalKind = fixed("photoTooLarge", "The photo is larger than 5 MB.");
pub const PHOTO_WRONG_TYPE: RefusalKind = fixed("photoWrongType", "Choose a JPEG, PNG or WebP photo.");
pub const PHOTO_UNREADABLE: RefusalKind = fixed("photoUnreadable", "The photo could not be read. Try another file.");
pub const PHOTO_MISSING: RefusalKind = fixed("photoMissing", "Choose a photo to upload.");
pub const PHOTO_TOO_MANY_PIXELS: RefusalKind =
    fixed("photoTooManyPixels", "The photo is over 4096 pixels wide or high. Choose a smaller photo.");
// --- Stock (issue 24; not in spec) ---
pub const STOCK_BELOW_ZERO: RefusalKind = fixed("stockBelowZero", "The stock would go below zero.");
pub const IMPORT_TOO_LARGE: RefusalKind =
    fixed("importTooLarge", "The file is larger than 5 MB. Split it into smaller files.");
pub const IMPORT_NOT_CSV: RefusalKind = fixed(
    "importNotCsv",
    "This is not a CSV file of items: its first line must name the columns itemId (or product) and quantity (or received).",
);
pub const IMPORT_HAS_ERRORS: RefusalKind =
    fixed("importHasErrors", "Nothing was applied: correct the rows with errors and upload the file again.");
pub const IMPORT_GONE: RefusalKind = fixed("importGone", "This preview is no longer available. Upload the file again.");
pub const IMPORT_UNKNOWN_ITEM: RefusalKind = fixed("importUnknownItem", "No item of this pantry has this id or name.");
pub const IMPORT_BAD_NUMBER: RefusalKind = fixed(
    "importBadNumber",
    "Write a whole number from 0 to 1000000 in quantity, or from 1 in received (one of the two).",
);
pub const IMPORT_DUPLICATE_ROW: RefusalKind = fixed("importDuplicateRow", "This item is already on an earlier row.");
pub const IMPORT_BAD_ROW: RefusalKind = fixed("importBadRow", "This row could not be read.");

// --- The service itself ---
pub const SERVER_BUSY: RefusalKind = fixed("serverBusy", "The server is busy. Please try again in a moment.");
pub const TIMED_OUT: RefusalKind = fixed("timedOut", "The request took too long. Please try again.");
/// A fault on our side; its cause is logged, never shown.
pub const SERVICE_UNAVAILABLE: RefusalKind =
    fixed("unavailable", "The service is temporarily unavailable. Please try again.");

/// Every refusal kind: the one list of codes, which the app's catalog words (`refusal.<code>`).
// --- Delivery runs (issue 51) ---
pub const RUN_NOT_FOUND: RefusalKind = fixed("runNotFound", "Delivery run not found");
pub const NOT_YOUR_RUN: RefusalKind = fixed("notYourRun", "This run is given to another driver.");
pub const RUN_ALREADY_STARTED: RefusalKind =
    fixed("runAlreadyStarted", "This run has left the depot, so its stops can no longer change.");
pub const RUN_NEEDS_DRIVER: RefusalKind = fixed("runNeedsDriver", "Give the run a driver before it starts.");
pub const RUN_NOT_STARTED: RefusalKind = fixed("runNotStarted", "Start the run before marking its stops.");
pub const RUN_HAS_NO_STOPS: RefusalKind = fixed("runHasNoStops", "This run has no stops to deliver.");
pub const STOP_NOT_FOUND: RefusalKind = fixed("stopNotFound", "Stop not found");
pub const NO_DELIVERIES_TO_SPLIT: RefusalKind =
    fixed("noDeliveriesToSplit", "No packed delivery orders of this window are waiting for a run.");
pub const DRIVERS_OUT_OF_RANGE: RefusalKind = fixed("driversOutOfRange", "Enter a number of drivers from 1 to 50.");
pub const NOT_A_DRIVER_HERE: RefusalKind =
    fixed("notADriverHere", "This person does not drive for this delivery program.");
pub const NOTHING_TO_CONFIRM: RefusalKind =
    fixed("nothingToConfirm", "The driver has not reported this stop as not delivered.");

pub const REFUSALS: &[RefusalKind] = &[
    NO_AVAILABLE_STOCK,
    INVENTORY_EXCEEDED,
    OUT_OF_STOCK,
    STOCK_LIMIT,
    OVER_TOTAL_ITEM_LIMIT,
    UNABLE_TO_PLACE_ORDER,
    ITEM_LIMIT_EVERY,
    ITEM_LIMIT_PER_ORDER,
    ITEM_LIMIT_PER_ACCOUNT,
    ITEMS_PER_ORDER,
    ORDER_LIMIT_EVERY,
    ORDER_LIMIT_PER_ORDER,
    ORDER_LIMIT_PER_ACCOUNT,
    INVALID_PICKUP_TIME,
    NO_PRODUCTS_IN_CART,
    PICKUP_TIME_NO_LONGER_AVAILABLE,
    PICKUP_TIME_FULL,
    PICKUP_TIME_CLOSED,
    DELIVERY_TIME_FULL,
    DELIVERY_TIME_NO_LONGER_AVAILABLE,
    NO_AVAILABLE_DELIVERY_TIMES,
    NO_AVAILABLE_PICKUP_TIMES,
    ERROR_SUBMITTING_ORDER,
    REFERRAL_CODE_REQUIRED,
    ELIGIBILITY_QUESTIONS_DUE,
    SURVEY_QUESTIONS_DUE,
    FOOD_SITUATION_NOT_ELIGIBLE,
    VERIFY_REQUIRED_FIELDS,
    ORDER_CANNOT_CHANGE,
    DELIVERY_ADDRESS_REQUIRED,
    OTHER_FOOD_BANK,
    NOT_A_PICKUP_ORDER,
    NOT_A_DELIVERY_ORDER,
    OTHER_DELIVERY_PROGRAM,
    IDEMPOTENCY_KEY_REUSED,
    LOGIN_REQUIRED,
    LOGIN_FAILED,
    TOO_MANY_LOGINS,
    TOO_MANY_REGISTRATIONS,
    RESET_EXPIRED,
    TOO_MANY_RESETS,
    CROSS_SITE_FORM,
    FORM_EXPIRED,
    TOO_MANY_CODES,
    TOO_MANY_CODES_FOR_LINK,
    ALREADY_EXISTS,
    ADDRESS_NOT_FOUND,
    DELIVERY_TIME_NOT_FOUND,
    FOOD_BANK_NOT_FOUND,
    MESSAGE_NOT_FOUND,
    SESSION_NOT_FOUND,
    SECOND_FACTOR_NEEDED,
    STAFF_ACCOUNT_KEPT,
    ORDER_NOT_FOUND,
    PANTRY_LOCATION_NOT_FOUND,
    PANTRY_NOT_FOUND,
    DELIVERY_PROGRAM_NOT_FOUND,
    SCHEDULE_NOT_FOUND,
    HOUSEHOLD_NOT_FOUND,
    DIRECTORY_RECORD_NOT_FOUND,
    GRANT_NOT_FOUND,
    RUN_NOT_FOUND,
    NOT_YOUR_RUN,
    RUN_ALREADY_STARTED,
    RUN_NEEDS_DRIVER,
    RUN_NOT_STARTED,
    RUN_HAS_NO_STOPS,
    STOP_NOT_FOUND,
    NO_DELIVERIES_TO_SPLIT,
    DRIVERS_OUT_OF_RANGE,
    NOT_A_DRIVER_HERE,
    NOTHING_TO_CONFIRM,
    PROFILE_NOT_FOUND,
    USER_NOT_FOUND,
    UNABLE_TO_VERIFY_CODE,
    COUNTIES_NOT_LOADED,
    UNABLE_TO_LOAD_DATA,
    ERROR_ASSIGNING_TEFAP,
    UNKNOWN_ZIP,
    ORDER_CLOSED,
    ORDER_STATE_CHANGE_NOT_ALLOWED,
    NO_SHOW_TOO_EARLY,
    SHORT_NOT_PACKING,
    SHORT_NOT_SHORTER,
    ORDER_ALREADY_PACKED,
    CANCEL_REASON_REQUIRED,
    STAFF_ONLY,
    NOTHING_CHOSEN,
    NOTHING_TO_RECEIVE,
    LOW_AT_NOT_A_COUNT,
    ORDER_LINE_NOT_FOUND,
    ITEM_NOT_FOUND,
    REFERRAL_CODE_NOT_FOUND,
    INFO_CARD_NOT_FOUND,
    SHARED_PRODUCT,
    PRODUCT_OF_THE_FOOD_BANK,
    PHOTO_TOO_LARGE,
    PHOTO_WRONG_TYPE,
    PHOTO_UNREADABLE,
    PHOTO_MISSING,
    PHOTO_TOO_MANY_PIXELS,
    STOCK_BELOW_ZERO,
    IMPORT_TOO_LARGE,
    IMPORT_NOT_CSV,
    IMPORT_HAS_ERRORS,
    IMPORT_GONE,
    IMPORT_UNKNOWN_ITEM,
    IMPORT_BAD_NUMBER,
    IMPORT_DUPLICATE_ROW,
    IMPORT_BAD_ROW,
    SERVER_BUSY,
    TIMED_OUT,
    SERVICE_UNAVAILABLE,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::refusal::split;

    #[test]
    fn codes_are_unique_camel_case_and_their_placeholders_are_declared() {
        for (i, kind) in REFUSALS.iter().enumerate() {
            assert!(REFUSALS[..i].iter().all(|k| k.code != kind.code), "{} twice", kind.code);
            assert!(kind.code.chars().next().is_some_and(|c| c.is_ascii_lowercase()), "{}", kind.code);
            assert!(kind.code.chars().all(|c| c.is_ascii_alphanumeric()), "{}", kind.code);
            let (_, names) = split(kind.english);
            let declared: Vec<&str> = kind.slots.iter().map(|(n, _)| *n).collect();
            assert_eq!(names, declared, "{}", kind.code);
        }
    }

    /// No two kinds share a wording, so a text names one code (the Spanish table and other
    /// clients key on the English text).
    #[test]
    fn every_wording_is_its_own() {
        for (i, kind) in REFUSALS.iter().enumerate() {
            assert!(REFUSALS[..i].iter().all(|k| k.english != kind.english), "{} twice", kind.english);
        }
    }

    /// Every code renders its exact English, with its data in the placeholders.
    #[test]
    fn every_code_renders_its_exact_english() {
        let r = |kind: &'static RefusalKind, data| Refusal::new(kind, data).to_string();
        assert_eq!(r(&INVALID_PICKUP_TIME, vec![]), "Invalid pickup time");
        assert_eq!(r(&NO_AVAILABLE_STOCK, vec![]), "No Available Stock");
        assert_eq!(items_per_order(5).to_string(), "There is a limit of 5 items per order");
        assert_eq!(stock_limit(3).to_string(), "Limit of 3");
        assert_eq!(stock_limit(0).to_string(), "Out of stock");
        assert_eq!(stock_limit(0).code(), "outOfStock");
        assert_eq!(limit_per_order(2).to_string(), "This item has a limit of 2 per order");
        assert_eq!(limit_per_account(2).to_string(), "This item has a limit of 2 per account");
        assert_eq!(limit_every(2, 1, "week").to_string(), "This item has a limit of 2 every 1 week");
        assert_eq!(order_limit_every(1, 3, "days").to_string(), "There is a limit of 1 order every 3 days");
        assert_eq!(order_limit_per_order(2).to_string(), "There is a limit of 2 orders per order");
        assert_eq!(order_limit_per_account(1).to_string(), "There is a limit of 1 order per account");
        assert_eq!(requires_referral_code("Eastside").to_string(), "Eastside requires a referral code");
        assert_eq!(unknown_zip("99999").to_string(), "Unable to load zip code 99999");
        for kind in REFUSALS.iter().filter(|k| k.slots.is_empty()) {
            assert_eq!(Refusal::from(kind).to_string(), kind.english, "{}", kind.code);
        }
    }

    #[test]
    fn the_constructors_fill_their_kinds_data() {
        let limit = order_limit_every(2, 1, "week");
        assert_eq!(limit.code(), "orderLimitEvery");
        assert_eq!(
            limit.data,
            vec![
                ("limit", RefusalValue::Number(2)),
                ("orders", RefusalValue::Text("orders".into())),
                ("amount", RefusalValue::Number(1)),
                ("unit", RefusalValue::Text("week".into())),
            ]
        );
        assert_eq!(
            requires_referral_code("Hope Pantry").data,
            vec![("pantry", RefusalValue::Text("Hope Pantry".into()))]
        );
    }
}
