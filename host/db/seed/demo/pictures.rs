//! The demo's pictures: which file shows each product, category, pantry and info card.
use super::super::demo_data::{CATEGORIES, INFO_CARDS, PANTRIES, PRODUCTS, PRODUCTS_WITH_TWO_IMAGES};

/// URL-style slug of a product or card name: "Diapers, Size 3" → "diapers-size-3".
pub(super) fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// URL of a demo picture: `dir` is products, categories, pantries or cards. The files are
/// static/img/<dir>/<name>.svg (the host serves static/x at /x), drawn by
/// app/scripts/gen-demo-images.mjs from the tables in demo_data/ and the paths written out here.
pub(super) fn picture(dir: &str, name: &str) -> String {
    format!("/img/{dir}/{name}.svg")
}

/// A pantry's photos by its kind (library, church or community); libraries have a second one.
pub(super) fn pantry_pictures(kind: &str) -> Vec<String> {
    let mut photos = vec![picture("pantries", kind)];
    if kind == "library" {
        photos.push("/img/pantries/library-2.svg".into());
    }
    photos
}

/// A product's photos: `<slug>.svg`, and `<slug>-2.svg` for PRODUCTS_WITH_TWO_IMAGES.
pub(super) fn product_pictures(name: &str) -> Vec<String> {
    let mut photos = vec![picture("products", &slug(name))];
    if PRODUCTS_WITH_TWO_IMAGES.contains(&name) {
        photos.push(picture("products", &format!("{}-2", slug(name))));
    }
    photos
}

/// Every image path the demo data refers to (products, categories, pantries, info
/// cards), for whoever draws the pictures.
pub fn demo_image_paths() -> Vec<String> {
    let mut paths = Vec::new();
    for p in PRODUCTS {
        paths.extend(product_pictures(p.name));
    }
    for (_, s) in CATEGORIES {
        paths.push(picture("categories", s));
    }
    for p in PANTRIES {
        paths.extend(pantry_pictures(p.kind));
    }
    for c in INFO_CARDS {
        paths.push(picture("cards", c.image));
    }
    paths.sort();
    paths.dedup();
    paths
}

#[cfg(test)]
mod tests {
    use super::demo_image_paths;
    use std::path::Path;

    /// The host serves static/x at /x, so every picture the seed names must be a file under static/.
    #[test]
    fn every_demo_image_is_shipped() {
        let static_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let paths = demo_image_paths();
        assert!(paths.len() > 100, "{} paths", paths.len());
        let misplaced: Vec<_> = paths.iter().filter(|p| !(p.starts_with("/img/") && p.ends_with(".svg"))).collect();
        assert!(misplaced.is_empty(), "demo pictures are /img/<dir>/<name>.svg: {misplaced:?}");
        let missing: Vec<_> = paths.iter().filter(|p| !static_dir.join(&p[1..]).is_file()).collect();
        assert!(
            missing.is_empty(),
            "{} demo pictures missing under static/ (run `node app/scripts/gen-demo-images.mjs`): {missing:?}",
            missing.len()
        );
    }
}
