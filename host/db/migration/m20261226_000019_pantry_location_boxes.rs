//! A two-dimensional index of the pantries' positions for the radius search
//! (`repo::locations`), which asks for the pantries in a latitude/longitude box: the B-tree on
//! (latitude, longitude) can bound only the latitude, so it walks every pantry of the band
//! around the earth at that latitude; these find the box's pantries alone.
//! - SQLite: an R*Tree (`pantry_location_boxes`, the module is built into the bundled
//!   libsqlite3), one zero-size box per pantry, kept by triggers. It stores 32-bit floats rounded
//!   outwards, so it answers a superset of the box; the search checks the exact distance anyway.
//! - PostgreSQL: a GiST index on `point(longitude, latitude)` for `<@ box(...)`, built in. Not
//!   `cube`/`earthdistance`: the search needs a box, not their distance (which uses another earth
//!   radius than `geo::haversine_miles`, so the results would change), and their expression index
//!   needs a contrib extension and breaks restores (`ll_to_earth` calls `earth()` through the
//!   search path).
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const SQLITE_UP: &[&str] = &[
    "CREATE VIRTUAL TABLE pantry_location_boxes USING rtree(id, min_lat, max_lat, min_lng, max_lng)",
    "INSERT INTO pantry_location_boxes (id, min_lat, max_lat, min_lng, max_lng) \
     SELECT id, latitude, latitude, longitude, longitude FROM pantry_locations",
    "CREATE TRIGGER pantry_location_boxes_insert AFTER INSERT ON pantry_locations BEGIN \
     INSERT INTO pantry_location_boxes (id, min_lat, max_lat, min_lng, max_lng) \
     VALUES (NEW.id, NEW.latitude, NEW.latitude, NEW.longitude, NEW.longitude); END",
    "CREATE TRIGGER pantry_location_boxes_update AFTER UPDATE OF id, latitude, longitude ON pantry_locations BEGIN \
     DELETE FROM pantry_location_boxes WHERE id = OLD.id; \
     INSERT INTO pantry_location_boxes (id, min_lat, max_lat, min_lng, max_lng) \
     VALUES (NEW.id, NEW.latitude, NEW.latitude, NEW.longitude, NEW.longitude); END",
    "CREATE TRIGGER pantry_location_boxes_delete AFTER DELETE ON pantry_locations BEGIN \
     DELETE FROM pantry_location_boxes WHERE id = OLD.id; END",
];

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER pantry_location_boxes_delete",
    "DROP TRIGGER pantry_location_boxes_update",
    "DROP TRIGGER pantry_location_boxes_insert",
    "DROP TABLE pantry_location_boxes",
];

const POSTGRES_UP: &[&str] =
    &["CREATE INDEX ix_pantry_locations_point ON pantry_locations USING gist (point(longitude, latitude))"];

const POSTGRES_DOWN: &[&str] = &["DROP INDEX ix_pantry_locations_point"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let steps = if manager.get_database_backend() == DbBackend::Postgres { POSTGRES_UP } else { SQLITE_UP };
        run(manager, steps).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let steps = if manager.get_database_backend() == DbBackend::Postgres { POSTGRES_DOWN } else { SQLITE_DOWN };
        run(manager, steps).await
    }
}

async fn run(manager: &SchemaManager<'_>, steps: &[&str]) -> Result<(), DbErr> {
    for sql in steps {
        manager.get_connection().execute_unprepared(sql).await?;
    }
    Ok(())
}
