//! The demo's info cards and notifications, in English and Spanish.

/// Info-card sections: (name, order, hide title).
#[rustfmt::skip]
pub(in crate::db::seed) const SECTIONS: &[(&str, i32, bool)] = &[
    ("Welcome", 1, true),
    ("How OrderAhead Works", 2, false),
    ("More Ways to Get Help", 3, false),
];

pub(in crate::db::seed) struct Card {
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
pub(in crate::db::seed) const INFO_CARDS: &[Card] = &[
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
pub(in crate::db::seed) type NotificationSeed =
    (Option<&'static str>, i64, &'static str, &'static str, &'static str, bool);

#[rustfmt::skip]
pub(in crate::db::seed) const NOTIFICATIONS: &[NotificationSeed] = &[
    (None, 1, "Welcome to OrderAhead", "Free groceries, ordered ahead.", "<p>Thanks for trying OrderAhead. Choose a pickup site, pick a time and shop.</p>", false),
    (None, 6, "Bring a bag", "Help us save bags by bringing your own.", "<p>Reusable bags help pantries stretch their budgets. Thank you!</p>", false),
    (None, 40, "Holiday hours", "Pantries were closed on the holiday.", "<p>All pickup sites were closed for the holiday.</p>", true),
    (Some("COH"), 2, "New: Saturday pickups", "The Main Library now offers Saturday pickup times.", "<p>Saturday pickups run <strong>9am to noon</strong> at the Main Library.</p>", false),
    (Some("COH"), 9, "Delivery area expanded", "Home delivery now covers all of Franklin County.", "<p>Seniors and people with disabilities can ask for a delivery referral code.</p>", false),
    (Some("CHI"), 3, "Fresh produce this week", "Extra fresh produce at all Chicago sites this week.", "<p>Look for apples, oranges and sweet potatoes.</p>", false),
];

/// A referral code: (code, description, restricted pantry labels it opens, [(food bank code, unlocks delivery)])
pub(in crate::db::seed) type ReferralSeed =
    (&'static str, &'static str, &'static [&'static str], &'static [(&'static str, bool)]);

#[rustfmt::skip]
pub(in crate::db::seed) const REFERRAL_CODES: &[ReferralSeed] = &[
    ("FAITH2026", "Faith Mission guests", &["Faith Mission"], &[("COH", false)]),
    ("KINGARTS", "King Arts Complex community pantry", &["King Arts Complex"], &[("COH", false)]),
    ("OLDSTPATS", "Old St. Patrick's outreach", &["Old St. Patrick's Church"], &[("CHI", false)]),
    ("DELIVERCOH", "Central Ohio home delivery", &[], &[("COH", true)]),
];

/// Spanish versions of the content above, by English title (sections by name): shoppers reading
/// Spanish see these; anything not listed shows in English.
pub(in crate::db::seed) struct CardEs {
    pub title: &'static str,
    pub description: &'static str,
    pub action: Option<&'static str>,
    pub modal_title: Option<&'static str>,
    pub modal_content: Option<&'static str>,
}

#[rustfmt::skip]
pub(in crate::db::seed) const SECTIONS_ES: &[(&str, &str)] = &[
    ("Welcome", "Bienvenida"),
    ("How OrderAhead Works", "Cómo funciona OrderAhead"),
    ("More Ways to Get Help", "Otras formas de recibir ayuda"),
];

#[rustfmt::skip]
pub(in crate::db::seed) const INFO_CARDS_ES: &[(&str, CardEs)] = &[
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
pub(in crate::db::seed) const NOTIFICATIONS_ES: &[(&str, (&str, &str, &str))] = &[
    ("Welcome to OrderAhead", ("Bienvenido a OrderAhead", "Alimentos gratis, pedidos con anticipación.", "<p>Gracias por usar OrderAhead. Elija un lugar de recogida, escoja una hora y elija sus alimentos.</p>")),
    ("Bring a bag", ("Traiga una bolsa", "Ayúdenos a ahorrar bolsas trayendo la suya.", "<p>Las bolsas reutilizables ayudan a las despensas a aprovechar mejor su presupuesto. ¡Gracias!</p>")),
    ("Holiday hours", ("Horario de días festivos", "Las despensas cerraron el día festivo.", "<p>Todos los lugares de recogida cerraron por el día festivo.</p>")),
    ("New: Saturday pickups", ("Nuevo: recogidas los sábados", "La Biblioteca Principal ahora ofrece horas de recogida los sábados.", "<p>Las recogidas de los sábados son de <strong>9 a. m. a 12 p. m.</strong> en la Biblioteca Principal.</p>")),
    ("Delivery area expanded", ("Más zona de entrega", "La entrega a domicilio ahora cubre todo el condado de Franklin.", "<p>Las personas mayores y las personas con discapacidad pueden pedir un código de referencia para la entrega.</p>")),
    ("Fresh produce this week", ("Frutas y verduras frescas esta semana", "Más frutas y verduras frescas en todos los lugares de Chicago esta semana.", "<p>Busque manzanas, naranjas y camotes.</p>")),
];
