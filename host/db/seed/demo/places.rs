//! Where the demo is: its counties and ZIP codes, and the address rows every other part
//! builds on them.
use std::collections::HashMap;

use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{address, county, postal_code, postal_code_county};
use super::super::demo_data::{COUNTIES, POSTAL_CODES};
use super::super::insert_batched;
use super::super::reference::province_id;
use super::Seeding;

/// The seeded counties (by FIPS) and the county of each seeded ZIP code.
pub(super) struct Places {
    county_ids: HashMap<&'static str, i64>,
    zip_county: HashMap<&'static str, Option<i64>>,
}

impl Places {
    pub(super) fn county_of(&self, state: &str, name: &str) -> Option<i64> {
        COUNTIES.iter().find(|c| c.1 == state && c.0 == name).and_then(|c| self.county_ids.get(c.2).copied())
    }

    /// An address row, in the county of its ZIP code.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn address(
        &self,
        id: i64,
        line1: &str,
        line2: Option<&str>,
        city: &str,
        state: &str,
        zip: &str,
        at: Option<(f64, f64)>,
    ) -> address::ActiveModel {
        address::ActiveModel {
            id: Set(id),
            address_line1: Set(line1.into()),
            address_line2: Set(line2.map(Into::into)),
            city: Set(city.into()),
            province_id: Set(province_id(state)),
            postal_code: Set(zip.into()),
            county_id: Set(self.zip_county.get(zip).copied().flatten()),
            latitude: Set(at.map(|a| a.0)),
            longitude: Set(at.map(|a| a.1)),
            located_by: Set(None),
            country_code: Set("USA".into()),
        }
    }
}

pub(super) async fn seed_places<C: ConnectionTrait>(sd: &mut Seeding<'_, C>) -> Result<Places, DbErr> {
    let db = sd.db;
    let mut places = Places { county_ids: HashMap::new(), zip_county: HashMap::new() };
    let mut counties = Vec::new();
    for &(name, state, fips) in COUNTIES {
        let id = sd.id("counties").await?;
        places.county_ids.insert(fips, id);
        counties.push(county::ActiveModel {
            id: Set(id),
            province_id: Set(province_id(state)),
            name: Set(name.into()),
            fips: Set(Some(fips.into())),
            description: Set(None),
        });
    }
    insert_batched(db, counties).await?;

    let mut zips = Vec::new();
    let mut zip_links = Vec::new();
    for &(code, city, state, county_name, lat, lng) in POSTAL_CODES {
        let id = sd.id("postal_codes").await?;
        let county_id = places.county_of(state, county_name);
        places.zip_county.insert(code, county_id);
        zips.push(postal_code::ActiveModel {
            id: Set(id),
            code: Set(code.into()),
            city: Set(city.into()),
            province_id: Set(province_id(state)),
            latitude: Set(lat),
            longitude: Set(lng),
        });
        if let Some(county_id) = county_id {
            zip_links.push(postal_code_county::ActiveModel { postal_code_id: Set(id), county_id: Set(county_id) });
        }
    }
    insert_batched(db, zips).await?;
    insert_batched(db, zip_links).await?;
    Ok(places)
}
