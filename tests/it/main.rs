//! Integration tests: one binary, so the large dependency graph links once.
mod api_openapi;
mod api_reference;
mod api_support;
mod browser;
mod js_units;
mod pages;
mod render_pool;
mod support;
