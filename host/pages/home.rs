use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{catalog::Lang, db::Scope, model::content::InfoCard, service, state::AppState};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "home", patterns: &["/"], public: true, load, action: None };

/// The home page: its info cards in their sections.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomePage {
    info_sections: Vec<InfoSection>,
}

/// A section of info cards; `id` is the section's, or "general" for cards without one.
#[derive(Clone, Serialize, ToSchema)]
pub struct InfoSection {
    pub id: String,
    /// None when the section's title is hidden, and for the general section.
    pub title: Option<String>,
    pub cards: Vec<HomeCard>,
}

/// An info card as the home page shows it (the card opens its modal by `id`).
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeCard {
    pub id: String,
    pub title: String,
    pub summary: Option<String>,
    pub image_url: Option<String>,
    pub action_button_text: Option<String>,
    pub modal_title: Option<String>,
    pub modal_content: Option<String>,
}

/// The general info cards, plus a food bank's (same store call and sanitising as GET /api/v1/content/infocards),
/// grouped into their sections in display order; cards without a section form a last, untitled one.
pub(crate) async fn info_sections(state: &AppState, food_bank_code: Option<&str>, lang: Lang) -> Vec<InfoSection> {
    match try_info_sections(state, food_bank_code, lang).await {
        Ok(sections) => sections,
        Err(error) => {
            // Spec §2: when content fails the home still shows its hero card and search.
            tracing::warn!(%error, "home: info cards failed to load");
            Vec::new()
        }
    }
}

/// [`info_sections`], telling a failed load from an empty one.
pub(crate) async fn try_info_sections(
    state: &AppState,
    food_bank_code: Option<&str>,
    lang: Lang,
) -> service::Result<Vec<InfoSection>> {
    let cards = service::content::info_cards(state, food_bank_code, lang).await?;
    let mut sections: Vec<(Option<i64>, InfoSection)> = Vec::new();
    for card in cards {
        let key = card.section.as_ref().map(|s| s.id);
        if sections.last().map(|(k, _)| *k) != Some(key) {
            let title = card.section.as_ref().filter(|s| !s.hide_title).map(|s| s.name.clone());
            let id = key.map_or_else(|| "general".to_owned(), |k| k.to_string());
            sections.push((key, InfoSection { id, title, cards: Vec::new() }));
        }
        sections.last_mut().expect("pushed above").1.cards.push(home_card(card));
    }
    Ok(sections.into_iter().map(|(_, s)| s).collect())
}

fn home_card(c: InfoCard) -> HomeCard {
    // The card's first picture (the demo's are static/img/cards/*.svg, which the service worker
    // keeps once seen); a card without one, or with something other than a path, shows none.
    let image_url = c.images[0].as_str().map(str::to_owned);
    HomeCard {
        id: c.id.to_string(),
        title: c.title,
        summary: c.description,
        image_url,
        action_button_text: c.action_button_text,
        modal_title: c.modal_title,
        modal_content: c.modal_content,
    }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let info_sections = info_sections(&ctx.state, None, ctx.lang).await;
        Loaded::ok(HomePage { info_sections }).showing([Scope::Content])
    })
}
