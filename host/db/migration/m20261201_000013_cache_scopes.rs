//! `cache_scopes`: a version for each part of the data public pages show (a pantry, its stock, a
//! food bank, a delivery program, the directory, the catalog, the content: `crate::db::Scope`),
//! bumped by triggers on every write to the rows behind it, whoever makes it: this host, another
//! host on the same PostgreSQL, an operator's SQL. The render cache keeps the versions a page was
//! rendered at and serves the page only while they still hold.
//!
//! The cache must also tell whether a version was written after a point in time (a write racing
//! a page's load must leave the page stale, never the other way round); the backends differ there:
//! - SQLite serialises writers, so a version is a database-wide clock (`max(version) + 1`): written
//!   after a point means greater than the largest version committed at that point.
//! - PostgreSQL commits concurrent writers in any order, so a row also keeps `writer`, the id of
//!   the transaction that wrote it: written after a point means not visible in the snapshot taken
//!   at that point. Versions come from a sequence, so they never repeat.
//!
//! Rows are never deleted (a scope never bumped reads as version 0).
//!
//! Orders bump their stock's scopes inside their transaction; on PostgreSQL that locks the scope's
//! row until commit. `cache_bump_stock(ids)` lets an order take those locks first, in key order,
//! so that two orders never wait on each other's scope rows in opposite orders (see
//! `repo/orders.rs`).
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Columns of `pantry_locations` whose change is a change of the pantry's pages: all but the
/// timestamps (the `updated_at` triggers of migration 9 update that column alone).
const PANTRY_COLUMNS: &str =
    "food_bank_id, address_id, label, time_zone, is_restricted, is_active, pickup_instructions, latitude, longitude";

/// One watched table and the scopes a row of it is in.
struct Watch {
    table: &'static str,
    /// An update fires only when it sets one of these columns (None: any).
    columns: Option<&'static str>,
    /// The scopes of the row `r` (`NEW` or `OLD`): SELECTs of one text column `s`, which is
    /// NULL for no scope (a NULL id makes the whole key NULL).
    scopes: fn(&str) -> Vec<String>,
    /// `directory` is bumped on insert and delete, and on an update that changes one of these.
    directory: Option<&'static [&'static str]>,
}

fn keyed(prefix: &str, r: &str, column: &str) -> String {
    format!("SELECT '{prefix}:' || {r}.{column} AS s")
}

fn fixed(scope: &str) -> String {
    format!("SELECT '{scope}' AS s")
}

/// The scopes a stock row is in (as the shop pages read stock): its pantry's stock, its delivery
/// program, or, with no program, its food bank's delivery stock.
fn stock_row(r: &str) -> Vec<String> {
    vec![
        keyed("pantry_stock", r, "pantry_location_id"),
        keyed("delivery_program", r, "delivery_program_id"),
        format!("SELECT 'food_bank:' || {r}.food_bank_id AS s WHERE {r}.delivery_program_id IS NULL"),
    ]
}

/// [`stock_row`] of the inventory rows `i` that `condition` picks.
fn stock_rows(condition: &str) -> Vec<String> {
    vec![
        format!("SELECT 'pantry_stock:' || i.pantry_location_id AS s FROM inventory_items i WHERE {condition}"),
        format!("SELECT 'delivery_program:' || i.delivery_program_id AS s FROM inventory_items i WHERE {condition}"),
        format!(
            "SELECT 'food_bank:' || i.food_bank_id AS s FROM inventory_items i \
             WHERE {condition} AND i.delivery_program_id IS NULL"
        ),
    ]
}

fn watches() -> Vec<Watch> {
    let catalog = |table| Watch { table, columns: None, scopes: |_| vec![fixed("catalog")], directory: None };
    let content = |table| Watch { table, columns: None, scopes: |_| vec![fixed("content")], directory: None };
    vec![
        Watch {
            table: "pantry_locations",
            columns: Some(PANTRY_COLUMNS),
            scopes: |r| vec![keyed("pantry", r, "id")],
            directory: Some(&["food_bank_id", "is_active", "latitude", "longitude"]),
        },
        Watch {
            table: "pickup_times",
            columns: None,
            scopes: |r| vec![keyed("pantry", r, "pantry_location_id")],
            directory: None,
        },
        Watch {
            table: "attachments",
            columns: None,
            scopes: |r| {
                vec![
                    keyed("pantry", r, "pantry_location_id"),
                    format!("SELECT 'catalog' AS s WHERE {r}.pantry_item_id IS NOT NULL"),
                ]
            },
            directory: None,
        },
        Watch {
            table: "food_banks",
            columns: None,
            scopes: |r| vec![keyed("food_bank", r, "id")],
            directory: Some(&["is_enabled", "address_id"]),
        },
        // Addresses are shoppers' too: only those of pantries and food banks bump anything.
        Watch {
            table: "addresses",
            columns: None,
            scopes: |r| {
                vec![
                    format!("SELECT 'pantry:' || p.id AS s FROM pantry_locations p WHERE p.address_id = {r}.id"),
                    format!("SELECT 'food_bank:' || f.id AS s FROM food_banks f WHERE f.address_id = {r}.id"),
                    // A food bank's office is where the food bank search measures from.
                    format!("SELECT 'directory' AS s FROM food_banks f WHERE f.address_id = {r}.id"),
                ]
            },
            directory: None,
        },
        Watch {
            table: "delivery_programs",
            columns: None,
            scopes: |r| vec![keyed("delivery_program", r, "id")],
            directory: None,
        },
        Watch {
            table: "delivery_times",
            columns: None,
            scopes: |r| vec![keyed("delivery_program", r, "delivery_program_id")],
            directory: None,
        },
        Watch { table: "inventory_items", columns: None, scopes: stock_row, directory: None },
        Watch {
            table: "inventory_item_subcategories",
            columns: None,
            scopes: |r| stock_rows(&format!("i.id = {r}.inventory_item_id")),
            directory: None,
        },
        Watch {
            table: "limits",
            columns: None,
            scopes: |r| {
                let mut v = vec![
                    keyed("pantry_stock", r, "pantry_location_id"),
                    keyed("food_bank", r, "food_bank_id"),
                    keyed("delivery_program", r, "delivery_program_id"),
                    format!("SELECT 'catalog' AS s WHERE {r}.pantry_item_id IS NOT NULL"),
                ];
                v.extend(stock_rows(&format!("i.id = {r}.inventory_item_id")));
                v
            },
            directory: None,
        },
        catalog("pantry_items"),
        catalog("subcategories"),
        catalog("unit_of_measures"),
        catalog("donation_package_types"),
        catalog("provinces"),
        catalog("counties"),
        content("info_cards"),
        content("info_card_sections"),
        content("notifications"),
    ]
}

#[derive(Clone, Copy, PartialEq)]
enum Event {
    Insert,
    Update,
    Delete,
}

/// The SELECT of every scope an event on a row of `w` bumps (duplicates and NULLs included).
fn scopes_of(w: &Watch, event: Event, backend: DbBackend) -> String {
    let mut selects = match event {
        Event::Insert => (w.scopes)("NEW"),
        Event::Delete => (w.scopes)("OLD"),
        Event::Update => [(w.scopes)("OLD"), (w.scopes)("NEW")].concat(),
    };
    if let Some(moves) = w.directory {
        if event == Event::Update {
            let differs = if backend == DbBackend::Postgres { "IS DISTINCT FROM" } else { "IS NOT" };
            let changed: Vec<String> = moves.iter().map(|c| format!("OLD.{c} {differs} NEW.{c}")).collect();
            selects.push(format!("SELECT 'directory' AS s WHERE {}", changed.join(" OR ")));
        } else {
            selects.push(fixed("directory"));
        }
    }
    selects.join(" UNION ")
}

/// Bumps the scopes `scopes` selects (column `s`, NULL for none), once each, in key order.
pub(super) fn bump(scopes: &str, backend: DbBackend) -> String {
    match backend {
        DbBackend::Postgres => format!(
            "INSERT INTO cache_scopes (scope, version, writer) \
             SELECT s, nextval('cache_scope_clock'), pg_current_xact_id() FROM ({scopes}) AS b (s) \
             WHERE s IS NOT NULL ORDER BY s \
             ON CONFLICT (scope) DO UPDATE SET version = excluded.version, writer = excluded.writer;"
        ),
        _ => format!(
            "INSERT INTO cache_scopes (scope, version) \
             SELECT s, (SELECT coalesce(max(version), 0) + 1 FROM cache_scopes) FROM ({scopes}) \
             WHERE s IS NOT NULL \
             ON CONFLICT (scope) DO UPDATE SET version = excluded.version;"
        ),
    }
}

const INDEXES: &[&str] = &[
    // The `addresses` trigger looks pantries and food banks up by address.
    "CREATE INDEX ix_pantry_locations_address_id ON pantry_locations (address_id)",
    "CREATE INDEX ix_food_banks_address_id ON food_banks (address_id)",
];

fn sqlite_up() -> Vec<String> {
    let backend = DbBackend::Sqlite;
    let mut up = vec![
        "CREATE TABLE cache_scopes (scope TEXT NOT NULL PRIMARY KEY, version BIGINT NOT NULL)".to_owned(),
        // The clock's max(version) is an index look-up.
        "CREATE INDEX ix_cache_scopes_version ON cache_scopes (version)".to_owned(),
    ];
    up.extend(INDEXES.iter().map(|s| (*s).to_owned()));
    for w in watches() {
        let t = w.table;
        let update_of = w.columns.map_or(String::new(), |c| format!(" OF {c}"));
        for (event, name, when) in [
            (Event::Insert, "insert", "INSERT".to_owned()),
            (Event::Update, "update", format!("UPDATE{update_of}")),
            (Event::Delete, "delete", "DELETE".to_owned()),
        ] {
            up.push(format!(
                "CREATE TRIGGER tr_cache_{t}_{name} AFTER {when} ON {t} BEGIN {} END",
                bump(&scopes_of(&w, event, backend), backend)
            ));
        }
    }
    up
}

fn sqlite_down() -> Vec<String> {
    let mut down = Vec::new();
    for w in watches() {
        for name in ["insert", "update", "delete"] {
            down.push(format!("DROP TRIGGER IF EXISTS tr_cache_{}_{name}", w.table));
        }
    }
    down.push("DROP INDEX IF EXISTS ix_pantry_locations_address_id".into());
    down.push("DROP INDEX IF EXISTS ix_food_banks_address_id".into());
    down.push("DROP TABLE IF EXISTS cache_scopes".into());
    down
}

fn postgres_up() -> Vec<String> {
    let backend = DbBackend::Postgres;
    let mut up = vec![
        "CREATE SEQUENCE cache_scope_clock".to_owned(),
        "CREATE TABLE cache_scopes (scope TEXT PRIMARY KEY, version BIGINT NOT NULL, writer xid8 NOT NULL)".to_owned(),
    ];
    up.extend(INDEXES.iter().map(|s| (*s).to_owned()));
    for w in watches() {
        let t = w.table;
        let update_of = w.columns.map_or(String::new(), |c| format!(" OF {c}"));
        up.push(format!(
            "CREATE FUNCTION cache_bump_{t}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             IF TG_OP = 'INSERT' THEN {} \
             ELSIF TG_OP = 'UPDATE' THEN {} \
             ELSE {} \
             END IF; RETURN NULL; END $$",
            bump(&scopes_of(&w, Event::Insert, backend), backend),
            bump(&scopes_of(&w, Event::Update, backend), backend),
            bump(&scopes_of(&w, Event::Delete, backend), backend),
        ));
        up.push(format!(
            "CREATE TRIGGER tr_cache_{t} AFTER INSERT OR UPDATE{update_of} OR DELETE ON {t} \
             FOR EACH ROW EXECUTE FUNCTION cache_bump_{t}()"
        ));
    }
    up.push(format!(
        "CREATE FUNCTION cache_bump_stock(ids bigint[]) RETURNS void LANGUAGE sql AS $$ {} $$",
        bump(&stock_rows("i.id = ANY(ids)").join(" UNION "), backend)
    ));
    up
}

fn postgres_down() -> Vec<String> {
    let mut down = vec!["DROP FUNCTION IF EXISTS cache_bump_stock(bigint[])".to_owned()];
    for w in watches() {
        down.push(format!("DROP TRIGGER IF EXISTS tr_cache_{t} ON {t}", t = w.table));
        down.push(format!("DROP FUNCTION IF EXISTS cache_bump_{}()", w.table));
    }
    down.push("DROP INDEX IF EXISTS ix_pantry_locations_address_id".into());
    down.push("DROP INDEX IF EXISTS ix_food_banks_address_id".into());
    down.push("DROP TABLE IF EXISTS cache_scopes".into());
    down.push("DROP SEQUENCE IF EXISTS cache_scope_clock".into());
    down
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => postgres_up(),
            _ => sqlite_up(),
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => postgres_down(),
            _ => sqlite_down(),
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}
