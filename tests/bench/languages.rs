//! `cargo bench --bench languages`: what a page costs in each language of the registry against the
//! same page in English (the named peer), on a demo host: the payload the engine renders (its
//! texts are the page's own keys in its own language), the document a phone downloads
//! (gzip), and the server render's median and p95 in JavaScriptCore, one engine rendering every
//! language in turns (as the host's engines do) so the machine's drift falls on all of them.
// Its metrics readers serve the render benchmark.
#[allow(dead_code)]
mod demo_host;

use demo_host::Host;
use orderahead::render::{EngineKind, PoolConfig, RenderPool, Renderer, SERVER_BUNDLE};
use std::{sync::Arc, time::Instant};

const RENDERS: usize = 300;
const WARM_UP: usize = 50;
const TURN: usize = 30;

fn p50_p95(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    (at(0.5), at(0.95))
}

fn with_lang(url: &str, code: &str) -> String {
    format!("{url}{}lang={code}", if url.contains('?') { '&' } else { '?' })
}

#[tokio::main]
async fn main() {
    let registry: Vec<serde_json::Value> =
        serde_json::from_str(include_str!("../../app/src/i18n/languages.json")).expect("the registry");
    let codes: Vec<String> = registry.iter().map(|l| l["code"].as_str().unwrap().to_owned()).collect();
    let host = Host::start(PoolConfig::default().memory_limit >> 20).await;
    // Asked for with its own Accept-Encoding, a document comes as sent: the bytes a phone downloads.
    let client = reqwest::Client::new();
    let data = |url: String| {
        let client = client.clone();
        let base = host.base.clone();
        async move { client.get(format!("{base}/_data")).query(&[("url", url)]).send().await.unwrap().text().await.unwrap() }
    };
    let list = data("/pantries?zip=43215".into()).await;
    let pantry = regex_lite::Regex::new(r#""pantries":\[\{"id":(\d+)"#).unwrap().captures(&list).unwrap()[1].to_owned();
    let config = PoolConfig { engine: EngineKind::Jsc, threads: 1, warm_up: 0, ..PoolConfig::default() };
    let pool = RenderPool::start(SERVER_BUNDLE, config).unwrap();
    println!(
        "per page and language: payload KB, document KB gzip, server render median / p95 ms (JavaScriptCore, {RENDERS} \
         renders after {WARM_UP}, languages in turns of {TURN}), and each against English"
    );
    println!(
        "{:<30} {:<8} {:>10} {:>12} {:>16} {:>10} {:>10}",
        "page", "lang", "payload", "doc gzip", "render", "vs en", "doc vs en"
    );
    for url in ["/".to_owned(), "/pantries?zip=43215".to_owned(), format!("/products?pantry={pantry}")] {
        let mut payloads = Vec::new();
        let mut documents = Vec::new();
        for code in &codes {
            let payload: Arc<str> = data(with_lang(&url, code)).await.into();
            for _ in 0..WARM_UP {
                pool.render(payload.clone()).await.unwrap();
            }
            let res = client
                .get(format!("{}{}", host.base, with_lang(&url, code)))
                .header("accept-encoding", "gzip")
                .send()
                .await
                .unwrap();
            documents.push(res.bytes().await.unwrap().len() as f64 / 1024.0);
            payloads.push(payload);
        }
        let mut times: Vec<Vec<f64>> = vec![Vec::new(); codes.len()];
        while times[0].len() < RENDERS {
            for (i, payload) in payloads.iter().enumerate() {
                for _ in 0..TURN {
                    let start = Instant::now();
                    pool.render(payload.clone()).await.unwrap();
                    times[i].push(start.elapsed().as_secs_f64() * 1000.0);
                }
            }
        }
        let english = p50_p95(times[0].clone());
        for (i, code) in codes.iter().enumerate() {
            let (p50, p95) = p50_p95(times[i].clone());
            println!(
                "{:<30} {:<8} {:>10.1} {:>12.1} {:>16} {:>9.2}x {:>9.2}x",
                if i == 0 { url.as_str() } else { "" },
                code,
                payloads[i].len() as f64 / 1024.0,
                documents[i],
                format!("{p50:.2} / {p95:.2}"),
                p50 / english.0,
                documents[i] / documents[0]
            );
        }
    }
}
