//! The demo's shop categories, products and their limits.

/// Shop categories: (name, image slug under /img/categories/).
#[rustfmt::skip]
pub(in crate::db::seed) const CATEGORIES: &[(&str, &str)] = &[
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

pub(in crate::db::seed) struct Product {
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
pub(in crate::db::seed) const PRODUCTS: &[Product] = &[
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
pub(in crate::db::seed) const PRODUCTS_WITH_TWO_IMAGES: &[&str] =
    &["Gala Apples", "Large Eggs", "Whole Turkey", "Peanut Butter", "Infant Formula"];

/// Per-product quantity limits: (product, value, time scope, scope amount).
/// Every scope appears at least once.
#[rustfmt::skip]
pub(in crate::db::seed) const PRODUCT_LIMITS: &[(&str, i32, &str, i32)] = &[
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
