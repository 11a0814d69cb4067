//! Static content of the demo world. Places are real, well-known public buildings
//! (public libraries, churches, community centres) at their real street addresses;
//! coordinates are approximate (within a few hundred metres) and were checked against the
//! ZIP centroids of the `zipcodes` PyPI package. Food bank names, web sites, people and
//! phone numbers are invented (example.org, 555 numbers).

pub(super) struct FoodBankSeed {
    pub code: &'static str,
    pub name: &'static str,
    pub home_page_url: &'static str,
    pub time_zone: &'static str,
    pub is_enabled: bool,
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
    /// Head-office address (a city hall: a well-known public place).
    pub line1: &'static str,
    pub city: &'static str,
    pub state: &'static str,
    pub zip: &'static str,
    pub lat: f64,
    pub lng: f64,
}

#[rustfmt::skip]
pub(super) const FOOD_BANKS: &[FoodBankSeed] = &[
    FoodBankSeed {
        code: "COH", name: "Central Ohio Food Network", home_page_url: "https://central-ohio.example.org/",
        time_zone: "America/New_York", is_enabled: true, is_tefap_enabled: true, is_delivery_enabled: true,
        line1: "90 W Broad St", city: "Columbus", state: "OH", zip: "43215", lat: 39.9614, lng: -83.0014,
    },
    FoodBankSeed {
        code: "CHI", name: "Chicagoland Community Food Bank", home_page_url: "https://chicagoland.example.org/",
        time_zone: "America/Chicago", is_enabled: true, is_tefap_enabled: true, is_delivery_enabled: false,
        line1: "121 N LaSalle St", city: "Chicago", state: "IL", zip: "60602", lat: 41.8837, lng: -87.6321,
    },
    FoodBankSeed {
        code: "PSD", name: "Puget Sound Food Alliance", home_page_url: "https://puget-sound.example.org/",
        time_zone: "America/Los_Angeles", is_enabled: true, is_tefap_enabled: false, is_delivery_enabled: false,
        line1: "600 4th Ave", city: "Seattle", state: "WA", zip: "98104", lat: 47.6036, lng: -122.3298,
    },
    FoodBankSeed {
        code: "DEN", name: "Front Range Food Bank", home_page_url: "https://front-range.example.org/",
        time_zone: "America/Denver", is_enabled: true, is_tefap_enabled: true, is_delivery_enabled: false,
        line1: "1437 Bannock St", city: "Denver", state: "CO", zip: "80202", lat: 39.7393, lng: -104.9903,
    },
    // Not enabled yet: the app shows "OrderAhead is not available yet in your community".
    FoodBankSeed {
        code: "PHX", name: "Valley of the Sun Food Bank", home_page_url: "https://valley-of-the-sun.example.org/",
        time_zone: "America/Phoenix", is_enabled: false, is_tefap_enabled: false, is_delivery_enabled: false,
        line1: "200 W Washington St", city: "Phoenix", state: "AZ", zip: "85003", lat: 33.4489, lng: -112.0765,
    },
];

pub(super) struct Pantry {
    pub food_bank: &'static str,
    pub label: &'static str,
    /// library, church or community: picks the pickup instructions and the photo.
    pub kind: &'static str,
    pub line1: &'static str,
    pub city: &'static str,
    pub state: &'static str,
    pub zip: &'static str,
    pub lat: f64,
    pub lng: f64,
}

/// 54 pantries. The first 22 are within 10 miles of ZIP 43215 (downtown Columbus); the
/// Hilliard branch is at ~8.5 mi, Dublin, Canal Winchester and New Albany at 11-14 mi.
#[rustfmt::skip]
pub(super) const PANTRIES: &[Pantry] = &[
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Main Library", kind: "library", line1: "96 S Grant Ave", city: "Columbus", state: "OH", zip: "43215", lat: 39.9612, lng: -82.9907 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Parsons Branch", kind: "library", line1: "1113 Parsons Ave", city: "Columbus", state: "OH", zip: "43206", lat: 39.9433, lng: -82.9822 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Driving Park Branch", kind: "library", line1: "1422 E Livingston Ave", city: "Columbus", state: "OH", zip: "43205", lat: 39.9479, lng: -82.9667 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Linden Branch", kind: "library", line1: "2223 Cleveland Ave", city: "Columbus", state: "OH", zip: "43211", lat: 40.0094, lng: -82.9688 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Northern Lights Branch", kind: "library", line1: "4093 Cleveland Ave", city: "Columbus", state: "OH", zip: "43224", lat: 40.0434, lng: -82.9610 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Hilltop Branch", kind: "library", line1: "511 S Hague Ave", city: "Columbus", state: "OH", zip: "43204", lat: 39.9532, lng: -83.0726 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Whetstone Branch", kind: "library", line1: "3909 N High St", city: "Columbus", state: "OH", zip: "43214", lat: 40.0423, lng: -83.0224 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Northside Branch", kind: "library", line1: "1423 N High St", city: "Columbus", state: "OH", zip: "43201", lat: 39.9862, lng: -83.0053 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Martin Luther King Branch", kind: "library", line1: "1467 E Long St", city: "Columbus", state: "OH", zip: "43203", lat: 39.9683, lng: -82.9634 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Shepard Branch", kind: "library", line1: "850 N Nelson Rd", city: "Columbus", state: "OH", zip: "43219", lat: 39.9810, lng: -82.9350 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Whitehall Branch", kind: "library", line1: "4445 E Broad St", city: "Columbus", state: "OH", zip: "43213", lat: 39.9710, lng: -82.8920 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Franklinton Branch", kind: "library", line1: "1061 W Town St", city: "Columbus", state: "OH", zip: "43222", lat: 39.9557, lng: -83.0347 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Marion-Franklin Branch", kind: "library", line1: "2740 Lockbourne Rd", city: "Columbus", state: "OH", zip: "43207", lat: 39.9137, lng: -82.9670 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Karl Road Branch", kind: "library", line1: "5590 Karl Rd", city: "Columbus", state: "OH", zip: "43229", lat: 40.0776, lng: -82.9741 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - South High Branch", kind: "library", line1: "3540 S High St", city: "Columbus", state: "OH", zip: "43207", lat: 39.8936, lng: -82.9937 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Barnett Branch", kind: "library", line1: "3434 E Livingston Ave", city: "Columbus", state: "OH", zip: "43227", lat: 39.9474, lng: -82.9035 },
    Pantry { food_bank: "COH", label: "Trinity Episcopal Church", kind: "church", line1: "125 E Broad St", city: "Columbus", state: "OH", zip: "43215", lat: 39.9631, lng: -82.9975 },
    Pantry { food_bank: "COH", label: "St. Joseph Cathedral", kind: "church", line1: "212 E Broad St", city: "Columbus", state: "OH", zip: "43215", lat: 39.9635, lng: -82.9950 },
    Pantry { food_bank: "COH", label: "Holy Family Church", kind: "church", line1: "584 W Broad St", city: "Columbus", state: "OH", zip: "43215", lat: 39.9580, lng: -83.0150 },
    Pantry { food_bank: "COH", label: "Broad Street Presbyterian Church", kind: "church", line1: "760 E Broad St", city: "Columbus", state: "OH", zip: "43205", lat: 39.9653, lng: -82.9845 },
    Pantry { food_bank: "COH", label: "King Arts Complex", kind: "community", line1: "867 Mt Vernon Ave", city: "Columbus", state: "OH", zip: "43203", lat: 39.9720, lng: -82.9770 },
    Pantry { food_bank: "COH", label: "Faith Mission", kind: "community", line1: "245 N Grant Ave", city: "Columbus", state: "OH", zip: "43215", lat: 39.9680, lng: -82.9900 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Hilliard Branch", kind: "library", line1: "4500 Hickory Chase Way", city: "Hilliard", state: "OH", zip: "43026", lat: 40.0290, lng: -83.1440 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Dublin Branch", kind: "library", line1: "75 N High St", city: "Dublin", state: "OH", zip: "43017", lat: 40.1000, lng: -83.1142 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - Canal Winchester Branch", kind: "library", line1: "115 Franklin St", city: "Canal Winchester", state: "OH", zip: "43110", lat: 39.8430, lng: -82.8060 },
    Pantry { food_bank: "COH", label: "Columbus Metropolitan Library - New Albany Branch", kind: "library", line1: "200 Market St", city: "New Albany", state: "OH", zip: "43054", lat: 40.0830, lng: -82.8090 },
    Pantry { food_bank: "CHI", label: "Harold Washington Library Center", kind: "library", line1: "400 S State St", city: "Chicago", state: "IL", zip: "60605", lat: 41.8764, lng: -87.6282 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Sulzer Regional Library", kind: "library", line1: "4455 N Lincoln Ave", city: "Chicago", state: "IL", zip: "60625", lat: 41.9616, lng: -87.6848 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Woodson Regional Library", kind: "library", line1: "9525 S Halsted St", city: "Chicago", state: "IL", zip: "60628", lat: 41.7209, lng: -87.6427 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Legler Branch", kind: "library", line1: "115 S Pulaski Rd", city: "Chicago", state: "IL", zip: "60624", lat: 41.8797, lng: -87.7251 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Chinatown Branch", kind: "library", line1: "2100 S Wentworth Ave", city: "Chicago", state: "IL", zip: "60616", lat: 41.8540, lng: -87.6320 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Austin Branch", kind: "library", line1: "5615 W Race Ave", city: "Chicago", state: "IL", zip: "60644", lat: 41.8890, lng: -87.7666 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Humboldt Park Branch", kind: "library", line1: "1605 N Troy St", city: "Chicago", state: "IL", zip: "60647", lat: 41.9103, lng: -87.7057 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Toman Branch", kind: "library", line1: "2708 S Pulaski Rd", city: "Chicago", state: "IL", zip: "60623", lat: 41.8420, lng: -87.7245 },
    Pantry { food_bank: "CHI", label: "Chicago Public Library - Rogers Park Branch", kind: "library", line1: "6907 N Clark St", city: "Chicago", state: "IL", zip: "60626", lat: 42.0083, lng: -87.6740 },
    Pantry { food_bank: "CHI", label: "Holy Name Cathedral", kind: "church", line1: "735 N State St", city: "Chicago", state: "IL", zip: "60654", lat: 41.8960, lng: -87.6278 },
    Pantry { food_bank: "CHI", label: "Fourth Presbyterian Church", kind: "church", line1: "126 E Chestnut St", city: "Chicago", state: "IL", zip: "60611", lat: 41.8980, lng: -87.6250 },
    Pantry { food_bank: "CHI", label: "Old St. Patrick's Church", kind: "church", line1: "700 W Adams St", city: "Chicago", state: "IL", zip: "60661", lat: 41.8794, lng: -87.6445 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Central Library", kind: "library", line1: "1000 4th Ave", city: "Seattle", state: "WA", zip: "98104", lat: 47.6067, lng: -122.3325 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Ballard Branch", kind: "library", line1: "5614 22nd Ave NW", city: "Seattle", state: "WA", zip: "98107", lat: 47.6697, lng: -122.3842 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Capitol Hill Branch", kind: "library", line1: "425 Harvard Ave E", city: "Seattle", state: "WA", zip: "98102", lat: 47.6227, lng: -122.3220 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Beacon Hill Branch", kind: "library", line1: "2821 Beacon Ave S", city: "Seattle", state: "WA", zip: "98144", lat: 47.5790, lng: -122.3116 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Columbia City Branch", kind: "library", line1: "4721 Rainier Ave S", city: "Seattle", state: "WA", zip: "98118", lat: 47.5600, lng: -122.2860 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Douglass-Truth Branch", kind: "library", line1: "2300 E Yesler Way", city: "Seattle", state: "WA", zip: "98122", lat: 47.6017, lng: -122.3023 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - University Branch", kind: "library", line1: "5009 Roosevelt Way NE", city: "Seattle", state: "WA", zip: "98105", lat: 47.6650, lng: -122.3176 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - West Seattle Branch", kind: "library", line1: "2306 42nd Ave SW", city: "Seattle", state: "WA", zip: "98116", lat: 47.5822, lng: -122.3853 },
    Pantry { food_bank: "PSD", label: "Seattle Public Library - Rainier Beach Branch", kind: "library", line1: "9125 Rainier Ave S", city: "Seattle", state: "WA", zip: "98118", lat: 47.5226, lng: -122.2685 },
    Pantry { food_bank: "DEN", label: "Denver Public Library - Central Library", kind: "library", line1: "10 W 14th Ave Pkwy", city: "Denver", state: "CO", zip: "80204", lat: 39.7372, lng: -104.9880 },
    Pantry { food_bank: "DEN", label: "Denver Public Library - Park Hill Branch", kind: "library", line1: "4705 Montview Blvd", city: "Denver", state: "CO", zip: "80207", lat: 39.7462, lng: -104.9313 },
    Pantry { food_bank: "DEN", label: "Denver Public Library - Smiley Branch", kind: "library", line1: "4501 W 46th Ave", city: "Denver", state: "CO", zip: "80212", lat: 39.7806, lng: -105.0448 },
    Pantry { food_bank: "DEN", label: "Blair-Caldwell African American Research Library", kind: "library", line1: "2401 Welton St", city: "Denver", state: "CO", zip: "80205", lat: 39.7539, lng: -104.9795 },
    Pantry { food_bank: "DEN", label: "Denver Public Library - Ford-Warren Branch", kind: "library", line1: "2825 High St", city: "Denver", state: "CO", zip: "80205", lat: 39.7590, lng: -104.9650 },
    Pantry { food_bank: "DEN", label: "Denver Public Library - Montbello Branch", kind: "library", line1: "12955 Albrook Dr", city: "Denver", state: "CO", zip: "80239", lat: 39.7830, lng: -104.8390 },
    Pantry { food_bank: "DEN", label: "Cathedral Basilica of the Immaculate Conception", kind: "church", line1: "1535 Logan St", city: "Denver", state: "CO", zip: "80203", lat: 39.7403, lng: -104.9822 },
];

/// Restricted pantries: need a referral code or explicit authorisation.
pub(super) const RESTRICTED: &[&str] = &["Faith Mission", "King Arts Complex", "Old St. Patrick's Church"];

/// Pantries seeded without any pickup time ("There are no available pickup times").
pub(super) const WITHOUT_PICKUP_TIMES: &[&str] = &[
    "Columbus Metropolitan Library - Karl Road Branch",
    "Chicago Public Library - Rogers Park Branch",
    "Seattle Public Library - Rainier Beach Branch",
    "Denver Public Library - Montbello Branch",
];

pub(super) fn pickup_instructions(kind: &str) -> &'static str {
    match kind {
        "library" => {
            "Enter through the main doors and check in at the welcome desk. Tell staff you are picking up \
             an OrderAhead order and show your order number. Bags are provided, but please bring your own if \
             you can. Orders not picked up by the end of the window are returned to the shelves."
        }
        "church" => {
            "Pickup is at the side entrance next to the parking lot. Ring the bell marked Food Pantry and a \
             volunteer will bring your order out to you."
        }
        _ => "Check in at the front desk with your order number.",
    }
}

/// (name, state, 5-digit FIPS)
#[rustfmt::skip]
pub(super) const COUNTIES: &[(&str, &str, &str)] = &[
    ("Franklin County", "OH", "39049"),
    ("Delaware County", "OH", "39041"),
    ("Fairfield County", "OH", "39045"),
    ("Licking County", "OH", "39089"),
    ("Madison County", "OH", "39097"),
    ("Pickaway County", "OH", "39129"),
    ("Union County", "OH", "39159"),
    ("Cook County", "IL", "17031"),
    ("DuPage County", "IL", "17043"),
    ("King County", "WA", "53033"),
    ("Snohomish County", "WA", "53061"),
    ("Denver County", "CO", "08031"),
    ("Adams County", "CO", "08001"),
    ("Arapahoe County", "CO", "08005"),
    ("Maricopa County", "AZ", "04013"),
];

/// ZIP codes of the demo places: (zip, city, state, county, centroid lat, centroid lng).
/// Centroids from the `zipcodes` PyPI package 3.0.0.
#[rustfmt::skip]
pub(super) const POSTAL_CODES: &[(&str, &str, &str, &str, f64, f64)] = &[
    ("43017", "Dublin", "OH", "Franklin County", 40.1093, -83.1146),
    ("43026", "Hilliard", "OH", "Franklin County", 40.0322, -83.1383),
    ("43054", "New Albany", "OH", "Franklin County", 40.0847, -82.7988),
    ("43085", "Columbus", "OH", "Franklin County", 40.0999, -83.0157),
    ("43110", "Canal Winchester", "OH", "Franklin County", 39.8349, -82.8044),
    ("43201", "Columbus", "OH", "Franklin County", 39.9952, -83.0047),
    ("43203", "Columbus", "OH", "Franklin County", 39.9719, -82.9691),
    ("43204", "Columbus", "OH", "Franklin County", 39.9523, -83.0780),
    ("43205", "Columbus", "OH", "Franklin County", 39.9569, -82.9644),
    ("43206", "Columbus", "OH", "Franklin County", 39.9426, -82.9748),
    ("43207", "Columbus", "OH", "Franklin County", 39.9046, -82.9703),
    ("43211", "Columbus", "OH", "Franklin County", 40.0118, -82.9732),
    ("43213", "Columbus", "OH", "Franklin County", 39.9727, -82.8329),
    ("43214", "Columbus", "OH", "Franklin County", 40.0535, -83.0187),
    ("43215", "Columbus", "OH", "Franklin County", 39.9671, -83.0044),
    ("43219", "Columbus", "OH", "Franklin County", 40.0326, -82.9103),
    ("43222", "Columbus", "OH", "Franklin County", 39.9576, -83.0311),
    ("43224", "Columbus", "OH", "Franklin County", 40.0425, -82.9689),
    ("43227", "Columbus", "OH", "Franklin County", 39.9444, -82.8903),
    ("43229", "Columbus", "OH", "Franklin County", 40.0839, -82.9726),
    ("60602", "Chicago", "IL", "Cook County", 41.8829, -87.6321),
    ("60605", "Chicago", "IL", "Cook County", 41.8713, -87.6277),
    ("60611", "Chicago", "IL", "Cook County", 41.8971, -87.6223),
    ("60616", "Chicago", "IL", "Cook County", 41.8426, -87.6306),
    ("60623", "Chicago", "IL", "Cook County", 41.8490, -87.7157),
    ("60624", "Chicago", "IL", "Cook County", 41.8804, -87.7223),
    ("60625", "Chicago", "IL", "Cook County", 41.9703, -87.7042),
    ("60626", "Chicago", "IL", "Cook County", 42.0095, -87.6689),
    ("60628", "Chicago", "IL", "Cook County", 41.6934, -87.6243),
    ("60644", "Chicago", "IL", "Cook County", 41.8829, -87.7582),
    ("60647", "Chicago", "IL", "Cook County", 41.9209, -87.7043),
    ("60654", "Chicago", "IL", "Cook County", 41.8923, -87.6373),
    ("60661", "Chicago", "IL", "Cook County", 41.8814, -87.6430),
    ("80202", "Denver", "CO", "Denver County", 39.7491, -104.9946),
    ("80203", "Denver", "CO", "Denver County", 39.7313, -104.9811),
    ("80204", "Denver", "CO", "Denver County", 39.7340, -105.0259),
    ("80205", "Denver", "CO", "Denver County", 39.7590, -104.9661),
    ("80207", "Denver", "CO", "Denver County", 39.7584, -104.9177),
    ("80212", "Denver", "CO", "Denver County", 39.7683, -105.0493),
    ("80239", "Denver", "CO", "Denver County", 39.7878, -104.8288),
    ("85003", "Phoenix", "AZ", "Maricopa County", 33.4511, -112.0774),
    ("98102", "Seattle", "WA", "King County", 47.6302, -122.3210),
    ("98104", "Seattle", "WA", "King County", 47.6036, -122.3256),
    ("98105", "Seattle", "WA", "King County", 47.6633, -122.3022),
    ("98107", "Seattle", "WA", "King County", 47.6701, -122.3763),
    ("98116", "Seattle", "WA", "King County", 47.5746, -122.3934),
    ("98118", "Seattle", "WA", "King County", 47.5412, -122.2750),
    ("98122", "Seattle", "WA", "King County", 47.6116, -122.3056),
    ("98144", "Seattle", "WA", "King County", 47.5846, -122.3005),
];

/// Shop categories: (name, image slug under /img/categories/).
#[rustfmt::skip]
pub(super) const CATEGORIES: &[(&str, &str)] = &[
    ("Produce", "produce"),
    ("Dairy & Eggs", "dairy-eggs"),
    ("Meat & Protein", "meat-protein"),
    ("Canned Goods", "canned-goods"),
    ("Pasta, Rice & Grains", "pasta-rice-grains"),
    ("Breakfast & Cereal", "breakfast-cereal"),
    ("Bread & Bakery", "bread-bakery"),
    ("Beverages", "beverages"),
    ("Frozen", "frozen"),
    ("Snacks", "snacks"),
    ("Baby Care", "baby-care"),
    ("Personal Care & Household", "personal-care-household"),
];

pub(super) struct Product {
    pub category: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub amount: Option<f64>,
    pub unit: Option<&'static str>,
    pub each_quantity: Option<i32>,
    pub package: &'static str,
    pub weight_pounds: f64,
    /// Supplied through TEFAP at TEFAP-enabled food banks.
    pub tefap: bool,
}

#[allow(clippy::too_many_arguments)]
const fn p(
    category: &'static str,
    name: &'static str,
    description: &'static str,
    amount: f64,
    unit: &'static str,
    package: &'static str,
    weight_pounds: f64,
    tefap: bool,
) -> Product {
    Product {
        category,
        name,
        description,
        amount: Some(amount),
        unit: Some(unit),
        each_quantity: None,
        package,
        weight_pounds,
        tefap,
    }
}

/// A product counted in pieces ("12 ct", "4 rolls").
const fn pc(
    category: &'static str,
    name: &'static str,
    description: &'static str,
    each: i32,
    unit: &'static str,
    package: &'static str,
    weight_pounds: f64,
) -> Product {
    Product {
        category,
        name,
        description,
        amount: None,
        unit: Some(unit),
        each_quantity: Some(each),
        package,
        weight_pounds,
        tefap: false,
    }
}

#[rustfmt::skip]
pub(super) const PRODUCTS: &[Product] = &[
    // Produce
    p("Produce", "Gala Apples", "Crisp, sweet apples. Great for snacks and lunches.", 3.0, "lb", "Bag", 3.0, false),
    p("Produce", "Bananas", "A bunch of ripe bananas.", 2.0, "lb", "Each", 2.0, false),
    p("Produce", "Carrots", "Whole carrots, washed and ready to peel.", 2.0, "lb", "Bag", 2.0, false),
    p("Produce", "Russet Potatoes", "All-purpose potatoes for baking, mashing and frying.", 5.0, "lb", "Bag", 5.0, false),
    p("Produce", "Yellow Onions", "Cooking onions.", 3.0, "lb", "Bag", 3.0, false),
    p("Produce", "Navel Oranges", "Seedless oranges, easy to peel.", 4.0, "lb", "Bag", 4.0, false),
    pc("Produce", "Romaine Lettuce", "A head of romaine lettuce.", 1, "ct", "Each", 1.0),
    p("Produce", "Sweet Potatoes", "Sweet potatoes for roasting or mashing.", 3.0, "lb", "Bag", 3.0, false),
    // Dairy & Eggs
    p("Dairy & Eggs", "2% Milk", "Reduced-fat milk. Keep refrigerated.", 1.0, "gal", "Jug", 8.6, false),
    pc("Dairy & Eggs", "Large Eggs", "Grade A large eggs. Keep refrigerated.", 12, "ct", "Carton", 1.5),
    p("Dairy & Eggs", "Cheddar Cheese", "Mild cheddar, block.", 8.0, "oz", "Pack", 0.5, false),
    p("Dairy & Eggs", "Plain Yogurt", "Low-fat plain yogurt.", 32.0, "oz", "Tub", 2.0, false),
    p("Dairy & Eggs", "Butter", "Salted butter, four sticks.", 16.0, "oz", "Box", 1.0, false),
    p("Dairy & Eggs", "Shelf-Stable Milk", "UHT 1% milk; no refrigeration needed until opened.", 32.0, "fl oz", "Carton", 2.2, true),
    p("Dairy & Eggs", "Cottage Cheese", "Small-curd cottage cheese.", 16.0, "oz", "Tub", 1.0, false),
    p("Dairy & Eggs", "American Cheese Slices", "Individually wrapped slices.", 12.0, "oz", "Pack", 0.75, false),
    // Meat & Protein
    p("Meat & Protein", "Canned Chicken", "Chunk white chicken in water.", 12.5, "oz", "Can", 0.8, true),
    p("Meat & Protein", "Canned Tuna", "Chunk light tuna in water.", 5.0, "oz", "Can", 0.35, false),
    p("Meat & Protein", "Peanut Butter", "Smooth peanut butter.", 16.0, "oz", "Jar", 1.1, true),
    p("Meat & Protein", "Dry Black Beans", "Dry black beans; soak before cooking.", 1.0, "lb", "Bag", 1.0, true),
    p("Meat & Protein", "Dry Pinto Beans", "Dry pinto beans; soak before cooking.", 2.0, "lb", "Bag", 2.0, true),
    p("Meat & Protein", "Canned Salmon", "Pink salmon.", 14.75, "oz", "Can", 1.0, true),
    p("Meat & Protein", "Dry Lentils", "Green lentils; no soaking needed.", 1.0, "lb", "Bag", 1.0, false),
    p("Meat & Protein", "Canned Black-Eyed Peas", "Ready to heat and eat.", 15.5, "oz", "Can", 1.0, false),
    // Canned Goods
    p("Canned Goods", "Green Beans", "Cut green beans, low sodium.", 14.5, "oz", "Can", 0.95, true),
    p("Canned Goods", "Sweet Corn", "Whole kernel corn, no salt added.", 15.25, "oz", "Can", 1.0, true),
    p("Canned Goods", "Diced Tomatoes", "Diced tomatoes in juice.", 14.5, "oz", "Can", 0.95, true),
    p("Canned Goods", "Sliced Peaches", "Yellow cling peaches in light syrup.", 15.0, "oz", "Can", 1.0, true),
    p("Canned Goods", "Mixed Fruit", "Fruit cocktail in juice.", 15.0, "oz", "Can", 1.0, false),
    p("Canned Goods", "Chicken Noodle Soup", "Condensed soup; add one can of water.", 10.75, "oz", "Can", 0.7, false),
    p("Canned Goods", "Vegetable Soup", "Ready-to-serve vegetable soup.", 19.0, "oz", "Can", 1.2, false),
    p("Canned Goods", "Pork and Beans", "Beans in tomato sauce with pork.", 16.0, "oz", "Can", 1.0, false),
    p("Canned Goods", "Pasta Sauce", "Traditional tomato pasta sauce.", 24.0, "oz", "Jar", 1.7, false),
    p("Canned Goods", "Sliced Carrots", "Sliced carrots, low sodium.", 14.5, "oz", "Can", 0.95, true),
    // Pasta, Rice & Grains
    p("Pasta, Rice & Grains", "Spaghetti", "Enriched spaghetti.", 16.0, "oz", "Box", 1.0, true),
    p("Pasta, Rice & Grains", "Elbow Macaroni", "Enriched elbow macaroni.", 16.0, "oz", "Box", 1.0, false),
    p("Pasta, Rice & Grains", "Long Grain White Rice", "Enriched long grain rice.", 2.0, "lb", "Bag", 2.0, true),
    p("Pasta, Rice & Grains", "Brown Rice", "Whole grain brown rice.", 2.0, "lb", "Bag", 2.0, false),
    p("Pasta, Rice & Grains", "Macaroni & Cheese", "Macaroni and cheese dinner.", 7.25, "oz", "Box", 0.5, false),
    p("Pasta, Rice & Grains", "Rolled Oats", "Old-fashioned rolled oats.", 42.0, "oz", "Canister", 2.6, true),
    p("Pasta, Rice & Grains", "Egg Noodles", "Wide egg noodles.", 12.0, "oz", "Bag", 0.75, false),
    p("Pasta, Rice & Grains", "All-Purpose Flour", "Enriched, bleached flour.", 5.0, "lb", "Bag", 5.0, true),
    // Breakfast & Cereal
    p("Breakfast & Cereal", "Corn Flakes", "Toasted corn flakes cereal.", 18.0, "oz", "Box", 1.1, true),
    p("Breakfast & Cereal", "Toasted Oat Cereal", "Whole grain oat cereal.", 12.0, "oz", "Box", 0.75, false),
    pc("Breakfast & Cereal", "Instant Oatmeal Packets", "Maple and brown sugar, 10 packets.", 10, "ct", "Box", 0.95),
    p("Breakfast & Cereal", "Pancake Mix", "Complete mix; just add water.", 32.0, "oz", "Box", 2.0, false),
    p("Breakfast & Cereal", "Pancake Syrup", "Maple-flavoured syrup.", 24.0, "fl oz", "Bottle", 1.8, false),
    p("Breakfast & Cereal", "Quick Grits", "Quick-cooking white hominy grits.", 24.0, "oz", "Canister", 1.5, false),
    p("Breakfast & Cereal", "Raisin Bran", "Bran flakes with raisins.", 16.6, "oz", "Box", 1.05, false),
    p("Breakfast & Cereal", "Farina Hot Wheat Cereal", "Creamy hot wheat cereal.", 28.0, "oz", "Box", 1.75, false),
    // Bread & Bakery
    p("Bread & Bakery", "Whole Wheat Bread", "100% whole wheat sandwich bread.", 20.0, "oz", "Loaf", 1.25, false),
    p("Bread & Bakery", "White Bread", "Enriched white sandwich bread.", 20.0, "oz", "Loaf", 1.25, false),
    pc("Bread & Bakery", "Hamburger Buns", "Soft white buns.", 8, "ct", "Pack", 0.9),
    pc("Bread & Bakery", "Flour Tortillas", "Soft taco size.", 10, "ct", "Pack", 1.0),
    pc("Bread & Bakery", "Plain Bagels", "Pre-sliced bagels.", 6, "ct", "Pack", 1.25),
    pc("Bread & Bakery", "Dinner Rolls", "Soft dinner rolls.", 12, "ct", "Pack", 1.0),
    p("Bread & Bakery", "Corn Muffin Mix", "Just add egg and milk.", 8.5, "oz", "Box", 0.55, false),
    pc("Bread & Bakery", "English Muffins", "Original English muffins.", 6, "ct", "Pack", 0.8),
    // Beverages
    p("Beverages", "100% Apple Juice", "Unsweetened apple juice.", 64.0, "fl oz", "Bottle", 4.3, true),
    p("Beverages", "Orange Juice", "Not from concentrate. Keep refrigerated.", 52.0, "fl oz", "Carton", 3.5, false),
    pc("Beverages", "Bottled Water", "Purified drinking water, 16.9 fl oz bottles.", 24, "ct", "Case", 27.0),
    p("Beverages", "Ground Coffee", "Medium roast.", 11.5, "oz", "Canister", 0.8, false),
    pc("Beverages", "Black Tea Bags", "Classic black tea.", 100, "ct", "Box", 0.5),
    p("Beverages", "100% Grape Juice", "Concord grape juice.", 64.0, "fl oz", "Bottle", 4.4, true),
    // Frozen
    p("Frozen", "Frozen Chicken Breasts", "Boneless, skinless, individually frozen.", 2.0, "lb", "Bag", 2.0, true),
    p("Frozen", "Frozen Ground Beef", "85% lean ground beef.", 1.0, "lb", "Pack", 1.0, true),
    p("Frozen", "Frozen Mixed Vegetables", "Corn, carrots, green beans and peas.", 16.0, "oz", "Bag", 1.0, false),
    p("Frozen", "Frozen Broccoli Florets", "Steam in the bag.", 12.0, "oz", "Bag", 0.75, false),
    p("Frozen", "Frozen Blueberries", "Wild blueberries.", 16.0, "oz", "Bag", 1.0, true),
    p("Frozen", "Frozen Fish Fillets", "Wild Alaska pollock fillets.", 16.0, "oz", "Bag", 1.0, false),
    pc("Frozen", "Frozen Cheese Pizza", "12-inch cheese pizza.", 1, "ct", "Box", 1.6),
    p("Frozen", "Whole Turkey", "Frozen young turkey, 10 to 14 lb. One per household.", 12.0, "lb", "Each", 12.0, false),
    // Snacks
    pc("Snacks", "Granola Bars", "Chewy oat granola bars.", 6, "ct", "Box", 0.5),
    pc("Snacks", "Applesauce Cups", "Unsweetened applesauce cups.", 6, "ct", "Pack", 1.7),
    p("Snacks", "Saltine Crackers", "Original saltines.", 16.0, "oz", "Box", 1.0, false),
    pc("Snacks", "Raisin Boxes", "Mini boxes of raisins.", 6, "ct", "Pack", 0.4),
    p("Snacks", "Pretzel Twists", "Classic salted pretzels.", 16.0, "oz", "Bag", 1.0, false),
    p("Snacks", "Graham Crackers", "Honey graham crackers.", 14.4, "oz", "Box", 0.9, false),
    pc("Snacks", "Microwave Popcorn", "Lightly salted.", 3, "ct", "Box", 0.6),
    p("Snacks", "Roasted Peanuts", "Dry roasted, lightly salted.", 16.0, "oz", "Jar", 1.1, false),
    // Baby Care
    p("Baby Care", "Infant Formula", "Milk-based powder with iron, 0-12 months.", 12.4, "oz", "Canister", 0.9, false),
    pc("Baby Care", "Baby Food Purees", "Stage 2 fruit and vegetable jars.", 4, "ct", "Pack", 1.1),
    pc("Baby Care", "Diapers, Size 3", "16-28 lb.", 31, "ct", "Pack", 2.5),
    pc("Baby Care", "Diapers, Size 4", "22-37 lb.", 27, "ct", "Pack", 2.6),
    pc("Baby Care", "Baby Wipes", "Unscented, sensitive.", 72, "ct", "Pack", 0.9),
    p("Baby Care", "Infant Rice Cereal", "Single-grain rice cereal with iron.", 8.0, "oz", "Canister", 0.5, false),
    // Personal Care & Household
    pc("Personal Care & Household", "Toilet Paper", "Double rolls.", 4, "roll", "Pack", 1.0),
    pc("Personal Care & Household", "Bar Soap", "Gentle moisturising soap.", 3, "ct", "Pack", 0.8),
    p("Personal Care & Household", "Toothpaste", "Fluoride toothpaste.", 4.0, "oz", "Tube", 0.3, false),
    pc("Personal Care & Household", "Toothbrushes", "Soft bristles.", 2, "ct", "Pack", 0.1),
    p("Personal Care & Household", "Shampoo", "For all hair types.", 12.0, "fl oz", "Bottle", 0.85, false),
    p("Personal Care & Household", "Laundry Detergent", "HE liquid detergent, 32 loads.", 50.0, "fl oz", "Jug", 3.5, false),
    p("Personal Care & Household", "Dish Soap", "Liquid dish soap.", 24.0, "fl oz", "Bottle", 1.6, false),
    pc("Personal Care & Household", "Sanitary Pads", "Regular absorbency.", 36, "ct", "Pack", 0.7),
];

/// Products with a second photo (`<slug>-2.svg`).
pub(super) const PRODUCTS_WITH_TWO_IMAGES: &[&str] =
    &["Gala Apples", "Large Eggs", "Whole Turkey", "Peanut Butter", "Infant Formula"];

/// Per-product quantity limits: (product, value, time scope, scope amount).
/// Every scope appears at least once.
#[rustfmt::skip]
pub(super) const PRODUCT_LIMITS: &[(&str, i32, &str, i32)] = &[
    ("Large Eggs", 1, "DAY", 7),
    ("Frozen Chicken Breasts", 1, "DAY", 1),
    ("2% Milk", 2, "WEEK", 1),
    ("Laundry Detergent", 1, "WEEK", 2),
    ("Infant Formula", 4, "MONTH", 1),
    ("Diapers, Size 3", 2, "MONTH", 1),
    ("Diapers, Size 4", 2, "MONTH", 1),
    ("Frozen Ground Beef", 2, "ORDER", 1),
    ("Ground Coffee", 1, "ORDER", 1),
    ("Peanut Butter", 2, "ORDER", 3),
    ("Whole Turkey", 1, "ACCOUNT", 1),
];

/// Info-card sections: (name, order, hide title).
#[rustfmt::skip]
pub(super) const SECTIONS: &[(&str, i32, bool)] = &[
    ("Welcome", 1, true),
    ("How OrderAhead Works", 2, false),
    ("More Ways to Get Help", 3, false),
];

pub(super) struct Card {
    /// `None` = default cards shown everywhere.
    pub food_bank: Option<&'static str>,
    pub section: &'static str,
    pub order: i32,
    pub title: &'static str,
    pub image: &'static str,
    pub description: &'static str,
    pub action: Option<&'static str>,
    pub modal_title: Option<&'static str>,
    pub modal_content: Option<&'static str>,
    pub text_color: &'static str,
    pub background_color: &'static str,
    pub is_public: bool,
}

#[rustfmt::skip]
pub(super) const INFO_CARDS: &[Card] = &[
    Card {
        food_bank: None, section: "Welcome", order: 1, title: "What is OrderAhead?", image: "what-is-orderahead",
        description: "Free groceries from your local food bank, chosen online and ready when you arrive.",
        action: Some("Learn More"), modal_title: Some("What is OrderAhead?"),
        modal_content: Some("<p>OrderAhead lets you choose free groceries from a food pantry near you, pick a time, and collect your order without waiting in line. Some food banks also deliver.</p><p>There is no cost. You only need a zip code to start.</p>"),
        text_color: "#ffffff", background_color: "#2e6b30", is_public: true,
    },
    Card {
        food_bank: None, section: "How OrderAhead Works", order: 1, title: "1. Find a pantry", image: "find-a-pantry",
        description: "Enter your zip code or use your location to see pickup sites near you.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#1b1b1b", background_color: "#f4f1e8", is_public: true,
    },
    Card {
        food_bank: None, section: "How OrderAhead Works", order: 2, title: "2. Choose a time", image: "choose-a-time",
        description: "Pick a pickup time that works for you, or a delivery window where delivery is offered.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#1b1b1b", background_color: "#e8f0f4", is_public: true,
    },
    Card {
        food_bank: None, section: "How OrderAhead Works", order: 3, title: "3. Shop and check out", image: "shop-and-check-out",
        description: "Fill your cart with what your household needs. Some items have limits so there is enough for everyone.",
        action: Some("Tips"), modal_title: Some("Shopping tips"),
        modal_content: Some("<ul><li>Items with a limit show how many you can take.</li><li>You can change or cancel your pickup until 2 hours after it starts.</li><li>Bring a bag if you can.</li></ul>"),
        text_color: "#1b1b1b", background_color: "#f4e8ee", is_public: true,
    },
    Card {
        food_bank: None, section: "More Ways to Get Help", order: 1, title: "Extra food through TEFAP", image: "tefap",
        description: "Answer a few questions to see if your household qualifies for The Emergency Food Assistance Program.",
        action: Some("Find Out More"), modal_title: Some("The Emergency Food Assistance Program"),
        modal_content: Some("<p>TEFAP is a federal program that provides USDA foods to food banks. If your household qualifies, you will see extra items marked TEFAP when you shop.</p>"),
        text_color: "#ffffff", background_color: "#1d4f7a", is_public: true,
    },
    Card {
        food_bank: None, section: "More Ways to Get Help", order: 2, title: "Call 2-1-1", image: "call-211",
        description: "Dial 2-1-1 for help with housing, utilities, health care and more in your area.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#1b1b1b", background_color: "#fff4d6", is_public: true,
    },
    Card {
        food_bank: None, section: "More Ways to Get Help", order: 3, title: "Your saved addresses", image: "saved-addresses",
        description: "Signed-in shoppers can save delivery addresses on the Account page.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#1b1b1b", background_color: "#eef4e8", is_public: false,
    },
    Card {
        food_bank: Some("COH"), section: "Welcome", order: 1, title: "Welcome, Central Ohio!", image: "columbus-welcome",
        description: "Order from 26 pickup sites across Franklin County, or get groceries delivered to your door.",
        action: Some("About Delivery"), modal_title: Some("Home delivery in Franklin County"),
        modal_content: Some("<p>Home delivery is available to seniors and people with disabilities in Franklin County. Ask for a referral code or call (614) 555-0100.</p>"),
        text_color: "#ffffff", background_color: "#8a2b2b", is_public: true,
    },
    Card {
        food_bank: Some("COH"), section: "How OrderAhead Works", order: 1, title: "Pick up at your library", image: "columbus-libraries",
        description: "Most Columbus Metropolitan Library branches are pickup sites. Check in at the welcome desk.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#1b1b1b", background_color: "#f4f1e8", is_public: true,
    },
    Card {
        food_bank: Some("CHI"), section: "Welcome", order: 1, title: "Welcome, Chicago!", image: "chicago-welcome",
        description: "Pick up free groceries at Chicago Public Library branches and partner churches.",
        action: None, modal_title: None, modal_content: None,
        text_color: "#ffffff", background_color: "#23446b", is_public: true,
    },
    Card {
        food_bank: Some("CHI"), section: "More Ways to Get Help", order: 1, title: "Summer meals for kids", image: "summer-meals",
        description: "Children 18 and under can get free meals at summer sites across the city.",
        action: Some("Details"), modal_title: Some("Summer meals"),
        modal_content: Some("<p>Free meals are served on weekdays from June to August. No registration needed.</p>"),
        text_color: "#1b1b1b", background_color: "#fff4d6", is_public: true,
    },
];

/// A notification: (food bank code or None for everyone, days before now, title, description, details HTML, expired)
pub(super) type NotificationSeed = (Option<&'static str>, i64, &'static str, &'static str, &'static str, bool);

#[rustfmt::skip]
pub(super) const NOTIFICATIONS: &[NotificationSeed] = &[
    (None, 1, "Welcome to OrderAhead", "Free groceries, ordered ahead.", "<p>Thanks for trying OrderAhead. Choose a pickup site, pick a time and shop.</p>", false),
    (None, 6, "Bring a bag", "Help us save bags by bringing your own.", "<p>Reusable bags help pantries stretch their budgets. Thank you!</p>", false),
    (None, 40, "Holiday hours", "Pantries were closed on the holiday.", "<p>All pickup sites were closed for the holiday.</p>", true),
    (Some("COH"), 2, "New: Saturday pickups", "The Main Library now offers Saturday pickup times.", "<p>Saturday pickups run <strong>9am to noon</strong> at the Main Library.</p>", false),
    (Some("COH"), 9, "Delivery area expanded", "Home delivery now covers all of Franklin County.", "<p>Seniors and people with disabilities can ask for a delivery referral code.</p>", false),
    (Some("CHI"), 3, "Fresh produce this week", "Extra fresh produce at all Chicago sites this week.", "<p>Look for apples, oranges and sweet potatoes.</p>", false),
];

/// A referral code: (code, description, restricted pantry labels it opens, [(food bank code, unlocks delivery)])
pub(super) type ReferralSeed = (&'static str, &'static str, &'static [&'static str], &'static [(&'static str, bool)]);

#[rustfmt::skip]
pub(super) const REFERRAL_CODES: &[ReferralSeed] = &[
    ("FAITH2026", "Faith Mission guests", &["Faith Mission"], &[("COH", false)]),
    ("KINGARTS", "King Arts Complex community pantry", &["King Arts Complex"], &[("COH", false)]),
    ("OLDSTPATS", "Old St. Patrick's outreach", &["Old St. Patrick's Church"], &[("CHI", false)]),
    ("DELIVERCOH", "Central Ohio home delivery", &[], &[("COH", true)]),
];

/// Spanish versions of the content above, by English title (sections by name): shoppers reading
/// Spanish see these; anything not listed shows in English.
pub(super) struct CardEs {
    pub title: &'static str,
    pub description: &'static str,
    pub action: Option<&'static str>,
    pub modal_title: Option<&'static str>,
    pub modal_content: Option<&'static str>,
}

#[rustfmt::skip]
pub(super) const SECTIONS_ES: &[(&str, &str)] = &[
    ("Welcome", "Bienvenida"),
    ("How OrderAhead Works", "Cómo funciona OrderAhead"),
    ("More Ways to Get Help", "Otras formas de recibir ayuda"),
];

#[rustfmt::skip]
pub(super) const INFO_CARDS_ES: &[(&str, CardEs)] = &[
    ("What is OrderAhead?", CardEs {
        title: "¿Qué es OrderAhead?",
        description: "Alimentos gratis de su banco de alimentos, elegidos en línea y listos cuando usted llegue.",
        action: Some("Más información"), modal_title: Some("¿Qué es OrderAhead?"),
        modal_content: Some("<p>OrderAhead le permite elegir alimentos gratis de una despensa cerca de usted, escoger una hora y recoger su pedido sin hacer fila. Algunos bancos de alimentos también hacen entregas a domicilio.</p><p>No tiene ningún costo. Solo necesita un código postal para empezar.</p>"),
    }),
    ("1. Find a pantry", CardEs {
        title: "1. Busque una despensa",
        description: "Escriba su código postal o use su ubicación para ver los lugares de recogida cerca de usted.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("2. Choose a time", CardEs {
        title: "2. Elija una hora",
        description: "Escoja una hora de recogida que le convenga, o un horario de entrega donde hay entrega a domicilio.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("3. Shop and check out", CardEs {
        title: "3. Elija sus alimentos y haga su pedido",
        description: "Llene su carrito con lo que su hogar necesita. Algunos artículos tienen límites para que alcance para todos.",
        action: Some("Consejos"), modal_title: Some("Consejos para elegir"),
        modal_content: Some("<ul><li>Los artículos con límite muestran cuántos puede llevar.</li><li>Puede cambiar o cancelar su recogida hasta 2 horas después de que empiece.</li><li>Si puede, traiga una bolsa.</li></ul>"),
    }),
    ("Extra food through TEFAP", CardEs {
        title: "Más alimentos con TEFAP",
        description: "Conteste unas preguntas para saber si su hogar cumple los requisitos del Programa de Asistencia Alimentaria de Emergencia (TEFAP).",
        action: Some("Saber más"), modal_title: Some("Programa de Asistencia Alimentaria de Emergencia (TEFAP)"),
        modal_content: Some("<p>TEFAP es un programa federal que da alimentos del USDA a los bancos de alimentos. Si su hogar cumple los requisitos, verá artículos adicionales marcados TEFAP cuando elija sus alimentos.</p>"),
    }),
    ("Call 2-1-1", CardEs {
        title: "Llame al 2-1-1",
        description: "Marque el 2-1-1 para recibir ayuda con vivienda, servicios públicos, atención médica y más en su zona.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("Your saved addresses", CardEs {
        title: "Sus direcciones guardadas",
        description: "Si inició sesión, puede guardar direcciones de entrega en la página de su cuenta.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("Welcome, Central Ohio!", CardEs {
        title: "¡Bienvenidos, Centro de Ohio!",
        description: "Haga su pedido en 26 lugares de recogida del condado de Franklin, o reciba sus alimentos en su casa.",
        action: Some("Sobre la entrega"), modal_title: Some("Entrega a domicilio en el condado de Franklin"),
        modal_content: Some("<p>La entrega a domicilio está disponible para personas mayores y personas con discapacidad en el condado de Franklin. Pida un código de referencia o llame al (614) 555-0100.</p>"),
    }),
    ("Pick up at your library", CardEs {
        title: "Recoja en su biblioteca",
        description: "La mayoría de las sucursales de la Biblioteca Metropolitana de Columbus son lugares de recogida. Preséntese en el mostrador de bienvenida.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("Welcome, Chicago!", CardEs {
        title: "¡Bienvenidos, Chicago!",
        description: "Recoja alimentos gratis en sucursales de la Biblioteca Pública de Chicago y en iglesias asociadas.",
        action: None, modal_title: None, modal_content: None,
    }),
    ("Summer meals for kids", CardEs {
        title: "Comidas de verano para niños",
        description: "Los niños de 18 años o menos pueden recibir comidas gratis en lugares de verano de toda la ciudad.",
        action: Some("Detalles"), modal_title: Some("Comidas de verano"),
        modal_content: Some("<p>Se sirven comidas gratis de lunes a viernes, de junio a agosto. No hace falta inscribirse.</p>"),
    }),
];

/// Spanish notifications, by English title: (title, description, details HTML).
#[rustfmt::skip]
pub(super) const NOTIFICATIONS_ES: &[(&str, (&str, &str, &str))] = &[
    ("Welcome to OrderAhead", ("Bienvenido a OrderAhead", "Alimentos gratis, pedidos con anticipación.", "<p>Gracias por usar OrderAhead. Elija un lugar de recogida, escoja una hora y elija sus alimentos.</p>")),
    ("Bring a bag", ("Traiga una bolsa", "Ayúdenos a ahorrar bolsas trayendo la suya.", "<p>Las bolsas reutilizables ayudan a las despensas a aprovechar mejor su presupuesto. ¡Gracias!</p>")),
    ("Holiday hours", ("Horario de días festivos", "Las despensas cerraron el día festivo.", "<p>Todos los lugares de recogida cerraron por el día festivo.</p>")),
    ("New: Saturday pickups", ("Nuevo: recogidas los sábados", "La Biblioteca Principal ahora ofrece horas de recogida los sábados.", "<p>Las recogidas de los sábados son de <strong>9 a. m. a 12 p. m.</strong> en la Biblioteca Principal.</p>")),
    ("Delivery area expanded", ("Más zona de entrega", "La entrega a domicilio ahora cubre todo el condado de Franklin.", "<p>Las personas mayores y las personas con discapacidad pueden pedir un código de referencia para la entrega.</p>")),
    ("Fresh produce this week", ("Frutas y verduras frescas esta semana", "Más frutas y verduras frescas en todos los lugares de Chicago esta semana.", "<p>Busque manzanas, naranjas y camotes.</p>")),
];
