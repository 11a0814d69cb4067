//! The asset manifest written by app/build.mjs: which files each route needs.
use serde::Deserialize;
use std::collections::HashMap;

#[derive(Debug, Clone, Default, Deserialize)]
pub struct RouteAssets {
    pub file: String,
    #[serde(default)]
    pub imports: Vec<String>,
    #[serde(default)]
    pub css: Vec<String>,
    /// Catalog keys the code names, each covering the keys under it (`shop` is all of `shop.*`;
    /// the entry's go with every page).
    #[serde(default)]
    pub messages: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AssetManifest {
    pub entry: RouteAssets,
    pub routes: HashMap<String, RouteAssets>,
}

impl AssetManifest {
    pub fn embedded() -> Self {
        serde_json::from_str(include_str!(concat!(env!("OUT_DIR"), "/app/manifest.json")))
            .expect("app/build.mjs wrote a valid manifest.json")
    }

    /// Each route with the catalog keys its page needs: the entry's plus its own.
    pub fn texts_by_route(&self) -> impl Iterator<Item = (String, Vec<String>)> + '_ {
        self.routes.iter().map(|(route, assets)| {
            let mut all = self.entry.messages.clone();
            all.extend(assets.messages.iter().filter(|ns| !self.entry.messages.contains(ns)).cloned());
            (route.clone(), all)
        })
    }

    /// Stylesheets and module preloads for a route, entry first, without repeats.
    pub fn tags_for(&self, route: &str) -> (Vec<String>, Vec<String>) {
        let mut styles = Vec::new();
        let mut preloads = Vec::new();
        let route_assets = self.routes.get(route);
        for assets in std::iter::once(&self.entry).chain(route_assets) {
            for css in &assets.css {
                if !styles.contains(css) {
                    styles.push(css.clone());
                }
            }
            for js in std::iter::once(&assets.file).chain(&assets.imports) {
                if !preloads.contains(js) && *js != self.entry.file {
                    preloads.push(js.clone());
                }
            }
        }
        (styles, preloads)
    }
}
