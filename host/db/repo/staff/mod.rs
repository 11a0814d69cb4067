//! The staff wing of the repository: grants, and the reads and writes each part of the console
//! is made of.
pub mod codes;
pub mod console;
pub mod content;
pub mod find;
pub mod grants;
pub mod items;
pub mod orders;
pub mod pantries;
pub mod team;
