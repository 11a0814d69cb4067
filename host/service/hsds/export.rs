//! The bulk download for directory operators (`/api/hsds/export.zip`): HSDS's JSON serialization
//! rather than its tabular one, because the fully nested records are what the API answers and
//! what HSDS 3's compiled schemas validate, so an importer that reads the API reads these files
//! unchanged. `organizations.json` and `services.json` hold the full records (as
//! `/organizations/{id}` and `/services/{id}` answer them); `service_at_locations.json`,
//! `locations.json` and `schedules.json` the same objects flat, each with its link ids, for loading
//! into tables without walking the nesting.
use super::{Dataset, HSDS_VERSION};
use serde::Serialize;
use std::io::{Cursor, Write};
use zip::{CompressionMethod, ZipWriter, write::SimpleFileOptions};

/// The JSON files of the zip, in order (`meta.json` describes them).
pub const FILES: [&str; 6] = [
    "meta.json",
    "organizations.json",
    "services.json",
    "service_at_locations.json",
    "locations.json",
    "schedules.json",
];

fn json<T: Serialize + ?Sized>(value: &T) -> anyhow::Result<Vec<u8>> {
    Ok(serde_json::to_vec_pretty(value)?)
}

pub(super) fn zip(d: &Dataset) -> anyhow::Result<Vec<u8>> {
    let meta = serde_json::json!({
        "hsds_version": HSDS_VERSION,
        "serialization": "json",
        "generated": d.generated,
        "files": &FILES[1..],
    });
    let bodies = [
        json(&meta)?,
        json(&d.organizations)?,
        json(&d.services)?,
        json(&d.service_at_locations)?,
        json(&d.locations)?,
        json(&d.schedules)?,
    ];
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated);
    for (name, body) in FILES.iter().zip(bodies) {
        zip.start_file(*name, options)?;
        zip.write_all(&body)?;
    }
    Ok(zip.finish()?.into_inner())
}
