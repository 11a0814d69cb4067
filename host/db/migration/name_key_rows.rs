//! Writing the intake search's name keys for households that have none, a page at a time: as
//! migration 44 made them (`with_names` false: the key columns only), and as they are since
//! migration 48 (each row with its household's folded names). The demo seed and the benchmarks'
//! bulk households call it too, after making their households.
use crate::domain::households::{name_keys, stored_key};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

pub(crate) async fn back_fill<C: ConnectionTrait>(db: &C, with_names: bool) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let mark = |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() };
    let columns: &[&str] = if with_names {
        &["food_bank_id", "typo", "key", "household_id", "first_key", "last_key"]
    } else {
        &["food_bank_id", "typo", "key", "household_id"]
    };
    let width = columns.len();
    let mut after = 0_i64;
    loop {
        let rows = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                format!(
                    "SELECT h.id, h.food_bank_id, h.first_name, h.last_name FROM households h WHERE h.id > {} \
                     AND h.merged_into IS NULL \
                     AND NOT EXISTS (SELECT 1 FROM household_name_keys k WHERE k.household_id = h.id) \
                     ORDER BY h.id LIMIT 200",
                    mark(1)
                ),
                [after.into()],
            ))
            .await?;
        let Some(last) = rows.last() else { return Ok(()) };
        after = last.try_get("", "id")?;
        let mut values: Vec<sea_orm::Value> = Vec::new();
        for row in &rows {
            let (id, food_bank_id): (i64, i64) = (row.try_get("", "id")?, row.try_get("", "food_bank_id")?);
            let (first, last): (String, String) = (row.try_get("", "first_name")?, row.try_get("", "last_name")?);
            for (typo, key) in name_keys(&first, &last) {
                values.extend([food_bank_id.into(), typo.into(), key.into(), id.into()]);
                if with_names {
                    values.extend([stored_key(&first).into(), stored_key(&last).into()]);
                }
            }
        }
        // At most 4,200 parameters a statement: well under either database's limit.
        for chunk in values.chunks(700 * width) {
            let rows: Vec<String> = (0..chunk.len() / width)
                .map(|r| format!("({})", (1..=width).map(|c| mark(width * r + c)).collect::<Vec<_>>().join(", ")))
                .collect();
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                format!("INSERT INTO household_name_keys ({}) VALUES {}", columns.join(", "), rows.join(", ")),
                chunk.to_vec(),
            ))
            .await?;
        }
    }
}
