//! Files the server makes hold secrets (the token key, every account in the
//! database, reset links in the outbox): only the server's own user may read them,
//! whatever the umask.
use std::{
    fs::{self, OpenOptions, Permissions},
    io::{self, Write},
    os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt},
    path::Path,
};

const DIR_MODE: u32 = 0o700;
const FILE_MODE: u32 = 0o600;

/// Creates `dir` (and missing parents) as 0700; an existing `dir` is narrowed to 0700.
pub fn private_dir(dir: &Path) -> io::Result<()> {
    fs::DirBuilder::new().recursive(true).mode(DIR_MODE).create(dir)?;
    fs::set_permissions(dir, Permissions::from_mode(DIR_MODE))
}

/// Writes `bytes` to a new or truncated 0600 file.
pub fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).create(true).truncate(true).mode(FILE_MODE).open(path)?;
    // An existing file keeps its mode on open; narrow it before the secret goes in.
    file.set_permissions(Permissions::from_mode(FILE_MODE))?;
    file.write_all(bytes)
}

/// Creates `path` empty as 0600 when missing, or narrows it to 0600. SQLite gives its
/// -wal and -shm files the mode of the database file, so this covers them too.
pub fn private_file(path: &Path) -> io::Result<()> {
    let file = OpenOptions::new().append(true).create(true).mode(FILE_MODE).open(path)?;
    file.set_permissions(Permissions::from_mode(FILE_MODE))
}

/// Narrows `path` to 0600 when it exists.
pub fn restrict_if_present(path: &Path) -> io::Result<()> {
    match fs::set_permissions(path, Permissions::from_mode(FILE_MODE)) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(p: &Path) -> u32 {
        fs::metadata(p).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn made_and_existing_files_are_private() {
        let root = std::env::temp_dir().join(format!("orderahead-private-{}", uuid::Uuid::new_v4()));
        let dir = root.join("data");
        private_dir(&dir).unwrap();
        assert_eq!(mode(&dir), 0o700);
        let secret = dir.join("secret");
        fs::write(&secret, b"old").unwrap();
        fs::set_permissions(&secret, Permissions::from_mode(0o644)).unwrap();
        write_private(&secret, b"new").unwrap();
        assert_eq!((mode(&secret), fs::read(&secret).unwrap()), (0o600, b"new".to_vec()));
        let db = dir.join("x.db");
        private_file(&db).unwrap();
        assert_eq!(mode(&db), 0o600);
        restrict_if_present(&dir.join("absent")).unwrap();
        fs::remove_dir_all(root).unwrap();
    }
}
