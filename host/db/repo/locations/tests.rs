//! The indexed search against a reference that reads every row, on both databases.
use super::super::{StoreError, shopping::pickup_times_of};
use super::*;
use crate::db::entity::attachment;
use crate::db::{seed, testdb::TestDb};
use sea_orm::{ActiveModelTrait, IntoActiveModel, Set};

/// The answer as it was made before [`load_sites`], the reference it must equal: pantry rows
/// (with their distance, if searched) made whole in seven statements over four round trips.
/// Pantries of disabled food banks are dropped.
async fn hydrate<C: ConnectionTrait>(
    conn: &C,
    rows: Vec<(pantry_location::Model, Option<f64>)>,
    since: DateTime<Utc>,
) -> StoreResult<Vec<PantryRow>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut bank_ids: Vec<Id> = rows.iter().map(|(p, _)| p.food_bank_id).collect();
    bank_ids.sort_unstable();
    bank_ids.dedup();
    let ids: Vec<Id> = rows.iter().map(|(p, _)| p.id).collect();
    // Independent reads at once (on the pool, each on its own connection): a search's answer
    // waits for three round trips instead of seven. Photos and times of pantries dropped below
    // for their food bank are read and left unused.
    let photo_rows = attachment::Entity::find()
        .filter(attachment::Column::PantryLocationId.is_in(ids.iter().copied()))
        .order_by_asc(attachment::Column::SequenceNumber)
        .order_by_asc(attachment::Column::Id)
        .all(conn);
    let (banks, photo_rows, time_rows) = tokio::try_join!(
        food_banks_by_id(conn, bank_ids),
        async { photo_rows.await.map_err(StoreError::from) },
        pickup_times_of(conn, &ids, since - SQL_TIME_SLACK),
    )?;
    let rows: Vec<_> =
        rows.into_iter().filter(|(p, _)| banks.get(&p.food_bank_id).is_some_and(|b| b.is_enabled)).collect();
    let address_ids = rows.iter().map(|(p, _)| p.address_id).chain(banks.values().map(|b| b.address_id)).collect();
    let places = Places::load(conn, address_ids).await?;
    let mut photos: HashMap<Id, Vec<PhotoRow>> = HashMap::new();
    for a in photo_rows {
        if let Some(p) = a.pantry_location_id {
            photos.entry(p).or_default().push(PhotoRow {
                id: a.id,
                sequence_number: a.sequence_number,
                storage_path: a.storage_path,
            });
        }
    }
    let mut times: HashMap<Id, Vec<_>> = HashMap::new();
    for t in time_rows {
        times.entry(t.pantry_location_id).or_default().push(t);
    }
    Ok(rows
        .into_iter()
        .filter_map(|(p, distance)| {
            let bank = banks.get(&p.food_bank_id)?;
            let address = places.address(p.address_id)?;
            Some(PantryRow {
                id: p.id,
                label: p.label,
                food_bank: places.food_bank(bank),
                address,
                distance,
                is_restricted: p.is_restricted,
                offers_pickup: p.offers_pickup,
                pickup_instructions: p.pickup_instructions,
                tz: parse_tz(&p.time_zone),
                time_zone: p.time_zone,
                photos: photos.remove(&p.id).unwrap_or_default(),
                pickup_times: if p.offers_pickup { times.remove(&p.id).unwrap_or_default() } else { Vec::new() },
            })
        })
        .collect())
}

/// The search before the two-dimensional index: a `BETWEEN` box on the (latitude, longitude)
/// B-tree, then the exact distance. The indexed search must answer exactly this.
async fn reference_rows_near<C: ConnectionTrait>(
    conn: &C,
    center: GeoPoint,
    radius_miles: f64,
    food_bank_id: Option<Id>,
) -> Vec<(Id, f64)> {
    let (min_lat, max_lat, min_lng, max_lng) = bounding_box(center, radius_miles);
    let mut query = pantry_location::Entity::find()
        .filter(pantry_location::Column::Latitude.between(min_lat, max_lat))
        .filter(pantry_location::Column::Longitude.between(min_lng, max_lng))
        .filter(pantry_location::Column::IsActive.eq(true));
    if let Some(fb) = food_bank_id {
        query = query.filter(pantry_location::Column::FoodBankId.eq(fb));
    }
    let mut found: Vec<(Id, f64)> = query
        .all(conn)
        .await
        .unwrap()
        .into_iter()
        .map(|p| (p.id, haversine_miles(center, GeoPoint::new(p.latitude, p.longitude))))
        .filter(|(_, d)| *d <= radius_miles)
        .collect();
    found.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    found
}

async fn indexed_rows_near(
    store: &Store,
    center: GeoPoint,
    radius_miles: f64,
    food_bank_id: Option<Id>,
) -> Vec<(Id, f64)> {
    pantry_rows_near(&store.db, center, radius_miles, food_bank_id)
        .await
        .unwrap()
        .into_iter()
        .map(|(p, d)| (p.id, d))
        .collect()
}

/// Same pantries, same order, bit-identical distances, at random points and radii, also after
/// pantries moved, closed and were added (the index follows every write).
async fn the_indexed_search_answers_as_the_reference(t: &TestDb) {
    let db = t.db();
    seed::seed_scale(db, 15, Utc::now()).await.unwrap();
    let store = Store::new(db.clone());
    let mut rng = seed::SplitMix::new(0x5EA2C4);
    let pantries = pantry_location::Entity::find().all(db).await.unwrap();
    // Move a few pantries, close a few, then add more food banks.
    for (i, p) in pantries.iter().enumerate().filter(|(i, _)| i % 97 == 0) {
        let mut row = p.clone().into_active_model();
        if i % 2 == 0 {
            row.latitude = Set(p.latitude + 0.05);
            row.longitude = Set(p.longitude - 0.07);
        } else {
            row.is_active = Set(false);
        }
        row.update(db).await.unwrap();
    }
    seed::seed_scale(db, 20, Utc::now()).await.unwrap();
    let pantries = pantry_location::Entity::find().all(db).await.unwrap();
    let mut checked = 0;
    let mut found = 0;
    for i in 0..240 {
        let center = if i % 2 == 0 {
            let p = &pantries[rng.below(pantries.len() as u64) as usize];
            GeoPoint::new(p.latitude + (rng.unit() - 0.5) * 0.2, p.longitude + (rng.unit() - 0.5) * 0.2)
        } else {
            GeoPoint::new(24.5 + rng.unit() * 25.0, -124.8 + rng.unit() * 58.0)
        };
        let radius = [10.0, 15.0, 20.0, 50.0, 0.5 + rng.unit() * 120.0][i % 5];
        let food_bank = (i % 7 == 0).then(|| pantries[rng.below(pantries.len() as u64) as usize].food_bank_id);
        let want = reference_rows_near(db, center, radius, food_bank).await;
        let got = indexed_rows_near(&store, center, radius, food_bank).await;
        let bits = |rows: &[(Id, f64)]| rows.iter().map(|(id, d)| (*id, d.to_bits())).collect::<Vec<_>>();
        assert_eq!(bits(&got), bits(&want), "{}: {center:?} within {radius} of food bank {food_bank:?}", t.label());
        checked += 1;
        found += want.len();
    }
    assert!(found > checked * 5, "the points find pantries: {found} in {checked} searches");
    // The whole answer (pickup times, addresses, food banks) follows from the same rows.
    let center = GeoPoint::new(pantries[0].latitude, pantries[0].longitude);
    let since = Utc::now();
    let got = store.pantries_near(center, 20.0, None, since).await.unwrap();
    let rows = reference_rows_near(db, center, 20.0, None).await;
    let mut models = Vec::new();
    for (id, d) in rows {
        models.push((pantry_location::Entity::find_by_id(id).one(db).await.unwrap().unwrap(), Some(d)));
    }
    let want = hydrate(db, models.clone(), since).await.unwrap();
    assert!(!want.is_empty());
    assert_eq!(format!("{got:?}"), format!("{want:?}"));
    // And one pantry's detail, as the pantry page loads it.
    for (model, _) in models.into_iter().take(5) {
        let got = store.pantry_site(model.id, since).await.unwrap();
        let want = hydrate(db, vec![(model, None)], since).await.unwrap().pop();
        assert_eq!(format!("{got:?}"), format!("{want:?}"));
    }
}

mod the_indexed_search_answers_as_the_reference {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let t = super::TestDb::sqlite().await;
        super::the_indexed_search_answers_as_the_reference(&t).await;
        t.cleanup().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        let t = super::TestDb::postgres().await;
        super::the_indexed_search_answers_as_the_reference(&t).await;
        t.cleanup().await;
    }
}
