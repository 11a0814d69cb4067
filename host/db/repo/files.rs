//! `files`: the database backend of the file store (`infra::files`).
use super::{Store, StoreResult};
use crate::db::entity::file;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait, QuerySelect};

impl<C: ConnectionTrait> Store<C> {
    /// Keeps `bytes` under `sha256`; the same content stored again is the row already there.
    pub async fn put_file(
        &self,
        sha256: &str,
        content_type: &str,
        bytes: Vec<u8>,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let row = file::ActiveModel {
            sha256: Set(sha256.to_owned()),
            content_type: Set(content_type.to_owned()),
            size: Set(i32::try_from(bytes.len()).unwrap_or(i32::MAX)),
            bytes: Set(bytes),
            created_at: Set(now),
        };
        file::Entity::insert(row).on_conflict_do_nothing().exec_without_returning(&self.db).await?;
        Ok(())
    }

    /// The file's content type and bytes.
    pub async fn file(&self, sha256: &str) -> StoreResult<Option<(String, Vec<u8>)>> {
        Ok(file::Entity::find_by_id(sha256.to_owned())
            .select_only()
            .columns([file::Column::ContentType, file::Column::Bytes])
            .into_tuple()
            .one(&self.db)
            .await?)
    }
}
