//! The one file store: uploaded photos (already re-encoded by `infra::images`), kept under the
//! SHA-256 of their bytes and served at `/files/{sha256}.{ext}`. Two backends, chosen by
//! configuration (`--file-store`, `--files-dir`): the database's `files` table (the default on
//! PostgreSQL, so every host sharing it serves every file) or a directory (the default on SQLite:
//! `<data dir>/files`; or a directory the hosts share). A name always means the same bytes, so
//! storing is idempotent and the files are cached for good.
use crate::db::repo::Store;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// `--file-store`: where uploaded files live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FileBackend {
    /// The database's `files` table.
    Database,
    /// A directory (`--files-dir`, default `<data dir>/files`).
    Directory,
}

/// The kinds of file served, by extension.
const TYPES: &[(&str, &str)] = &[("jpg", "image/jpeg"), ("png", "image/png"), ("webp", "image/webp")];

/// A stored file's name: `{sha256}.{ext}` (64 lowercase hex digits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileName {
    pub sha256: String,
    pub ext: &'static str,
}

impl FileName {
    /// The name of these bytes as a file of type `ext`.
    pub fn of(bytes: &[u8], ext: &'static str) -> Self {
        let digest = Sha256::digest(bytes);
        Self { sha256: digest.iter().map(|b| format!("{b:02x}")).collect(), ext }
    }

    /// `{sha256}.{ext}` as a URL names it; None for anything else.
    pub fn parse(text: &str) -> Option<Self> {
        let (sha256, ext) = text.split_once('.')?;
        let ext = TYPES.iter().find(|(e, _)| *e == ext)?.0;
        let hex = sha256.len() == 64 && sha256.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        hex.then(|| Self { sha256: sha256.to_owned(), ext })
    }

    pub fn content_type(&self) -> &'static str {
        TYPES.iter().find(|(e, _)| *e == self.ext).map_or("application/octet-stream", |t| t.1)
    }

    /// The URL path it is served at.
    pub fn url_path(&self) -> String {
        format!("/files/{}.{}", self.sha256, self.ext)
    }

    /// The path in a directory store: a folder per first two digits keeps folders small.
    fn in_dir(&self, dir: &Path) -> PathBuf {
        dir.join(&self.sha256[..2]).join(format!("{}.{}", self.sha256, self.ext))
    }
}

#[derive(Clone)]
enum Backend {
    Database(Store),
    Directory(PathBuf),
}

/// Where files are kept (cheap to clone).
#[derive(Clone)]
pub struct FileStore(Backend);

impl FileStore {
    pub fn database(store: Store) -> Self {
        Self(Backend::Database(store))
    }

    pub fn directory(dir: PathBuf) -> Self {
        Self(Backend::Directory(dir))
    }

    /// The configured store: `backend` if given, else the database on PostgreSQL and the
    /// directory on SQLite; the directory is `dir` if given, else `<data_dir>/files`.
    pub fn configured(backend: Option<FileBackend>, dir: Option<&Path>, data_dir: &Path, store: &Store) -> Self {
        let dir = || dir.map_or_else(|| data_dir.join("files"), Path::to_path_buf);
        match backend {
            Some(FileBackend::Database) => Self::database(store.clone()),
            Some(FileBackend::Directory) => Self::directory(dir()),
            None if store.is_shared() => Self::database(store.clone()),
            None => Self::directory(dir()),
        }
    }

    pub fn backend(&self) -> FileBackend {
        match self.0 {
            Backend::Database(_) => FileBackend::Database,
            Backend::Directory(_) => FileBackend::Directory,
        }
    }

    /// Keeps `bytes` as a file of type `ext` and gives its name.
    pub async fn put(&self, bytes: Vec<u8>, ext: &'static str, now: DateTime<Utc>) -> anyhow::Result<FileName> {
        let name = FileName::of(&bytes, ext);
        match &self.0 {
            Backend::Database(store) => store.put_file(&name.sha256, name.content_type(), bytes, now).await?,
            Backend::Directory(dir) => {
                let path = name.in_dir(dir);
                if tokio::fs::try_exists(&path).await? {
                    return Ok(name);
                }
                let folder = path.parent().unwrap_or(dir);
                tokio::fs::create_dir_all(folder).await?;
                // Written aside, then renamed: a reader never sees half a file, and two hosts
                // writing the same name write the same bytes.
                let part = folder.join(format!(".{}.{}", uuid::Uuid::new_v4(), name.ext));
                tokio::fs::write(&part, &bytes).await?;
                tokio::fs::rename(&part, &path).await?;
            }
        }
        Ok(name)
    }

    /// The bytes of the file of that name, if it is kept here.
    pub async fn get(&self, name: &FileName) -> anyhow::Result<Option<Vec<u8>>> {
        match &self.0 {
            Backend::Database(store) => Ok(store
                .file(&name.sha256)
                .await?
                .filter(|(content_type, _)| content_type == name.content_type())
                .map(|(_, bytes)| bytes)),
            Backend::Directory(dir) => match tokio::fs::read(name.in_dir(dir)).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e.into()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_sha256_of_the_bytes_and_nothing_else_parses() {
        let name = FileName::of(b"abc", "jpg");
        assert_eq!(name.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(FileName::parse(&name.url_path()["/files/".len()..]), Some(name.clone()));
        assert_eq!(name.content_type(), "image/jpeg");
        for bad in
            ["x.jpg", "../etc/passwd", &format!("{}.gif", name.sha256), &format!("{}.jpg", name.sha256.to_uppercase())]
        {
            assert_eq!(FileName::parse(bad), None, "{bad}");
        }
    }
}
