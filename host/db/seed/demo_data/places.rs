//! The demo's food banks, pantries, counties and ZIP codes.

pub(in crate::db::seed) struct FoodBankSeed {
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
pub(in crate::db::seed) const FOOD_BANKS: &[FoodBankSeed] = &[
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

pub(in crate::db::seed) struct Pantry {
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
pub(in crate::db::seed) const PANTRIES: &[Pantry] = &[
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
pub(in crate::db::seed) const RESTRICTED: &[&str] = &["Faith Mission", "King Arts Complex", "Old St. Patrick's Church"];

/// Pantries seeded without any pickup time ("There are no available pickup times").
pub(in crate::db::seed) const WITHOUT_PICKUP_TIMES: &[&str] = &[
    "Columbus Metropolitan Library - Karl Road Branch",
    "Chicago Public Library - Rogers Park Branch",
    "Seattle Public Library - Rainier Beach Branch",
    "Denver Public Library - Montbello Branch",
];

pub(in crate::db::seed) fn pickup_instructions(kind: &str) -> &'static str {
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
pub(in crate::db::seed) const COUNTIES: &[(&str, &str, &str)] = &[
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
pub(in crate::db::seed) const POSTAL_CODES: &[(&str, &str, &str, &str, f64, f64)] = &[
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
