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

// --- Refusal codes (issue 11) ---
//
// A refusal travels as its English text (the spec's wording, built by the constants and functions
// above and beside the rules) and, in the API's failure envelope, as a stable code with the data its
// wording fills in. The app words the code from its own catalog, so it does not depend on English
// text and a second language follows the code. `REFUSALS` is the one list of codes; each code's
// English is a template whose `{name}` placeholders are the data, so a rule's text is recognised
// exactly and the unit tests prove every code renders its exact text.

/// What one placeholder of a refusal's wording holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A whole number: a limit, an amount.
    Number,
    /// One of a few fixed English words (a unit such as "days"), which a catalog words in its language.
    Word(&'static [&'static str]),
    /// A name from the data (a pantry's label), shown as it is.
    Name,
}

/// One kind of refusal: its stable code and English wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefusalKind {
    /// camelCase, never changed once published: clients key their texts by it.
    pub code: &'static str,
    /// The exact English text; `{name}` stands for the data of that name.
    pub english: &'static str,
    pub slots: &'static [(&'static str, Slot)],
}

/// A value filled into a refusal's wording.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum RefusalValue {
    Number(i64),
    Text(String),
}

impl std::fmt::Display for RefusalValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Number(n) => write!(f, "{n}"),
            Self::Text(s) => f.write_str(s),
        }
    }
}

/// A refusal as clients receive it: a code of [`REFUSALS`] and the values of its placeholders.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    /// In the order the wording names them; empty for a fixed text.
    pub data: Vec<(&'static str, RefusalValue)>,
}

const ITEM_UNITS: &[&str] = &["day", "days", "week", "weeks", "month", "months", "orders"];
const ORDER_UNITS: &[&str] = &["day", "days", "week", "weeks", "month", "months"];
const ORDER_WORDS: &[&str] = &["order", "orders"];

const fn fixed(code: &'static str, english: &'static str) -> RefusalKind {
    RefusalKind { code, english, slots: &[] }
}

/// Every refusal code, with the exact English its rule words it in: the spec's where it gives one.
/// Texts defined elsewhere (`model::orders`, `api::*`) are checked against this list by the tests of
/// `api::error` and `api::account`, so rewording one there alone fails a test rather than dropping its code.
pub const REFUSALS: &[RefusalKind] = &[
    // Cart and limits (§5)
    fixed("noAvailableStock", NO_AVAILABLE_STOCK),
    fixed("inventoryExceeded", INVENTORY_EXCEEDED),
    fixed("outOfStock", OUT_OF_STOCK),
    RefusalKind { code: "stockLimit", english: "Limit of {limit}", slots: &[("limit", Slot::Number)] },
    fixed("overTotalItemLimit", OVER_TOTAL_ITEM_LIMIT),
    fixed("unableToPlaceOrder", UNABLE_TO_PLACE_ORDER),
    RefusalKind {
        code: "itemLimitEvery",
        english: "This item has a limit of {limit} every {amount} {unit}",
        slots: &[("limit", Slot::Number), ("amount", Slot::Number), ("unit", Slot::Word(ITEM_UNITS))],
    },
    RefusalKind {
        code: "itemLimitPerOrder",
        english: "This item has a limit of {limit} per order",
        slots: &[("limit", Slot::Number)],
    },
    RefusalKind {
        code: "itemLimitPerAccount",
        english: "This item has a limit of {limit} per account",
        slots: &[("limit", Slot::Number)],
    },
    RefusalKind {
        code: "itemsPerOrder",
        english: "There is a limit of {limit} items per order",
        slots: &[("limit", Slot::Number)],
    },
    RefusalKind {
        code: "orderLimitEvery",
        english: "There is a limit of {limit} {orders} every {amount} {unit}",
        slots: &[
            ("limit", Slot::Number),
            ("orders", Slot::Word(ORDER_WORDS)),
            ("amount", Slot::Number),
            ("unit", Slot::Word(ORDER_UNITS)),
        ],
    },
    RefusalKind {
        code: "orderLimitPerOrder",
        english: "There is a limit of {limit} {orders} per order",
        slots: &[("limit", Slot::Number), ("orders", Slot::Word(ORDER_WORDS))],
    },
    RefusalKind {
        code: "orderLimitPerAccount",
        english: "There is a limit of {limit} {orders} per account",
        slots: &[("limit", Slot::Number), ("orders", Slot::Word(ORDER_WORDS))],
    },
    // Checkout and submission (§5, §8)
    fixed("invalidPickupTime", INVALID_PICKUP_TIME),
    fixed("noProductsInCart", NO_PRODUCTS_IN_CART),
    fixed("pickupTimeNoLongerAvailable", PICKUP_TIME_NO_LONGER_AVAILABLE),
    fixed("deliveryTimeNoLongerAvailable", DELIVERY_TIME_NO_LONGER_AVAILABLE),
    fixed("noAvailableDeliveryTimes", NO_AVAILABLE_DELIVERY_TIMES),
    fixed("noAvailablePickupTimes", NO_AVAILABLE_PICKUP_TIMES),
    fixed("errorSubmittingOrder", ERROR_SUBMITTING_ORDER),
    RefusalKind {
        code: "referralCodeRequired",
        english: "{pantry} requires a referral code",
        slots: &[("pantry", Slot::Name)],
    },
    fixed("eligibilityQuestionsDue", ELIGIBILITY_QUESTIONS_DUE),
    fixed("surveyQuestionsDue", SURVEY_QUESTIONS_DUE),
    fixed("notEligible", FOOD_SITUATION_NOT_ELIGIBLE),
    fixed("verifyRequiredFields", VERIFY_REQUIRED_FIELDS),
    // Order changes (above) and retries (`model::orders`)
    fixed("orderCannotChange", ORDER_CANNOT_CHANGE),
    fixed("deliveryAddressRequired", DELIVERY_ADDRESS_REQUIRED),
    fixed("otherFoodBank", OTHER_FOOD_BANK),
    fixed("notAPickupOrder", NOT_A_PICKUP_ORDER),
    fixed("notADeliveryOrder", NOT_A_DELIVERY_ORDER),
    fixed("otherDeliveryProgram", OTHER_DELIVERY_PROGRAM),
    fixed(
        "idempotencyKeyReused",
        "This Idempotency-Key was already used for a different order. Use a new key for a new order.",
    ),
    // Accounts and sessions (`api::account`, `api::error`)
    fixed("loginRequired", "Please log in to continue."),
    fixed("loginFailed", "There was an error authenticating: the email address or password is incorrect."),
    fixed("tooManyLogins", "Too many failed login attempts. Please wait a few minutes and try again."),
    fixed("tooManyRegistrations", "Too many new accounts from this network. Please try again later."),
    fixed("emailTaken", "An account with this email address already exists."),
    fixed("resetExpired", "This reset token has expired. Please try resetting your password again."),
    fixed("tooManyResets", "Too many password reset requests. Please wait an hour and try again."),
    fixed("alreadyExists", "This already exists."),
    // Lookups the screens show the reason of (`api::referrals`, `api::geography`, `api::tefap`, `service`)
    fixed("addressNotFound", "Address not found"),
    fixed("deliveryTimeNotFound", "Delivery time not found"),
    fixed("foodBankNotFound", "Food bank not found"),
    fixed("messageNotFound", "Message not found"),
    fixed("orderNotFound", "Order not found"),
    fixed("pantryLocationNotFound", "Pantry location not found"),
    fixed("pantryNotFound", "Pantry not found"),
    fixed("profileNotFound", "Profile not found"),
    fixed("userNotFound", "User not found"),
    fixed("unableToVerifyCode", "Unable to verify code"),
    fixed("countiesNotLoaded", "An error occurred loading counties"),
    fixed("unableToLoadData", "Unable to load data"),
    fixed("errorAssigningTefap", "Error assigning TEFAP response"),
    RefusalKind { code: "unknownZip", english: "Unable to load zip code {zip}", slots: &[("zip", Slot::Name)] },
    // The service itself
    fixed("serverBusy", "The server is busy. Please try again in a moment."),
    fixed("timedOut", "The request took too long. Please try again."),
    fixed("unavailable", "The service is temporarily unavailable. Please try again."),
];

/// "a {n} b {m} c" → (["a ", " b ", " c"], ["n", "m"]).
fn split(template: &'static str) -> (Vec<&'static str>, Vec<&'static str>) {
    let mut literals = Vec::new();
    let mut names = Vec::new();
    let mut rest = template;
    while let (Some(open), Some(close)) = (rest.find('{'), rest.find('}')) {
        literals.push(&rest[..open]);
        names.push(&rest[open + 1..close]);
        rest = &rest[close + 1..];
    }
    literals.push(rest);
    (literals, names)
}

impl RefusalKind {
    pub fn by_code(code: &str) -> Option<&'static RefusalKind> {
        REFUSALS.iter().find(|k| k.code == code)
    }

    fn slot(&self, name: &str) -> Option<Slot> {
        self.slots.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
    }

    /// The refusal when `text` is this kind's wording filled in with values its slots accept.
    fn recognize(&'static self, text: &str) -> Option<Refusal> {
        let (literals, names) = split(self.english);
        let mut rest = text.strip_prefix(literals[0])?;
        let mut data = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let next = literals[i + 1];
            // A value is at least one character and runs to the next literal (or the end).
            let skip = rest.chars().next()?.len_utf8();
            let end =
                if next.is_empty() && i + 1 == names.len() { rest.len() } else { rest[skip..].find(next)? + skip };
            let raw = &rest[..end];
            let value = match self.slot(name)? {
                Slot::Number => RefusalValue::Number(raw.parse().ok().filter(|_| !raw.starts_with('+'))?),
                Slot::Word(words) => RefusalValue::Text(words.contains(&raw).then(|| raw.to_owned())?),
                Slot::Name => RefusalValue::Text(raw.to_owned()),
            };
            data.push((*name, value));
            rest = &rest[end + next.len()..];
        }
        rest.is_empty().then_some(Refusal { code: self.code, data })
    }
}

impl Refusal {
    /// The code and data of a rule's English text; None for a text that has no code.
    pub fn recognize(text: &str) -> Option<Self> {
        REFUSALS.iter().find_map(|kind| kind.recognize(text))
    }

    pub fn kind(&self) -> &'static RefusalKind {
        RefusalKind::by_code(self.code).expect("a refusal's code is one of REFUSALS")
    }

    /// The exact English text.
    pub fn text(&self) -> String {
        let (literals, names) = split(self.kind().english);
        let mut out = literals[0].to_owned();
        for (name, literal) in names.iter().zip(&literals[1..]) {
            if let Some((_, value)) = self.data.iter().find(|(n, _)| n == name) {
                out.push_str(&value.to_string());
            }
            out.push_str(literal);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn num(name: &'static str, n: i64) -> (&'static str, RefusalValue) {
        (name, RefusalValue::Number(n))
    }

    fn text(name: &'static str, s: &str) -> (&'static str, RefusalValue) {
        (name, RefusalValue::Text(s.to_owned()))
    }

    /// Sample data for every placeholder of a kind: the first word, a number, a name.
    fn sample(kind: &RefusalKind) -> Refusal {
        let data = kind
            .slots
            .iter()
            .map(|(name, slot)| match slot {
                Slot::Number => num(name, 7),
                Slot::Word(words) => text(name, words[0]),
                Slot::Name => text(name, "Eastside Pantry"),
            })
            .collect();
        Refusal { code: kind.code, data }
    }

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

    /// Every code renders a text that is recognised as that code with the same data, so no two
    /// wordings can be mistaken for each other.
    #[test]
    fn every_code_round_trips_through_its_english_text() {
        for kind in REFUSALS {
            let refusal = sample(kind);
            let english = refusal.text();
            assert!(!english.contains('{'), "{english}");
            assert_eq!(Refusal::recognize(&english), Some(refusal), "{english}");
        }
    }

    /// The texts the rules build are the codes' exact English.
    #[test]
    fn the_rules_texts_render_from_their_codes() {
        let r = |code, data| Refusal { code, data }.text();
        assert_eq!(r("invalidPickupTime", vec![]), INVALID_PICKUP_TIME);
        assert_eq!(r("noAvailableStock", vec![]), "No Available Stock");
        assert_eq!(r("itemsPerOrder", vec![num("limit", 5)]), items_per_order(5));
        assert_eq!(r("itemsPerOrder", vec![num("limit", 5)]), "There is a limit of 5 items per order");
        assert_eq!(r("stockLimit", vec![num("limit", 3)]), stock_limit(3));
        assert_eq!(r("outOfStock", vec![]), stock_limit(0));
        assert_eq!(r("itemLimitPerOrder", vec![num("limit", 2)]), limit_per_order(2));
        assert_eq!(r("itemLimitPerAccount", vec![num("limit", 2)]), limit_per_account(2));
        assert_eq!(
            r("itemLimitEvery", vec![num("limit", 2), num("amount", 1), text("unit", "week")]),
            limit_every(2, 1, "week")
        );
        assert_eq!(r("referralCodeRequired", vec![text("pantry", "Eastside")]), "Eastside requires a referral code");
        assert_eq!(r("referralCodeRequired", vec![text("pantry", "Eastside")]), requires_referral_code("Eastside"));
    }

    #[test]
    fn recognised_texts_carry_typed_data() {
        assert_eq!(
            Refusal::recognize("There is a limit of 1 order every 3 days"),
            Some(Refusal {
                code: "orderLimitEvery",
                data: vec![num("limit", 1), text("orders", "order"), num("amount", 3), text("unit", "days")],
            })
        );
        // "items" is not an order word: this is the items-per-order limit, not an orders limit.
        assert_eq!(
            Refusal::recognize("There is a limit of 12 items per order"),
            Some(Refusal { code: "itemsPerOrder", data: vec![num("limit", 12)] })
        );
        assert_eq!(
            Refusal::recognize("Hope Pantry requires a referral code").map(|r| r.data),
            Some(vec![text("pantry", "Hope Pantry")])
        );
    }

    #[test]
    fn other_texts_have_no_code() {
        for t in [
            "Something new",
            "Limit of ",
            "Limit of many",
            "Limit of +3",
            "There is a limit of 5 orders every 2 fortnights",
            " requires a referral code",
            "Invalid pickup time.",
        ] {
            assert_eq!(Refusal::recognize(t), None, "{t}");
        }
    }
}
