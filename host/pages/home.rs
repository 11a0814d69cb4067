use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{catalog::Lang, db::Scope, model::content::InfoCard, service, state::AppState};
use serde_json::{Value, json};

pub const PAGE: Page = Page { id: "home", patterns: &["/"], public: true, load };

/// The general info cards, plus a food bank's (same store call and sanitising as GET /api/v1/content/infocards),
/// grouped into their sections in display order; cards without a section form a last, untitled one.
pub(crate) async fn info_sections(state: &AppState, food_bank_code: Option<&str>, lang: Lang) -> Vec<Value> {
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
) -> service::Result<Vec<Value>> {
    let cards = service::content::info_cards(state, food_bank_code, lang).await?;
    let mut sections: Vec<(Option<i64>, Value)> = Vec::new();
    for card in cards {
        let key = card.section.as_ref().map(|s| s.id);
        if sections.last().map(|(k, _)| *k) != Some(key) {
            let title = card.section.as_ref().filter(|s| !s.hide_title).map(|s| s.name.clone());
            let id = key.map_or_else(|| "general".to_owned(), |k| k.to_string());
            sections.push((key, json!({ "id": id, "title": title, "cards": [] })));
        }
        let section = &mut sections.last_mut().expect("pushed above").1;
        section["cards"].as_array_mut().expect("cards array").push(card_json(&card));
    }
    Ok(sections.into_iter().map(|(_, s)| s).collect())
}

fn card_json(c: &InfoCard) -> Value {
    // The card's first picture (the demo's are static/img/cards/*.svg, which the service worker
    // keeps once seen); a card without one, or with something other than a path, shows none.
    let image = c.images[0].as_str();
    json!({
        "id": c.id.to_string(),
        "title": c.title,
        "summary": c.description,
        "imageUrl": image,
        "actionButtonText": c.action_button_text,
        "modalTitle": c.modal_title,
        "modalContent": c.modal_content,
    })
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        Loaded::ok(json!({ "infoSections": info_sections(&ctx.state, None, ctx.lang).await })).showing([Scope::Content])
    })
}
