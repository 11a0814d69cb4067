//! Weekly hours are published data now (issue 54: the HSDS export carries them as recurrences), so
//! a write to a pantry's `schedules` bumps a scope of its own, `pantry_hours:<id>`, and a write to a
//! program's `delivery_schedules` `program_hours:<id>`. Only the pickup times and windows an edit
//! made bumped anything before, and an edit that made or removed none (a weekday beyond a short
//! horizon, a row whose times all have orders) would leave the export's hours outdated. Scopes of
//! their own, not the pantry's: the pages show the times, not the rows, and stay cached until the
//! times change.
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (table, scope prefix, owner column)
const WATCHED: &[(&str, &str, &str)] = &[
    ("schedules", "pantry_hours", "pantry_location_id"),
    ("delivery_schedules", "program_hours", "delivery_program_id"),
];

fn scope(prefix: &str, column: &str, r: &str) -> String {
    format!("SELECT '{prefix}:' || {r}.{column} AS s")
}

fn up_statements(backend: DbBackend) -> Vec<String> {
    let mut up = Vec::new();
    for (table, prefix, column) in WATCHED {
        let both = format!("{} UNION {}", scope(prefix, column, "OLD"), scope(prefix, column, "NEW"));
        match backend {
            DbBackend::Postgres => {
                up.push(format!(
                    "CREATE FUNCTION cache_bump_{table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                     IF TG_OP = 'INSERT' THEN {} ELSIF TG_OP = 'UPDATE' THEN {} ELSE {} END IF; \
                     RETURN NULL; END $$",
                    bump(&scope(prefix, column, "NEW"), backend),
                    bump(&both, backend),
                    bump(&scope(prefix, column, "OLD"), backend),
                ));
                up.push(format!(
                    "CREATE TRIGGER tr_cache_{table} AFTER INSERT OR UPDATE OR DELETE ON {table} \
                     FOR EACH ROW EXECUTE FUNCTION cache_bump_{table}()"
                ));
            }
            _ => {
                for (name, event, scopes) in [
                    ("insert", "INSERT", scope(prefix, column, "NEW")),
                    ("update", "UPDATE", both.clone()),
                    ("delete", "DELETE", scope(prefix, column, "OLD")),
                ] {
                    up.push(format!(
                        "CREATE TRIGGER tr_cache_{table}_{name} AFTER {event} ON {table} BEGIN {} END",
                        bump(&scopes, backend)
                    ));
                }
            }
        }
    }
    up
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        for sql in up_statements(backend) {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let conn = manager.get_connection();
        for (table, _, _) in WATCHED {
            if manager.get_database_backend() == DbBackend::Postgres {
                conn.execute_unprepared(&format!("DROP TRIGGER tr_cache_{table} ON {table}")).await?;
                conn.execute_unprepared(&format!("DROP FUNCTION cache_bump_{table}()")).await?;
            } else {
                for name in ["insert", "update", "delete"] {
                    conn.execute_unprepared(&format!("DROP TRIGGER tr_cache_{table}_{name}")).await?;
                }
            }
        }
        Ok(())
    }
}
