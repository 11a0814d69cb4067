//! `orderahead backup` and `orderahead restore` (issue 53 item 5): a pantry on the embedded
//! database keeps a copy it can bring back.
//!
//! A backup is one zip file: `orderahead.db`, a consistent copy of the database made by SQLite's
//! `VACUUM INTO` while the server runs (one read transaction: every order committed before it is
//! in it whole, none half), then `files/…`, the uploaded photos. Those are named by their content
//! and never change, and a photo is written before the row naming it, so each one the copy names
//! is there to take. The session-signing key is left out: a restored site asks everyone to sign
//! in again. On PostgreSQL both commands refuse and point to `pg_dump` and point-in-time recovery,
//! which a database server does better.
//!
//! A restore goes only into a data directory without a database. It checks every name in the
//! file (nothing lands outside the directory), checks the database's integrity, and migrates it,
//! so a backup of an older release comes up to date.
use crate::db::{self, SQLITE_FILE_NAME};
use anyhow::{Context as _, bail};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement};
use std::{
    fs::File,
    io::{self, BufWriter},
    path::{Path, PathBuf},
};
use zip::{CompressionMethod, ZipArchive, ZipWriter, write::SimpleFileOptions};

/// What the commands say on PostgreSQL.
pub const ON_POSTGRES: &str = "This database is PostgreSQL: back it up with pg_dump (or the server's continuous \
     archiving for point-in-time recovery) and restore with pg_restore; `orderahead backup` copies the embedded \
     SQLite database.";

/// The database's name inside a backup.
const DB_ENTRY: &str = SQLITE_FILE_NAME;
/// The folder of uploaded files inside a backup (and under the data directory).
const FILES: &str = "files";

/// What a backup holds, or a restore brought back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub database_bytes: u64,
    pub files: usize,
}

/// Backs the database `db` (SQLite) and the uploaded files under `files_dir` up to the zip file
/// `to`, written aside and renamed, so `to` is never half a backup.
pub async fn backup(db: &DatabaseConnection, files_dir: &Path, to: &Path) -> anyhow::Result<Summary> {
    if db.get_database_backend() != DbBackend::Sqlite {
        bail!(ON_POSTGRES);
    }
    let folder = to.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).with_context(|| format!("making {}", folder.display()))?;
    let snapshot = folder.join(format!(".orderahead-backup-{}.db", uuid::Uuid::new_v4()));
    let snapshot_text = snapshot.to_str().context("the backup's folder is not a UTF-8 path")?.to_owned();
    let made = db
        .execute_raw(Statement::from_sql_and_values(DbBackend::Sqlite, "VACUUM INTO ?", [snapshot_text.into()]))
        .await;
    if let Err(e) = made {
        let _ = std::fs::remove_file(&snapshot);
        return Err(e).context("copying the database");
    }
    let (files_dir, to) = (files_dir.to_path_buf(), to.to_path_buf());
    tokio::task::spawn_blocking(move || {
        let part = to.with_extension("part");
        let result = write_zip(&snapshot, &files_dir, &part).and_then(|summary| {
            std::fs::rename(&part, &to).with_context(|| format!("naming {}", to.display()))?;
            Ok(summary)
        });
        let _ = std::fs::remove_file(&snapshot);
        if result.is_err() {
            let _ = std::fs::remove_file(&part);
        }
        result
    })
    .await?
}

fn write_zip(snapshot: &Path, files_dir: &Path, part: &Path) -> anyhow::Result<Summary> {
    let mut zip = ZipWriter::new(BufWriter::new(File::create(part).with_context(|| format!("{}", part.display()))?));
    let options = SimpleFileOptions::default().compression_method(CompressionMethod::Deflated).large_file(true);
    zip.start_file(DB_ENTRY, options)?;
    let database_bytes = io::copy(&mut File::open(snapshot)?, &mut zip)?;
    let mut files = 0;
    for path in uploaded(files_dir)? {
        let name = path.strip_prefix(files_dir)?.to_str().context("a file name that is not UTF-8")?.replace('\\', "/");
        zip.start_file(format!("{FILES}/{name}"), options.compression_method(CompressionMethod::Stored))?;
        io::copy(&mut File::open(&path)?, &mut zip)?;
        files += 1;
    }
    zip.finish()?.into_inner().map_err(|e| e.into_error())?.sync_all()?;
    Ok(Summary { database_bytes, files })
}

/// The uploaded files under `dir` (none when it does not exist), in name order; a file still
/// being written (named with a leading dot, renamed when whole) is left out.
fn uploaded(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    if !dir.exists() {
        return Ok(found);
    }
    for folder in std::fs::read_dir(dir)? {
        let folder = folder?.path();
        if !folder.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&folder)? {
            let file = file?.path();
            if file.is_file() && file.file_name().and_then(|n| n.to_str()).is_some_and(is_file_name) {
                found.push(file);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// A stored upload's name: 64 hex digits, a dot, an extension of letters.
fn is_file_name(name: &str) -> bool {
    name.split_once('.').is_some_and(|(hash, ext)| {
        hash.len() == 64
            && hash.bytes().all(|b| b.is_ascii_hexdigit())
            && !ext.is_empty()
            && ext.bytes().all(|b| b.is_ascii_alphanumeric())
    })
}

/// Where an entry of a backup goes under `data_dir` and `files_dir`; None for a name no backup
/// writes (which the restore refuses).
fn target(name: &str, data_dir: &Path, files_dir: &Path) -> Option<PathBuf> {
    if name == DB_ENTRY {
        return Some(data_dir.join(SQLITE_FILE_NAME));
    }
    let rest = name.strip_prefix(FILES)?.strip_prefix('/')?;
    let (folder, file) = rest.split_once('/')?;
    let ok = folder.len() == 2 && folder.bytes().all(|b| b.is_ascii_hexdigit()) && is_file_name(file);
    ok.then(|| files_dir.join(folder).join(file))
}

/// Restores the backup `from` into `data_dir` (which must hold no database) and `files_dir`,
/// checks the database and brings it up to this release's schema.
pub async fn restore(from: &Path, data_dir: &Path, files_dir: &Path) -> anyhow::Result<Summary> {
    let database = data_dir.join(SQLITE_FILE_NAME);
    if database.exists() {
        bail!(
            "{} already holds a database: restore into an empty data directory, then point the server at it",
            data_dir.display()
        );
    }
    std::fs::create_dir_all(data_dir).with_context(|| format!("making {}", data_dir.display()))?;
    let (from, data, files) = (from.to_path_buf(), data_dir.to_path_buf(), files_dir.to_path_buf());
    let summary = tokio::task::spawn_blocking(move || unpack(&from, &data, &files)).await??;
    let conn = db::connect(&db::sqlite_url(data_dir)).await?;
    let check = conn
        .query_one_raw(Statement::from_string(DbBackend::Sqlite, "PRAGMA integrity_check"))
        .await?
        .context("the integrity check answered nothing")?;
    let verdict: String = check.try_get_by_index(0)?;
    if verdict != "ok" {
        conn.close().await?;
        let _ = std::fs::remove_file(&database);
        bail!("the backup's database is damaged: {verdict}");
    }
    db::migrate(&conn).await?;
    conn.close().await?;
    Ok(summary)
}

fn unpack(from: &Path, data_dir: &Path, files_dir: &Path) -> anyhow::Result<Summary> {
    let mut archive = ZipArchive::new(File::open(from).with_context(|| format!("opening {}", from.display()))?)
        .context("not a backup (not a zip file)")?;
    let mut places = Vec::with_capacity(archive.len());
    for i in 0..archive.len() {
        let entry = archive.by_index(i)?;
        let name = entry.name()?.into_owned();
        let place = target(&name, data_dir, files_dir).with_context(|| format!("not a backup: it holds {name:?}"))?;
        places.push(place);
    }
    let database = data_dir.join(SQLITE_FILE_NAME);
    if !places.contains(&database) {
        bail!("not a backup: it holds no database");
    }
    let mut summary = Summary { database_bytes: 0, files: 0 };
    for (i, place) in places.iter().enumerate() {
        let mut entry = archive.by_index(i)?;
        let folder = place.parent().unwrap_or(data_dir);
        std::fs::create_dir_all(folder)?;
        // Written aside and renamed, as the server writes: the database appears whole or not at all.
        let part = folder.join(format!(".restore-{}", uuid::Uuid::new_v4()));
        let mut out = BufWriter::new(File::create(&part)?);
        let bytes = io::copy(&mut entry, &mut out)?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&part, place)?;
        if *place == database {
            summary.database_bytes = bytes;
        } else {
            summary.files += 1;
        }
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_names_a_backup_writes_are_restored() {
        let (data, files) = (Path::new("/d"), Path::new("/d/files"));
        let hash = "ab".repeat(32);
        assert_eq!(target("orderahead.db", data, files), Some(PathBuf::from("/d/orderahead.db")));
        let photo = format!("files/ab/{hash}.webp");
        assert_eq!(target(&photo, data, files), Some(PathBuf::from(format!("/d/files/ab/{hash}.webp"))));
        for bad in [
            "../orderahead.db".to_owned(),
            "/etc/passwd".to_owned(),
            format!("files/../{hash}.webp"),
            format!("files/ab/../../x/{hash}.webp"),
            format!("files/ab/{hash}.webp/x"),
            "files/ab/short.webp".to_owned(),
            "token.secret".to_owned(),
            format!("files/a/{hash}.webp"),
        ] {
            assert_eq!(target(&bad, data, files), None, "{bad}");
        }
    }
}
