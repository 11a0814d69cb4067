//! Integration tests: one binary, so the large dependency graph links once.
mod browser;
mod js_units;
mod pages;
mod render_pool;
mod support;
